import "server-only";

import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { courses } from "@/lib/platform/db/schema/index";

export const DEMO_TEACHER_COURSE_COUNT = 3;

/**
 * Gives the demo teacher technical courses nobody teaches yet, up to three, so the teacher's
 * dashboard has something to show on a fresh start. Safe to run at every start: a teacher who
 * already has three keeps them, and a course with a teacher is never taken over.
 */
export async function assignDemoTeacherCourses(teacherId: number): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [owned] = await tx.select({ n: count() }).from(courses).where(eq(courses.teacherId, teacherId));
    const missing = DEMO_TEACHER_COURSE_COUNT - (owned?.n ?? 0);
    if (missing <= 0) return 0;
    const free = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.category, "technical"), isNull(courses.teacherId)))
      .orderBy(asc(courses.id))
      .limit(missing);
    if (free.length === 0) return 0;
    const assigned = await tx
      .update(courses)
      .set({ teacherId, updatedAt: new Date() })
      .where(
        and(
          inArray(
            courses.id,
            free.map((c) => c.id),
          ),
          isNull(courses.teacherId),
        ),
      )
      .returning({ id: courses.id });
    return assigned.length;
  });
}
