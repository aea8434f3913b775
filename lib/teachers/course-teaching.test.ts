import { eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { sessionShares } from "@/lib/commerce/earnings/attribution";
import { teacherStatement } from "@/lib/commerce/earnings/statements";
import type { Actor } from "@/lib/platform/auth/permissions";
import { bookings, courses, courseTeachers, sections, teacherProfiles, users } from "@/lib/platform/db/schema";
import { findCoursePage } from "@/lib/scheduling/course-page";
import { createSectionAs, SECTION_ACCESS_MESSAGES } from "@/lib/scheduling/section-admin";
import { newFamily } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { COURSE_TEACHING_MESSAGES, listCoursesToTeach, stopTeachingCourse, teachCourse } from "./course-teaching";
import { listTeacherCourses } from "./courses";

/**
 * Issue 38, "many teachers per course": a catalogue course is taught by any number of teachers, each
 * adding it themselves and running their own sections; the course page lists all of them, each is
 * bookable, and each teacher's earnings are their own seats only.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
const db = () => database.db;

const at = (iso: string) => new Date(iso);
const BEFORE = at("2027-02-20T12:00:00Z");

async function teacherActor(name: string): Promise<Actor> {
  const id = await newTeacher(db(), "America/New_York", EVERY_DAY(8 * 60, 22 * 60));
  await db().update(teacherProfiles).set({ publicName: name }).where(eq(teacherProfiles.userId, id));
  const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, id));
  return { id, email: row!.email, role: "teacher" };
}

/** Wednesdays at 17:00 New York, 3 March to 14 April 2027 (7 sessions), at the teacher's own price. */
const sectionOf = (courseId: number, teacher: Actor, priceMinor: number) => ({
  courseId,
  teacherId: teacher.id,
  classType: "group" as const,
  capacity: 6,
  priceMinor,
  currency: "USD",
  startsOn: "2027-03-03",
  endsOn: "2027-04-14",
  weekdays: [3],
  startTime: "17:00",
  timezone: "America/New_York",
  durationMinutes: 60,
  status: "open" as const,
});

describe("a course with three teachers", () => {
  it("lists each teacher's sections on the course page, sells each, and pays each only their own", async () => {
    const courseId = await newCourse(db(), null);
    const [course] = await db().select({ slug: courses.slug, title: courses.title }).from(courses).where(eq(courses.id, courseId));
    const teachers = [await teacherActor("Ada Park"), await teacherActor("Ben Ortiz"), await teacherActor("Chloe Nguyen")];
    const prices = [9_000, 12_000, 15_000];

    const made = [];
    for (const [i, teacher] of teachers.entries()) {
      expect((await listCoursesToTeach(teacher)).map((c) => c.id)).toContain(courseId);
      await expect(teachCourse(teacher, { courseId: String(courseId) })).resolves.toBe(course!.title);
      expect((await listTeacherCourses(teacher)).map((c) => c.id)).toEqual([courseId]);
      expect((await listCoursesToTeach(teacher)).map((c) => c.id)).not.toContain(courseId);
      made.push(await createSectionAs(teacher, sectionOf(courseId, teacher, prices[i]!)));
    }
    expect(await db().select().from(courseTeachers).where(eq(courseTeachers.courseId, courseId))).toHaveLength(3);

    const page = await findCoursePage(course!.slug, BEFORE);
    expect(page?.sections.map((s) => [s.id, s.teacherName])).toEqual([
      [made[0]!.id, "Ada Park"],
      [made[1]!.id, "Ben Ortiz"],
      [made[2]!.id, "Chloe Nguyen"],
    ]);
    expect(page?.teachers.map((t) => t.name)).toEqual(["Ada Park", "Ben Ortiz", "Chloe Nguyen"]);
    expect(page?.teachers.every((t, i) => t.slug.endsWith(`-${teachers[i]!.id}`))).toBe(true);

    // One family per teacher buys a seat; the seat is that teacher's.
    for (const section of made) {
      const family = await newFamily(db(), 20_000);
      await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now: BEFORE });
      const [seat] = await db().select({ teacherId: bookings.teacherId }).from(bookings).where(eq(bookings.learnerId, family.learnerId));
      expect(seat?.teacherId).toBe(section.teacherId);
    }

    // March holds 5 of the 7 Wednesdays. Each statement is that teacher's one section and one seat, at their own price.
    for (const [i, teacher] of teachers.entries()) {
      const march = await teacherStatement(teacher.id, "2027-03", at("2027-04-02T00:00:00Z"));
      const inMarch = sessionShares(prices[i]!, 7)
        .slice(0, 5)
        .reduce((x, y) => x + y, 0);
      expect(march).toMatchObject({ seats: 1, sessions: 5, grossMinor: inMarch });
      expect(march.lines).toEqual([expect.objectContaining({ kind: "section", sectionId: made[i]!.id, seats: 1, amountMinor: inMarch })]);
    }
  });

  it("refuses a section on a course the teacher does not teach, and an unknown course, changing nothing", async () => {
    const courseId = await newCourse(db(), null);
    const outsider = await teacherActor("Dev Outsider");
    await expect(createSectionAs(outsider, sectionOf(courseId, outsider, 9_000))).rejects.toMatchObject({
      status: 403,
      fieldErrors: { courseId: SECTION_ACCESS_MESSAGES.courseNotAssigned },
    });
    await expect(teachCourse(outsider, { courseId: 999_999 })).rejects.toMatchObject({
      status: 404,
      fieldErrors: { courseId: COURSE_TEACHING_MESSAGES.unknownCourse },
    });
    await expect(teachCourse(outsider, { courseId: "x" })).rejects.toMatchObject({ status: 400 });
    expect(await db().select().from(sections).where(eq(sections.teacherId, outsider.id))).toHaveLength(0);
    expect(await db().select().from(courseTeachers).where(eq(courseTeachers.teacherId, outsider.id))).toHaveLength(0);
  });

  it("stops teaching a course only once the teacher has no section of it left running", async () => {
    const courseId = await newCourse(db(), null);
    const teacher = await teacherActor("Eve Stone");
    await teachCourse(teacher, { courseId });
    const section = await createSectionAs(teacher, sectionOf(courseId, teacher, 9_000));
    await expect(stopTeachingCourse(teacher, { courseId })).rejects.toMatchObject({
      status: 409,
      message: COURSE_TEACHING_MESSAGES.stillRunning,
    });
    await db().update(sections).set({ status: "closed" }).where(eq(sections.id, section.id));
    await stopTeachingCourse(teacher, { courseId });
    expect(await listTeacherCourses(teacher)).toEqual([]);
    await expect(stopTeachingCourse(teacher, { courseId })).rejects.toMatchObject({ status: 404 });
  });

  it("refuses a student", async () => {
    await expect(listCoursesToTeach({ id: 1, email: "s@example.com", role: "student" })).rejects.toMatchObject({ status: 403 });
  });
});
