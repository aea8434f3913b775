import { eq } from "drizzle-orm";
import fc from "fast-check";

import { sections } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { createSection, updateSection } from "./sections";
import { cachedSectionBusyTimes, clearSessionCache, SESSION_CACHE_LIMIT, sessionCacheStats } from "./session-cache";
import { sectionSessions, weeklyRule } from "./sessions";
import { openDemoSlots } from "./slots";

const DAY = 86_400_000;

describe("the session cache (pure)", () => {
  beforeEach(() => clearSessionCache());

  it("gives exactly the sessions sectionSessions gives, for any window, cached or not (property)", () => {
    const zones = ["UTC", "America/Los_Angeles", "Europe/London", "Asia/Kolkata", "Australia/Sydney", "Pacific/Kiritimati"];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
        fc.integer({ min: -60 * 24, max: 400 * 24 }),
        fc.integer({ min: 1, max: 92 * 24 }),
        (timezone, weekdays, startMinute, endsAfterDays, fromHours, lengthHours) => {
          const endsOn =
            endsAfterDays === null ? null : new Date(Date.parse("2026-01-05") + endsAfterDays * DAY).toISOString().slice(0, 10);
          const section = { startsOn: "2026-01-05", endsOn, startMinute, timezone, rrule: weeklyRule(weekdays), durationMinutes: 45 };
          const from = new Date(Date.parse("2026-01-01T00:00:00Z") + fromHours * 3_600_000 + 17_000);
          const to = new Date(from.getTime() + lengthHours * 3_600_000);
          const expected = sectionSessions(section, from, to).map((s) => ({ start: Date.parse(s.startsAt), end: Date.parse(s.endsAt) }));
          expect(cachedSectionBusyTimes(section, from, to)).toEqual(expected);
          expect(cachedSectionBusyTimes(section, from, to)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("expands a section once, and keeps at most its limit of chunks", () => {
    const section = {
      startsOn: "2026-03-01",
      endsOn: null,
      startMinute: 600,
      timezone: "UTC",
      rrule: weeklyRule([2]),
      durationMinutes: 60,
    };
    const from = new Date("2026-03-01T00:00:00Z");
    const to = new Date("2026-04-26T00:00:00Z");
    cachedSectionBusyTimes(section, from, to);
    const first = sessionCacheStats().expansions;
    expect(first).toBeGreaterThan(0);
    cachedSectionBusyTimes(section, new Date(from.getTime() + 60_000), to);
    expect(sessionCacheStats().expansions).toBe(first);
    // More different sections than the limit, one chunk each: the oldest chunks go.
    for (let i = 0; i <= SESSION_CACHE_LIMIT / 4; i++) {
      for (const durationMinutes of [30, 45, 60, 90]) {
        cachedSectionBusyTimes(
          { ...section, startMinute: i % 1440, durationMinutes: durationMinutes + Math.floor(i / 1440) },
          from,
          new Date(from.getTime() + 1),
        );
      }
    }
    expect(sessionCacheStats().size).toBe(SESSION_CACHE_LIMIT);
  });
});

describe("the demo slots when a section's time changes (the cache must not keep the old time)", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  it("frees the old time and takes the new one, whether the form or a plain UPDATE changed it", async () => {
    const db = database.db;
    // Tuesdays 10:00-12:00 UTC free for demos; the teacher's section takes one hour of it.
    const teacherId = await newTeacher(db, "UTC", [[2, 10 * 60, 12 * 60]]);
    const courseId = await newCourse(db, teacherId);
    const input = {
      courseId,
      teacherId,
      classType: "group" as const,
      capacity: 6,
      priceMinor: 12000,
      currency: "usd",
      startsOn: "2026-03-01",
      weekdays: [2],
      startTime: "10:00",
      timezone: "UTC",
      durationMinutes: 60,
      status: "open" as const,
    };
    const section = await createSection(input);
    const range = {
      courseId,
      from: new Date("2026-03-03T00:00:00Z"),
      to: new Date("2026-03-04T00:00:00Z"),
      now: new Date("2026-03-01T00:00:00Z"),
      slotMinutes: 30,
      leadTimeHours: 12,
    };
    const offered = async () => (await openDemoSlots(range)).map((s) => s.startsAt);
    expect(await offered()).toEqual(["2026-03-03T11:00:00.000Z", "2026-03-03T11:30:00.000Z"]);
    // Asked again: the same answer from the cache, nothing expanded.
    const expansions = sessionCacheStats().expansions;
    expect(await offered()).toEqual(["2026-03-03T11:00:00.000Z", "2026-03-03T11:30:00.000Z"]);
    expect(sessionCacheStats().expansions).toBe(expansions);

    await updateSection(section.id, { ...input, startTime: "11:00" });
    expect(await offered()).toEqual(["2026-03-03T10:00:00.000Z", "2026-03-03T10:30:00.000Z"]);

    await db
      .update(sections)
      .set({ rrule: weeklyRule([3]) })
      .where(eq(sections.id, section.id));
    expect(await offered()).toEqual([
      "2026-03-03T10:00:00.000Z",
      "2026-03-03T10:30:00.000Z",
      "2026-03-03T11:00:00.000Z",
      "2026-03-03T11:30:00.000Z",
    ]);

    // Back to the first time: the slots are those of the first time again.
    await updateSection(section.id, input);
    expect(await offered()).toEqual(["2026-03-03T11:00:00.000Z", "2026-03-03T11:30:00.000Z"]);
  });
});
