import { z } from "@/lib/platform/zod";

import { COURSE_CATEGORIES } from "@/lib/platform/constants";

export const COURSE_MESSAGES = {
  slugRequired: "Slug is required.",
  slugFormat: "Use lowercase letters, digits and single hyphens, like 'python-for-young-coders'.",
  slugTaken: "Another course already uses this slug.",
  titleRequired: "Title is required.",
  categoryRequired: "Please choose one of the five categories.",
  descriptionRequired: "Description is required.",
  gradeInvalid: "Choose a grade from 1 to 12.",
  gradeRange: "The highest grade must be at least the lowest grade.",
  unknownCourse: "That course no longer exists.",
} as const;

export const COURSE_LIMITS = { slug: 80, title: 120, description: 2000 } as const;

const grade = z
  .union([z.number(), z.string()])
  .transform((v) => (v === "" ? Number.NaN : Number(v)))
  .pipe(
    z
      .number({ error: COURSE_MESSAGES.gradeInvalid })
      .int(COURSE_MESSAGES.gradeInvalid)
      .min(1, COURSE_MESSAGES.gradeInvalid)
      .max(12, COURSE_MESSAGES.gradeInvalid),
  );

/**
 * A catalogue course as the admin creates or edits it (issue 4), written once for the form's
 * resolver and for lib/courses/admin.ts. The database checks the grade range too.
 */
export const courseSchema = z
  .object({
    slug: z
      .string({ error: COURSE_MESSAGES.slugRequired })
      .trim()
      .toLowerCase()
      .min(1, COURSE_MESSAGES.slugRequired)
      .max(COURSE_LIMITS.slug, `Slug must be at most ${COURSE_LIMITS.slug} characters.`)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, COURSE_MESSAGES.slugFormat),
    title: z
      .string({ error: COURSE_MESSAGES.titleRequired })
      .trim()
      .min(1, COURSE_MESSAGES.titleRequired)
      .max(COURSE_LIMITS.title, `Title must be at most ${COURSE_LIMITS.title} characters.`),
    category: z.enum(COURSE_CATEGORIES, { error: COURSE_MESSAGES.categoryRequired }),
    description: z
      .string({ error: COURSE_MESSAGES.descriptionRequired })
      .trim()
      .min(1, COURSE_MESSAGES.descriptionRequired)
      .max(COURSE_LIMITS.description, `Description must be at most ${COURSE_LIMITS.description} characters.`),
    gradeMin: grade,
    gradeMax: grade,
    isFeatured: z.boolean(),
    isPublished: z.boolean(),
  })
  .refine((v) => v.gradeMin <= v.gradeMax, { path: ["gradeMax"], message: COURSE_MESSAGES.gradeRange });

/** What the form holds (selects give strings). */
export type CourseFormValues = z.input<typeof courseSchema>;
export type CourseInput = z.output<typeof courseSchema>;

export const courseIdSchema = z.coerce
  .number({ error: COURSE_MESSAGES.unknownCourse })
  .int(COURSE_MESSAGES.unknownCourse)
  .positive(COURSE_MESSAGES.unknownCourse);

/** The catalogue list's publish toggle (FormData sends "true" / "false"). */
export const coursePublishSchema = z.object({
  id: courseIdSchema,
  published: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
});
