import { z } from "@/lib/zod";

/**
 * The demo request payload of SPEC.md sections 3 and 7 (name, userEmail, number,
 * course, text, type), written once and used by the forms (react-hook-form
 * resolver) and by POST /api/book-free-demo.
 */
export const CLASS_TYPES = ["1 on 1 classes", "Group Classes", "Any of them"] as const;
export type ClassType = (typeof CLASS_TYPES)[number];

/** The course select's "not sure yet" option: a catalogue outage never blocks a lead. */
export const COURSE_NOT_SURE = "not-sure";

export const DEMO_MESSAGES = {
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address",
  courseRequired: "Course is required.",
  gradeRequired: "Please choose a grade.",
  phoneInvalid: "Please enter a valid phone number.",
  typeInvalid: "Please choose a class type.",
} as const;

/** Empty form fields arrive as "" (or null from other clients); both mean "not given". */
const optionalText = (max: number, label: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v.trim() === "" ? undefined : v.trim()))
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`).optional());

export const demoRequestSchema = z.object({
  name: optionalText(100, "Name"),
  userEmail: z
    .string({ error: DEMO_MESSAGES.emailRequired })
    .trim()
    .min(1, DEMO_MESSAGES.emailRequired)
    .max(254, DEMO_MESSAGES.emailInvalid)
    .pipe(z.email(DEMO_MESSAGES.emailInvalid)),
  number: optionalText(30, "Phone number").refine(
    (v) => v === undefined || /^\+?[0-9 ().-]{6,29}$/.test(v),
    DEMO_MESSAGES.phoneInvalid,
  ),
  // SPEC 5: registered as required with this message, whatever the label says.
  course: z.string({ error: DEMO_MESSAGES.courseRequired }).trim().min(1, DEMO_MESSAGES.courseRequired).max(100),
  text: optionalText(2000, "Message"),
  // SPEC 5: the radios have no default, so no choice is a valid answer.
  type: z
    .union([z.enum(CLASS_TYPES, { error: DEMO_MESSAGES.typeInvalid }), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v ? v : undefined)),
  grade: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v === "" ? undefined : Number(v)))
    .pipe(z.number().int(DEMO_MESSAGES.gradeRequired).min(1, DEMO_MESSAGES.gradeRequired).max(12, DEMO_MESSAGES.gradeRequired).optional()),
  /** The path of the page the form was on, for the support team. */
  sourcePage: optionalText(200, "Source page").refine((v) => v === undefined || v.startsWith("/"), "Source page must be a path."),
});

/** What a form holds before parsing (strings everywhere). */
export type DemoRequestFormValues = z.input<typeof demoRequestSchema>;
export type DemoRequestInput = z.output<typeof demoRequestSchema>;

/** The booking page without a grade in its URL asks for one. */
export const demoRequestWithGradeSchema = demoRequestSchema.refine((v) => v.grade !== undefined, {
  path: ["grade"],
  message: DEMO_MESSAGES.gradeRequired,
});

/** An Idempotency-Key header: the form sends one per submission, kept across retries. */
export const idempotencyKeySchema = z.string().trim().min(8).max(128).regex(/^[A-Za-z0-9._:-]+$/);
