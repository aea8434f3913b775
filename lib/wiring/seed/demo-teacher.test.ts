import { count, eq } from "drizzle-orm";

import { sections, teacherAvailability, teacherProfiles, users } from "@/lib/platform/db/schema/index";
import { openTestDatabase } from "@/test/database";
import { newCourse } from "@/test/scheduling-fixtures";

import { DEMO_TEACHER_SCHEDULE, seedDemoTeacherSchedule } from "./demo-teacher";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe("the demo teacher's schedule (embedded default)", () => {
  it("gives teacher@example.com an approved profile, hours every day and one open section, once", async () => {
    const db = database.db;
    const [teacher] = await db
      .insert(users)
      .values({ firebaseUid: "demo-teacher", email: "teacher@example.com", role: "teacher" })
      .returning({ id: users.id });
    const courseId = await newCourse(db, teacher!.id);
    await seedDemoTeacherSchedule("teacher@example.com", new Date("2030-03-04T12:00:00Z"));
    await seedDemoTeacherSchedule("teacher@example.com", new Date("2030-03-11T12:00:00Z"));

    const [profile] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.userId, teacher!.id));
    expect(profile).toMatchObject({ publicName: "Ms. Harper", timezone: DEMO_TEACHER_SCHEDULE.timezone });
    expect(profile!.approvedAt).not.toBeNull();
    const [hours] = await db.select({ n: count() }).from(teacherAvailability).where(eq(teacherAvailability.teacherId, teacher!.id));
    expect(hours!.n).toBe(7);
    const seeded = await db.select().from(sections).where(eq(sections.teacherId, teacher!.id));
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatchObject({ courseId, status: "open", startsOn: "2030-03-04" });
  });
});

describe("the demo teacher's public name (issue 38)", () => {
  it("is a teacher's name, given also to a profile seeded with the old placeholder, and a name the teacher chose is kept", async () => {
    const db = database.db;
    const [teacher] = await db
      .insert(users)
      .values({ firebaseUid: "demo-teacher-old", email: "old-teacher@example.com", role: "teacher" })
      .returning({ id: users.id });
    await db
      .insert(teacherProfiles)
      .values({ userId: teacher!.id, publicName: "Demo Teacher", timezone: "America/Chicago", approvedAt: new Date() });
    await seedDemoTeacherSchedule("old-teacher@example.com", new Date("2030-03-04T12:00:00Z"));
    const named = async () => (await db.select().from(teacherProfiles).where(eq(teacherProfiles.userId, teacher!.id)))[0];
    expect(await named()).toMatchObject({ publicName: "Ms. Harper", slug: `ms-harper-${teacher!.id}` });

    await db.update(teacherProfiles).set({ publicName: "Jo Harper" }).where(eq(teacherProfiles.userId, teacher!.id));
    await seedDemoTeacherSchedule("old-teacher@example.com", new Date("2030-03-11T12:00:00Z"));
    expect((await named())?.publicName).toBe("Jo Harper");
  });
});

describe("the demo teacher's public bio (issue 38)", () => {
  it("reads like a teacher's, not like a note about the demo account", () => {
    expect(DEMO_TEACHER_SCHEDULE.bio).not.toMatch(/sign in|@example\.com|demo account/i);
    expect(DEMO_TEACHER_SCHEDULE.bio.length).toBeGreaterThan(120);
  });
});
