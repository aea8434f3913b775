import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import type { Database } from "@/lib/platform/db/client";
import { courses, courseTeachers, demoRequests, sections, teacherAvailability, teacherProfiles, users } from "@/lib/platform/db/schema";
import type { SectionInput } from "@/lib/scheduling/schema";
import { sectionFormValues } from "@/lib/scheduling/section-form";

/** Rows for the scheduling tests: an approved teacher with weekly hours, a course, a parent, a demo request. */
export async function newTeacher(
  db: Database,
  timezone: string,
  hours: Array<[weekday: number, start: number, end: number]>,
  approved = true,
) {
  const [user] = await db
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email: `t-${randomUUID().slice(0, 8)}@example.com`, role: "teacher" })
    .returning({ id: users.id });
  const teacherId = user!.id;
  await db.insert(teacherProfiles).values({ userId: teacherId, publicName: "Teacher", timezone, approvedAt: approved ? new Date() : null });
  if (hours.length > 0) {
    await db
      .insert(teacherAvailability)
      .values(hours.map(([weekday, startMinute, endMinute]) => ({ teacherId, weekday, startMinute, endMinute })));
  }
  return teacherId;
}

export const EVERY_DAY = (start: number, end: number): Array<[number, number, number]> => [1, 2, 3, 4, 5, 6, 7].map((d) => [d, start, end]);

export async function newCourse(db: Database, teacherId: number | null) {
  const [row] = await db
    .insert(courses)
    .values({
      slug: `s-${randomUUID().slice(0, 8)}`,
      title: "Test course",
      category: "academic",
      description: "A test.",
      gradeMin: 1,
      gradeMax: 12,
    })
    .returning({ id: courses.id });
  // Issue 38: a course has any number of teachers (course_teachers).
  if (teacherId !== null) await db.insert(courseTeachers).values({ courseId: row!.id, teacherId });
  return row!.id;
}

/** Makes the teacher a teacher of the seeded Scratch Game Design (issue 38: course_teachers), as the demo teacher is. */
export async function teachScratch(db: Database, teacherId: number): Promise<{ id: number; title: string }> {
  const [course] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.slug, "scratch-game-design"));
  await db.insert(courseTeachers).values({ courseId: course!.id, teacherId }).onConflictDoNothing();
  return course!;
}

export async function newParent(db: Database) {
  const [row] = await db
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email: `p-${randomUUID().slice(0, 8)}@example.com`, timezone: "America/Los_Angeles" })
    .returning({ id: users.id });
  return row!.id;
}

export async function newDemoRequest(db: Database, courseId: number | null) {
  const [row] = await db
    .insert(demoRequests)
    .values({ userEmail: "family@example.com", course: String(courseId), courseId, grade: 4, name: "Parent" })
    .returning({ id: demoRequests.id });
  return row!.id;
}

/** The section editor's input for a section as stored, with `changes` (another status, another time). */
export async function storedSectionInput(db: Database, sectionId: number, changes: Partial<SectionInput> = {}): Promise<SectionInput> {
  const [row] = await db.select().from(sections).where(eq(sections.id, sectionId));
  if (!row) throw new Error(`no section ${sectionId}`);
  const values = sectionFormValues(row);
  return {
    courseId: row.courseId,
    teacherId: row.teacherId,
    classType: row.classType,
    capacity: row.capacity,
    priceMinor: row.priceMinor,
    currency: row.currency,
    startsOn: row.startsOn,
    weekdays: values.weekdays,
    startTime: values.startTime,
    timezone: row.timezone,
    durationMinutes: row.durationMinutes,
    status: row.status,
    ...changes,
  };
}
