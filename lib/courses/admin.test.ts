import { eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import type { Role } from "@/lib/platform/auth/roles";
import { auditEvents, courses, users } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";

import { createCourse, getCourseForEdit, listCoursesForAdmin, setCoursePublished, updateCourse } from "./admin";
import { listCoursesByCategory } from "./queries";
import { COURSE_MESSAGES, type CourseFormValues } from "./schema";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
const actors = {} as Record<Role, Actor>;
beforeAll(async () => {
  database = await openTestDatabase();
  for (const role of ["admin", "support", "teacher", "student"] as const) {
    const [row] = await database.db
      .insert(users)
      .values({ firebaseUid: `uid-${role}`, email: `${role}@school.test`, displayName: `The ${role}`, role })
      .returning();
    actors[role] = { id: row!.id, email: row!.email, role };
  }
});
afterAll(() => database.dispose());

const form = (overrides: Partial<CourseFormValues> = {}): CourseFormValues => ({
  slug: "robotics-lab",
  title: "Robotics Lab",
  category: "technical",
  description: "Build and program small robots.",
  gradeMin: "4",
  gradeMax: "8",
  isFeatured: false,
  isPublished: true,
  ...overrides,
});

const stored = async (slug: string) => (await database.db.select().from(courses).where(eq(courses.slug, slug)))[0];
const auditOf = (id: number) =>
  database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetId, String(id)))
    .orderBy(auditEvents.id);
const titlesIn = async (category: "technical" | "music") => (await listCoursesByCategory(category)).map((c) => c.title);

describe("the admin's course catalogue (issue 4)", () => {
  it("creates a course, shows it in its category and records who did it", async () => {
    const created = await createCourse(actors.admin, form({ slug: " Robotics-Lab " }));
    expect(await stored("robotics-lab")).toMatchObject({
      id: created.id,
      title: "Robotics Lab",
      gradeMin: 4,
      gradeMax: 8,
      isPublished: true,
    });
    expect(await titlesIn("technical")).toContain("Robotics Lab");
    expect(await auditOf(created.id)).toEqual([
      expect.objectContaining({
        action: "course.create",
        targetType: "course",
        actorEmail: "admin@school.test",
        details: expect.objectContaining({ slug: "robotics-lab", title: "Robotics Lab" }),
      }),
    ]);
  });

  it("edits a course and records what changed, from and to", async () => {
    const { id } = await createCourse(actors.admin, form({ slug: "ukulele-club", title: "Ukulele Club", category: "music" }));
    await updateCourse(
      actors.admin,
      id,
      form({ slug: "ukulele-club", title: "Ukulele Club for Beginners", category: "music", gradeMax: 12 }),
    );
    expect(await getCourseForEdit(actors.admin, id)).toMatchObject({ title: "Ukulele Club for Beginners", gradeMax: 12, gradeMin: 4 });
    expect(await titlesIn("music")).toContain("Ukulele Club for Beginners");
    const [, update] = await auditOf(id);
    expect(update).toMatchObject({
      action: "course.update",
      details: {
        slug: "ukulele-club",
        changes: { title: { from: "Ukulele Club", to: "Ukulele Club for Beginners" }, gradeMax: { from: 8, to: 12 } },
      },
    });
  });

  it("unpublishing hides a course from its category but not from the admin's list", async () => {
    const { id } = await createCourse(actors.admin, form({ slug: "drone-flying", title: "Drone Flying" }));
    await setCoursePublished(actors.admin, id, false);
    expect(await titlesIn("technical")).not.toContain("Drone Flying");
    expect((await listCoursesForAdmin(actors.admin)).find((c) => c.id === id)).toMatchObject({ isPublished: false, title: "Drone Flying" });
    await setCoursePublished(actors.admin, id, true);
    expect(await titlesIn("technical")).toContain("Drone Flying");
    expect((await auditOf(id)).map((a) => [a.action, a.details])).toEqual([
      ["course.create", expect.anything()],
      ["course.publish", { slug: "drone-flying", published: false }],
      ["course.publish", { slug: "drone-flying", published: true }],
    ]);
  });

  it("a duplicate slug is a field message, on create and on edit", async () => {
    const slugTaken = { name: "ZodError", issues: [expect.objectContaining({ path: ["slug"], message: COURSE_MESSAGES.slugTaken })] };
    // "chess-strategy" is in the seeded catalogue.
    await expect(createCourse(actors.admin, form({ slug: "chess-strategy", title: "Chess Again" }))).rejects.toMatchObject(slugTaken);
    expect(await database.db.select().from(courses).where(eq(courses.title, "Chess Again"))).toHaveLength(0);
    const { id } = await createCourse(actors.admin, form({ slug: "knitting", title: "Knitting", category: "music" }));
    await expect(updateCourse(actors.admin, id, form({ slug: "chess-strategy", title: "Knitting" }))).rejects.toMatchObject(slugTaken);
    expect((await getCourseForEdit(actors.admin, id))?.slug).toBe("knitting");
  });

  it("refuses a grade range upside down or out of 1..12", async () => {
    await expect(createCourse(actors.admin, form({ slug: "upside-down", gradeMin: "9", gradeMax: "3" }))).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["gradeMax"], message: COURSE_MESSAGES.gradeRange })],
    });
    await expect(createCourse(actors.admin, form({ slug: "grade-13", gradeMax: "13" }))).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["gradeMax"], message: COURSE_MESSAGES.gradeInvalid })],
    });
    for (const slug of ["upside-down", "grade-13"]) expect(await stored(slug)).toBeUndefined();
  });

  it.each(["support", "teacher", "student"] as const)("refuses a %s with 403 and changes nothing", async (role) => {
    const [course] = await database.db.select().from(courses).where(eq(courses.slug, "scratch-game-design"));
    const before = (await database.db.select().from(auditEvents)).length;
    await expect(createCourse(actors[role], form({ slug: `by-${role}` }))).rejects.toMatchObject({ status: 403 });
    await expect(updateCourse(actors[role], course!.id, form({ slug: "scratch-game-design", title: "Hacked" }))).rejects.toMatchObject({
      status: 403,
    });
    await expect(setCoursePublished(actors[role], course!.id, false)).rejects.toMatchObject({ status: 403 });
    await expect(listCoursesForAdmin(actors[role])).rejects.toMatchObject({ status: 403 });
    await expect(getCourseForEdit(actors[role], course!.id)).rejects.toMatchObject({ status: 403 });
    expect(await stored(`by-${role}`)).toBeUndefined();
    expect(await stored("scratch-game-design")).toMatchObject({ title: course!.title, isPublished: true });
    expect(await database.db.select().from(auditEvents)).toHaveLength(before);
  });

  it("answers 404 for a course that does not exist", async () => {
    await expect(updateCourse(actors.admin, 999_999, form({ slug: "ghost" }))).rejects.toMatchObject({ status: 404 });
    await expect(setCoursePublished(actors.admin, 999_999, false)).rejects.toMatchObject({ status: 404 });
  });
});
