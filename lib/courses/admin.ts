import "server-only";

import { asc, eq, sql } from "drizzle-orm";
import { ZodError } from "zod";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import type { CourseCategory } from "@/lib/platform/constants";
import { courseChanged } from "@/lib/courses/events";
import { COURSE_MESSAGES, courseIdSchema, coursePublishSchema, courseSchema, type CourseInput } from "@/lib/courses/schema";
import { getDb, type Transaction } from "@/lib/platform/db/client";
import { courses, courseTeachers, teacherProfiles, users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";

/** A course as the admin's catalogue list shows it (published or not). */
export interface AdminCourseRow {
  id: number;
  slug: string;
  title: string;
  category: CourseCategory;
  gradeMin: number;
  gradeMax: number;
  isFeatured: boolean;
  isPublished: boolean;
  /** Everyone who teaches it (issue 38: any number of teachers), by name; empty when nobody does yet. */
  teacherNames: string[];
}

/** What a change touched, so the caller can refresh the pages that show it. */
export interface CourseChange {
  id: number;
  slug: string;
  category: CourseCategory;
}

const editable = {
  slug: courses.slug,
  title: courses.title,
  category: courses.category,
  description: courses.description,
  gradeMin: courses.gradeMin,
  gradeMax: courses.gradeMax,
  isFeatured: courses.isFeatured,
  isPublished: courses.isPublished,
};

/** Every course, by category then title. */
export async function listCoursesForAdmin(actor: Actor | null | undefined): Promise<AdminCourseRow[]> {
  authorize(actor, "courses.manage");
  const db = await getDb();
  return db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      category: courses.category,
      gradeMin: courses.gradeMin,
      gradeMax: courses.gradeMax,
      isFeatured: courses.isFeatured,
      isPublished: courses.isPublished,
      teacherNames: sql<string[]>`coalesce(array(
        select coalesce(${teacherProfiles.publicName}, ${users.displayName}, ${users.email})
        from ${courseTeachers} join ${users} on ${users.id} = ${courseTeachers.teacherId}
        left join ${teacherProfiles} on ${teacherProfiles.userId} = ${courseTeachers.teacherId}
        where ${courseTeachers.courseId} = ${courses.id} order by 1), '{}')`,
    })
    .from(courses)
    .orderBy(asc(courses.category), asc(courses.title));
}

/** A course's editable fields, or null. */
export async function getCourseForEdit(actor: Actor | null | undefined, id: number): Promise<(CourseInput & { id: number }) | null> {
  authorize(actor, "courses.manage");
  const db = await getDb();
  const [row] = await db
    .select({ ...editable, id: courses.id })
    .from(courses)
    .where(eq(courses.id, id));
  return row ?? null;
}

function fieldError(field: keyof CourseInput, message: string, input: unknown): ZodError {
  return new ZodError([{ code: "custom", path: [field], message, input }]);
}

/** A duplicate slug is the form's field message, not a 500 (the unique index decides races). */
function isSlugTaken(error: unknown): boolean {
  const causes = [error, (error as { cause?: unknown } | null)?.cause];
  return causes.some(
    (e) =>
      typeof e === "object" &&
      e !== null &&
      (e as { code?: unknown }).code === "23505" &&
      String((e as { constraint?: unknown }).constraint ?? (e as Error).message).includes("courses_slug_key"),
  );
}

async function writing<T>(work: (tx: Transaction) => Promise<T>, slug: string): Promise<T> {
  const db = await getDb();
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isSlugTaken(error)) throw fieldError("slug", COURSE_MESSAGES.slugTaken, slug);
    throw error;
  }
}

export async function createCourse(actor: Actor | null | undefined, input: unknown): Promise<CourseChange> {
  const course = courseSchema.parse(input);
  authorize(actor, "courses.manage");
  return writing(async (tx) => {
    const [row] = await tx.insert(courses).values(course).returning({ id: courses.id, slug: courses.slug, category: courses.category });
    if (!row) throw new Error("insert returned no row");
    await recordAudit(tx, actor, { action: "course.create", targetType: "course", targetId: row.id, details: { ...course } });
    await emit(tx, courseChanged, { courseId: row.id });
    return row;
  }, course.slug);
}

export async function updateCourse(actor: Actor | null | undefined, courseId: number, input: unknown): Promise<CourseChange> {
  const id = courseIdSchema.parse(courseId);
  const course = courseSchema.parse(input);
  authorize(actor, "courses.manage");
  return writing(async (tx) => {
    const [before] = await tx.select(editable).from(courses).where(eq(courses.id, id)).for("update");
    if (!before) throw new AppError("not-found", COURSE_MESSAGES.unknownCourse);
    await tx
      .update(courses)
      .set({ ...course, updatedAt: new Date() })
      .where(eq(courses.id, id));
    const changes = Object.fromEntries(
      (Object.keys(course) as Array<keyof CourseInput>)
        .filter((key) => before[key] !== course[key])
        .map((key) => [key, { from: before[key], to: course[key] }]),
    );
    await recordAudit(tx, actor, { action: "course.update", targetType: "course", targetId: id, details: { slug: course.slug, changes } });
    await emit(tx, courseChanged, { courseId: id });
    return { id, slug: course.slug, category: course.category };
  }, course.slug);
}

export async function setCoursePublished(actor: Actor | null | undefined, id: number, published: boolean): Promise<CourseChange> {
  const input = coursePublishSchema.parse({ id, published });
  authorize(actor, "courses.manage");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(courses)
      .set({ isPublished: input.published, updatedAt: new Date() })
      .where(eq(courses.id, input.id))
      .returning({ id: courses.id, slug: courses.slug, category: courses.category });
    if (!row) throw new AppError("not-found", COURSE_MESSAGES.unknownCourse);
    await recordAudit(tx, actor, {
      action: "course.publish",
      targetType: "course",
      targetId: row.id,
      details: { slug: row.slug, published: input.published },
    });
    await emit(tx, courseChanged, { courseId: row.id });
    return row;
  });
}
