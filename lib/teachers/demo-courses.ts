import "server-only";

import { asc, count, eq } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { courses, courseTeachers } from "@/lib/platform/db/schema/index";

export const DEMO_TEACHER_COURSE_COUNT = 3;

/**
 * Makes the demo teacher a teacher of the first technical courses, up to three, so the teacher's
 * dashboard has something to show on a fresh start. Safe to run at every start: a teacher who
 * already teaches three keeps them. Other teachers may teach the same courses (issue 38).
 */
export async function assignDemoTeacherCourses(teacherId: number): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [owned] = await tx.select({ n: count() }).from(courseTeachers).where(eq(courseTeachers.teacherId, teacherId));
    const missing = DEMO_TEACHER_COURSE_COUNT - (owned?.n ?? 0);
    if (missing <= 0) return 0;
    const candidates = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.category, "technical"))
      .orderBy(asc(courses.id))
      .limit(DEMO_TEACHER_COURSE_COUNT);
    const added = await tx
      .insert(courseTeachers)
      .values(candidates.map((c) => ({ courseId: c.id, teacherId })))
      .onConflictDoNothing()
      .returning({ id: courseTeachers.courseId });
    return added.length;
  });
}
