import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import type { Role } from "@/lib/platform/auth/roles";
import { courses, courseTeachers, demoRequests, users } from "@/lib/platform/db/schema/index";
import { openTestDatabase } from "@/test/database";

import { assignDemoTeacherCourses } from "./demo-courses";
import { findTeacherCourse, listTeacherCourses, listTeacherRequests } from "./courses";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

async function actorWithRole(role: Role): Promise<Actor> {
  const email = `${role}.${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await database.db.insert(users).values({ firebaseUid: randomUUID(), email, role }).returning({ id: users.id });
  return { id: row!.id, email, role };
}

async function newCourse(teacherId: number | null, title: string) {
  const [row] = await database.db
    .insert(courses)
    .values({
      slug: `test-${randomUUID().slice(0, 8)}`,
      title,
      category: "academic",
      description: "A test course.",
      gradeMin: 3,
      gradeMax: 6,
    })
    .returning({ id: courses.id });
  if (teacherId !== null) await database.db.insert(courseTeachers).values({ courseId: row!.id, teacherId });
  return row!.id;
}

async function newRequest(courseId: number, overrides: Partial<typeof demoRequests.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(demoRequests)
    .values({
      userEmail: "family@example.com",
      phone: "555 0100",
      name: "A Parent",
      course: String(courseId),
      courseId,
      grade: 4,
      classType: "Group Classes",
      message: "Hello",
      ...overrides,
    })
    .returning({ id: demoRequests.id });
  return row!.id;
}

describe("a teacher's courses and requests (issue 4)", () => {
  let teacher: Actor;
  let otherTeacher: Actor;
  let ownCourse: number;
  let otherCourse: number;
  let ownRequests: string[];
  let otherRequest: string;

  beforeAll(async () => {
    teacher = await actorWithRole("teacher");
    otherTeacher = await actorWithRole("teacher");
    ownCourse = await newCourse(teacher.id, "Own Algebra");
    otherCourse = await newCourse(otherTeacher.id, "Other Geometry");
    const old = new Date(Date.now() - 40 * 24 * 3_600_000);
    ownRequests = [
      await newRequest(ownCourse),
      await newRequest(ownCourse, { status: "converted" }),
      await newRequest(ownCourse, { createdAt: old }),
    ];
    otherRequest = await newRequest(otherCourse);
  });

  it("a teacher sees only their own courses, with request counts", async () => {
    const rows = await listTeacherCourses(teacher);
    expect(rows).toEqual([expect.objectContaining({ id: ownCourse, title: "Own Algebra", requests: 3, openRecent: 1 })]);
  });

  it("a teacher sees only the requests for their own courses, without the family's contact details", async () => {
    const page = await listTeacherRequests(teacher);
    expect(page.rows.map((r) => r.id).sort()).toEqual([...ownRequests].sort());
    expect(page.total).toBe(3);
    expect(page.rows[0]).not.toHaveProperty("userEmail");
    expect(page.rows[0]).not.toHaveProperty("phone");
    expect(page.rows[0]).not.toHaveProperty("name");
    // Security issue item 7: the family's free text may hold contact details; teachers never get it.
    for (const row of page.rows) expect(row).not.toHaveProperty("message");
    expect(JSON.stringify(page)).not.toContain("Hello");
    // Another teacher's course is out of reach, as a list and as a course page.
    expect((await listTeacherRequests(teacher, { courseId: otherCourse })).rows).toEqual([]);
    expect(await findTeacherCourse(teacher, otherCourse)).toBeNull();
    expect(await findTeacherCourse(teacher, ownCourse)).toEqual({ id: ownCourse, title: "Own Algebra" });
  });

  it("an admin sees every course and every request", async () => {
    const admin = await actorWithRole("admin");
    const ids = (await listTeacherCourses(admin)).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([ownCourse, otherCourse]));
    const requestIds = (await listTeacherRequests(admin, { pageSize: 100 })).rows.map((r) => r.id);
    expect(requestIds).toEqual(expect.arrayContaining([...ownRequests, otherRequest]));
    expect(await findTeacherCourse(admin, otherCourse)).toMatchObject({ id: otherCourse });
  });

  it("pages newest first", async () => {
    const first = await listTeacherRequests(teacher, { pageSize: 2 });
    const second = await listTeacherRequests(teacher, { pageSize: 2, page: 2 });
    expect(first.hasNextPage).toBe(true);
    expect(second).toMatchObject({ hasNextPage: false, page: 2 });
    const times = [...first.rows, ...second.rows].map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(second.rows.at(-1)?.id).toBe(ownRequests[2]);
  });

  it("refuses students and support with 403", async () => {
    for (const role of ["student", "support"] as const) {
      const actor = await actorWithRole(role);
      await expect(listTeacherCourses(actor)).rejects.toMatchObject({ status: 403 });
      await expect(listTeacherRequests(actor)).rejects.toMatchObject({ status: 403 });
    }
    await expect(listTeacherRequests(null)).rejects.toMatchObject({ status: 401 });
  });
});

describe("the demo teacher's courses", () => {
  it("teaches three technical courses, once; a second teacher may teach the same ones (issue 38)", async () => {
    const teacher = await actorWithRole("teacher");
    expect(await assignDemoTeacherCourses(teacher.id)).toBe(3);
    expect(await assignDemoTeacherCourses(teacher.id)).toBe(0);
    const taughtBy = (id: number) =>
      database.db
        .select({ id: courses.id, category: courses.category })
        .from(courses)
        .innerJoin(courseTeachers, eq(courseTeachers.courseId, courses.id))
        .where(eq(courseTeachers.teacherId, id))
        .orderBy(courses.id);
    const owned = await taughtBy(teacher.id);
    expect(owned.map((c) => c.category)).toEqual(["technical", "technical", "technical"]);

    const second = await actorWithRole("teacher");
    expect(await assignDemoTeacherCourses(second.id)).toBe(3);
    expect(await taughtBy(second.id)).toEqual(owned);
    expect(await taughtBy(teacher.id)).toEqual(owned);
  });
});
