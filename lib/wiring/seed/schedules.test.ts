import { count, eq, inArray } from "drizzle-orm";

import { DateTime } from "luxon";

import { slotsOfCourse } from "@/lib/demo-requests/demo-booking";
import { courses, sections, teacherAvailability, teacherProfiles, users } from "@/lib/platform/db/schema/index";
import { openDemoSlots } from "@/lib/scheduling/slots";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { openTestDatabase } from "@/test/database";

import { SEED_TEACHERS, seedSchedules } from "./schedules";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

async function counts() {
  const db = database.db;
  const teacherRows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.firebaseUid,
        SEED_TEACHERS.map((t) => t.firebaseUid),
      ),
    );
  const ids = teacherRows.map((t) => t.id);
  const [profiles] = await db.select({ n: count() }).from(teacherProfiles).where(inArray(teacherProfiles.userId, ids));
  const [hours] = await db.select({ n: count() }).from(teacherAvailability).where(inArray(teacherAvailability.teacherId, ids));
  const [sectionCount] = await db.select({ n: count() }).from(sections).where(inArray(sections.teacherId, ids));
  return { teachers: ids.length, profiles: profiles!.n, hours: hours!.n, sections: sectionCount!.n };
}

describe("the embedded default's schedules (seedSchedules)", () => {
  const now = new Date("2026-03-02T12:00:00Z");

  it("seeds approved teachers across zones with hours and open priced sections, and a second run duplicates nothing", async () => {
    await seedSchedules(now);
    const first = await counts();
    const hours = SEED_TEACHERS.flatMap((t) => t.hours.flatMap(([weekdays]) => weekdays)).length;
    const planned = SEED_TEACHERS.flatMap((t) => t.sections).length;
    expect(first).toEqual({ teachers: SEED_TEACHERS.length, profiles: SEED_TEACHERS.length, hours, sections: planned });
    await seedSchedules(new Date("2026-03-09T12:00:00Z"));
    expect(await counts()).toEqual(first);

    const zones = await database.db
      .select({ timezone: teacherProfiles.timezone })
      .from(teacherProfiles)
      .innerJoin(users, eq(users.id, teacherProfiles.userId));
    expect(new Set(zones.map((z) => z.timezone))).toEqual(new Set(SEED_TEACHERS.map((t) => t.timezone)));
    expect(new Set(SEED_TEACHERS.map((t) => t.timezone)).size).toBeGreaterThanOrEqual(7);
  });

  it("gives the seeded courses demo slots and sessions", async () => {
    const [piano] = await database.db.select().from(sections).where(eq(sections.timezone, "Asia/Kolkata")).limit(1);
    expect(piano).toMatchObject({ status: "open", currency: "USD" });
    const sessions = sectionSessions(piano!, now, new Date("2026-03-16T00:00:00Z"));
    expect(sessions.length).toBeGreaterThan(0);
    const slots = await openDemoSlots({
      courseId: piano!.courseId,
      from: now,
      to: new Date("2026-03-16T00:00:00Z"),
      now,
      slotMinutes: 30,
      leadTimeHours: 12,
    });
    expect(slots.length).toBeGreaterThan(0);
    // A slot never overlaps the teacher's own sessions.
    for (const slot of slots) {
      for (const session of sessions) expect(slot.endsAt <= session.startsAt || slot.startsAt >= session.endsAt).toBe(true);
    }
  });

  it("offers a family in Los Angeles after-school times on weekdays, and no demo on a teacher's public holiday (issue 31)", async () => {
    // Monday 23 November 2026: Thanksgiving is on Thursday the 26th.
    const monday = new Date("2026-11-23T12:00:00Z");
    // Seeded above (from March 2026): the hours, and the holidays of the year from then.
    const [python] = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.slug, "python-for-young-coders"));
    const days = await slotsOfCourse(python!.id, "America/Los_Angeles", monday, { forFamily: true });
    const weekdays = days.filter((day) => !/^(Sat|Sun)/.test(day.label));
    expect(weekdays.length).toBeGreaterThanOrEqual(8);
    for (const slot of weekdays.flatMap((day) => day.slots)) {
      const local = DateTime.fromISO(slot.startsAt, { zone: "America/Los_Angeles" });
      expect(local.hour).toBeGreaterThanOrEqual(15);
      expect(local.hour * 60 + local.minute + 30).toBeLessThanOrEqual(19 * 60);
    }
    // Ms. Rivera (New York) keeps Thanksgiving.
    expect(days.map((day) => day.date)).not.toContain("2026-11-26");
    expect(days.map((day) => day.date)).toContain("2026-11-25");
  });

  it("gives every course of the catalogue but the demo teacher's first an open section: group and 1-on-1, prices from low to high (issue 27)", async () => {
    const rows = await database.db
      .select({ slug: courses.slug, classType: sections.classType, priceMinor: sections.priceMinor, status: sections.status })
      .from(courses)
      .leftJoin(sections, eq(sections.courseId, courses.id));
    const withoutSection = [...new Set(rows.filter((r) => r.status !== "open").map((r) => r.slug))].filter(
      (slug) => !rows.some((r) => r.slug === slug && r.status === "open"),
    );
    // Scratch Game Design is the demo teacher's (lib/wiring/seed/demo-teacher.ts seeds its class at start).
    expect(withoutSection).toEqual(["scratch-game-design"]);
    expect(new Set(rows.map((r) => r.classType))).toEqual(new Set(["group", "one_on_one", null]));
    const prices = rows.flatMap((r) => (r.priceMinor === null ? [] : [r.priceMinor]));
    expect(Math.min(...prices)).toBeLessThanOrEqual(8_000);
    expect(Math.max(...prices)).toBeGreaterThanOrEqual(20_000);
  });
});
