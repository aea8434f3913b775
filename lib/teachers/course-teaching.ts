import "server-only";

import { and, asc, eq, inArray, notExists, sql } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import type { CourseCategory } from "@/lib/platform/constants";
import { getDb } from "@/lib/platform/db/client";
import { courses, courseTeachers, sections } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { z } from "@/lib/platform/zod";

/**
 * Issue 38: a catalogue course is taught by any number of teachers. A teacher adds the catalogue
 * courses they teach here (then makes sections of them, lib/scheduling/section-admin.ts), and stops
 * teaching one once they have no section of it that is not closed.
 */
export const COURSE_TEACHING_MESSAGES = {
  unknownCourse: "Choose a course from the catalogue.",
  stillRunning: "You still have sections of this course: close them first.",
  notTaught: "You do not teach this course.",
} as const;

const courseChoiceSchema = z.object({
  courseId: z.coerce
    .number({ error: COURSE_TEACHING_MESSAGES.unknownCourse })
    .int(COURSE_TEACHING_MESSAGES.unknownCourse)
    .positive(COURSE_TEACHING_MESSAGES.unknownCourse),
});

export interface CatalogueChoice {
  id: number;
  title: string;
  category: CourseCategory;
  gradeMin: number;
  gradeMax: number;
  /** How many teachers teach it already. */
  teachers: number;
}

/** Published catalogue courses the teacher does not teach yet, by title, with how many others teach each. */
export async function listCoursesToTeach(actor: Actor | null): Promise<CatalogueChoice[]> {
  authorize(actor, "availability.manage");
  const db = await getDb();
  return db
    .select({
      id: courses.id,
      title: courses.title,
      category: courses.category,
      gradeMin: courses.gradeMin,
      gradeMax: courses.gradeMax,
      teachers: sql<number>`(select count(*)::int from ${courseTeachers} where ${courseTeachers.courseId} = ${courses.id})`,
    })
    .from(courses)
    .where(
      and(
        eq(courses.isPublished, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(courseTeachers)
            .where(and(eq(courseTeachers.courseId, courses.id), eq(courseTeachers.teacherId, actor.id))),
        ),
      ),
    )
    .orderBy(asc(courses.title));
}

/** The teacher teaches this published catalogue course from now on (adding it twice is harmless). Answers its title. */
export async function teachCourse(actor: Actor | null, input: unknown): Promise<string> {
  authorize(actor, "availability.manage");
  const { courseId } = parseInput(courseChoiceSchema, input);
  const db = await getDb();
  const [course] = await db
    .select({ title: courses.title })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.isPublished, true)));
  if (!course) {
    throw new AppError("not-found", COURSE_TEACHING_MESSAGES.unknownCourse, {
      fieldErrors: { courseId: COURSE_TEACHING_MESSAGES.unknownCourse },
    });
  }
  await db.insert(courseTeachers).values({ courseId, teacherId: actor.id }).onConflictDoNothing();
  return course.title;
}

/** The teacher stops teaching a course; refused while they have a section of it that is not closed (its families are theirs). */
export async function stopTeachingCourse(actor: Actor | null, input: unknown): Promise<void> {
  authorize(actor, "availability.manage");
  const { courseId } = parseInput(courseChoiceSchema, input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [running] = await tx
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.courseId, courseId), eq(sections.teacherId, actor.id), inArray(sections.status, ["draft", "open", "full"])))
      .limit(1);
    if (running) throw new AppError("conflict", COURSE_TEACHING_MESSAGES.stillRunning);
    const removed = await tx
      .delete(courseTeachers)
      .where(and(eq(courseTeachers.courseId, courseId), eq(courseTeachers.teacherId, actor.id)))
      .returning({ id: courseTeachers.courseId });
    if (removed.length === 0) throw new AppError("not-found", COURSE_TEACHING_MESSAGES.notTaught);
  });
}
