import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { DateTime } from "luxon";

import { bookingHistory, bookings, sections, teacherAvailability } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { openTestDatabase } from "@/test/database";
import { EVERY_DAY, newCourse, newDemoRequest, newParent, newTeacher } from "@/test/scheduling-fixtures";

import { bookDemoSlot, cancelBooking, rescheduleBooking } from "./bookings";
import { addLearner } from "./learners";
import { SCHEDULING_MESSAGES } from "./schema";
import { createSection, updateSection } from "./sections";
import { openDemoSlots } from "./slots";
import { addAvailabilityException, setWeeklyHours } from "@/lib/teachers/profiles";
import { formatInstantInZone } from "./time";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const NOW = new Date("2026-03-02T00:00:00Z");
const context = { actorId: null, now: NOW, slotMinutes: 30, leadTimeHours: 12 };
const HOUR = 3_600_000;

async function bookingCount(teacherId: number) {
  const [row] = await database.db.select({ n: count() }).from(bookings).where(eq(bookings.teacherId, teacherId));
  return row!.n;
}

async function sectionCount() {
  const [row] = await database.db.select({ n: count() }).from(sections);
  return row!.n;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("a slot published in Asia/Kolkata, seen and booked from America/Los_Angeles (property)", () => {
  // Clock changes in 2026: Los Angeles 8 March and 1 November, London 29 March and 25 October.
  const CHANGES = ["2026-03-08T10:00:00Z", "2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z", "2026-11-01T09:00:00Z"].map(Date.parse);

  it("shows each slot at the teacher's wall time and books it at the very instant shown", async () => {
    const db = database.db;
    // Kolkata 06:00-23:00 covers every change above (15:30, 06:30, 06:30 and 14:30 there).
    const teacherId = await newTeacher(db, "Asia/Kolkata", EVERY_DAY(6 * 60, 23 * 60));
    const courseId = await newCourse(db, teacherId);
    const now = new Date("2026-02-20T00:00:00Z");
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CHANGES), fc.integer({ min: -36, max: 36 }), fc.nat(), async (change, offsetHours, pick) => {
        const from = new Date(change + offsetHours * HOUR);
        const to = new Date(from.getTime() + 8 * HOUR);
        const slots = await openDemoSlots({ courseId, from, to, now, slotMinutes: 30, leadTimeHours: 12 });
        for (const slot of slots) {
          const local = DateTime.fromISO(slot.startsAt, { zone: "Asia/Kolkata" });
          expect(local.hour * 60 + local.minute).toBeGreaterThanOrEqual(6 * 60);
          expect(local.hour * 60 + local.minute).toBeLessThan(23 * 60);
          expect(local.minute % 30).toBe(0);
        }
        if (slots.length === 0) return;
        const slot = slots[pick % slots.length]!;
        // What the parent sees: the wall time in their zone, named.
        const shown = formatInstantInZone(slot.startsAt, "America/Los_Angeles");
        const wall = DateTime.fromISO(slot.startsAt).setZone("America/Los_Angeles");
        expect(shown).toContain("Pacific Time (Los Angeles)");
        expect(shown).toContain(wall.toFormat("h:mm a"));
        // What the parent's browser sends back: that wall time with its own offset.
        const sent = wall.toISO()!;
        expect(DateTime.fromISO(sent).toMillis()).toBe(Date.parse(slot.startsAt));
        const requestId = await newDemoRequest(db, courseId);
        const booked = await bookDemoSlot({ courseId, teacherId, startsAt: sent, demoRequestId: requestId }, { ...context, now });
        expect(booked.startsAt).toBe(slot.startsAt);
        const [stored] = await db.select({ startsAt: bookings.startsAt }).from(bookings).where(eq(bookings.id, booked.id));
        expect(stored!.startsAt.toISOString()).toBe(slot.startsAt);
        // Booked: no longer offered to the next family.
        const after = await openDemoSlots({ courseId, from, to, now, slotMinutes: 30, leadTimeHours: 12 });
        expect(after.map((s) => s.startsAt)).not.toContain(slot.startsAt);
      }),
      { numRuns: 40 },
    );
  });
});

describe("exclusivity: one slot, one family", () => {
  it("50 families booking one slot at once: exactly one booking, 49 conflicts with the message, nothing else stored", async () => {
    const db = database.db;
    const teacherId = await newTeacher(db, "Europe/London", EVERY_DAY(9 * 60, 17 * 60));
    const courseId = await newCourse(db, teacherId);
    const requests = await Promise.all(Array.from({ length: 50 }, () => newDemoRequest(db, courseId)));
    const startsAt = "2026-03-10T10:00:00Z";
    const results = await Promise.allSettled(
      requests.map((demoRequestId) => bookDemoSlot({ courseId, teacherId, startsAt, demoRequestId }, context)),
    );
    const booked = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as AppError] : []));
    expect(booked).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect(error.status).toBe(409);
      expect(error.message).toBe("That time was just taken. Please pick another.");
    }
    expect(await bookingCount(teacherId)).toBe(1);
    const [history] = await db
      .select({ n: count() })
      .from(bookingHistory)
      .innerJoin(bookings, eq(bookings.id, bookingHistory.bookingId))
      .where(eq(bookings.teacherId, teacherId));
    expect(history!.n).toBe(1);
  });

  it("the database itself refuses a second live demo at one teacher's instant, and allows it once the first is cancelled", async () => {
    const db = database.db;
    const teacherId = await newTeacher(db, "UTC", EVERY_DAY(0, 1440));
    const requestId = await newDemoRequest(db, null);
    const row = {
      kind: "demo" as const,
      teacherId,
      demoRequestId: requestId,
      startsAt: new Date("2026-04-01T10:00:00Z"),
      endsAt: new Date("2026-04-01T10:30:00Z"),
      status: "held" as const,
    };
    await db.insert(bookings).values({ ...row, token: "token-one-aaaaaaaaaaaa" });
    await expect(db.insert(bookings).values({ ...row, status: "confirmed", token: "token-two-aaaaaaaaaaaa" })).rejects.toThrow();
    await db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.teacherId, teacherId));
    await db.insert(bookings).values({ ...row, token: "token-three-aaaaaaaaaa" });
    expect(await bookingCount(teacherId)).toBe(2);
  });
});

describe("one live demo per demo request, kept by the booking itself", () => {
  it("refuses a second live demo for a request, even five asked at once at different times; allows another once it is cancelled", async () => {
    const db = database.db;
    const teacherId = await newTeacher(db, "UTC", EVERY_DAY(9 * 60, 17 * 60));
    const courseId = await newCourse(db, teacherId);
    const demoRequestId = await newDemoRequest(db, courseId);
    const times = ["10:00", "11:00", "12:00", "13:00", "14:00"].map((time) => `2026-03-12T${time}:00Z`);
    const results = await Promise.allSettled(
      times.map((startsAt) => bookDemoSlot({ courseId, teacherId, startsAt, demoRequestId }, context)),
    );
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as AppError] : []));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(refused.map((error) => ({ status: error.status, message: error.message }))).toEqual(
      Array.from({ length: 4 }, () => ({ status: 409, message: SCHEDULING_MESSAGES.requestAlreadyBooked })),
    );
    expect(await bookingCount(teacherId)).toBe(1);

    const [live] = await db.select({ token: bookings.token }).from(bookings).where(eq(bookings.demoRequestId, demoRequestId));
    await cancelBooking({ token: live!.token }, context);
    const again = await bookDemoSlot({ courseId, teacherId, startsAt: times[4]!, demoRequestId }, context);
    expect(again).toMatchObject({ demoRequestId, status: "confirmed" });
    // Another request's demo is its own.
    const other = await newDemoRequest(db, courseId);
    await expect(bookDemoSlot({ courseId, teacherId, startsAt: times[3]!, demoRequestId: other }, context)).resolves.toMatchObject({
      demoRequestId: other,
    });
  });
});

describe("open demo slots", () => {
  it("come from the weekly hours in the teacher's zone, at least 12 hours ahead, with days off and extra hours", async () => {
    const db = database.db;
    // Monday 09:00-11:00 in New York (EST until 8 March: 14:00-16:00 UTC).
    const teacherId = await newTeacher(db, "America/New_York", [[1, 9 * 60, 11 * 60]]);
    const courseId = await newCourse(db, teacherId);
    const week = {
      courseId,
      from: new Date("2026-03-02T00:00:00Z"),
      to: new Date("2026-03-09T00:00:00Z"),
      now: NOW,
      slotMinutes: 30,
      leadTimeHours: 12,
    };
    expect((await openDemoSlots(week)).map((s) => s.startsAt)).toEqual([
      "2026-03-02T14:00:00.000Z",
      "2026-03-02T14:30:00.000Z",
      "2026-03-02T15:00:00.000Z",
      "2026-03-02T15:30:00.000Z",
    ]);
    // The lead time: at 04:00 UTC, 12 hours ahead is 16:00: nothing left that Monday.
    expect(await openDemoSlots({ ...week, now: new Date("2026-03-02T04:00:00Z") })).toEqual([]);
    await addAvailabilityException(teacherId, { date: "2026-03-02", kind: "off", start: "09:00", end: "10:00" });
    await addAvailabilityException(teacherId, { date: "2026-03-04", kind: "extra", start: "18:00", end: "19:00" });
    expect((await openDemoSlots(week)).map((s) => s.startsAt)).toEqual([
      "2026-03-02T15:00:00.000Z",
      "2026-03-02T15:30:00.000Z",
      "2026-03-04T23:00:00.000Z",
      "2026-03-04T23:30:00.000Z",
    ]);
    await addAvailabilityException(teacherId, { date: "2026-03-02", kind: "off" });
    expect((await openDemoSlots(week)).map((s) => s.startsAt)).toEqual(["2026-03-04T23:00:00.000Z", "2026-03-04T23:30:00.000Z"]);
    // After New York moves to EDT, the same 09:00 is 13:00 UTC.
    const later = await openDemoSlots({ ...week, from: new Date("2026-03-09T00:00:00Z"), to: new Date("2026-03-10T00:00:00Z") });
    expect(later[0]?.startsAt).toBe("2026-03-09T13:00:00.000Z");
  });

  it("are offered by approved teachers only, and not while a teacher teaches a section", async () => {
    const db = database.db;
    const teacherId = await newTeacher(db, "UTC", [[2, 10 * 60, 12 * 60]]);
    const unapproved = await newTeacher(db, "UTC", [[2, 10 * 60, 12 * 60]], false);
    const courseId = await newCourse(db, unapproved);
    const range = {
      courseId,
      from: new Date("2026-03-03T00:00:00Z"),
      to: new Date("2026-03-04T00:00:00Z"),
      now: NOW,
      slotMinutes: 30,
      leadTimeHours: 12,
    };
    expect(await openDemoSlots(range)).toEqual([]);
    // An open section of the course makes its teacher one of the course's teachers; its own sessions (Tuesdays 10:00-11:00) are busy.
    await createSection({
      courseId,
      teacherId,
      classType: "group",
      capacity: 6,
      priceMinor: 12000,
      currency: "usd",
      startsOn: "2026-03-01",
      weekdays: [2],
      startTime: "10:00",
      timezone: "UTC",
      durationMinutes: 60,
      status: "open",
    });
    expect((await openDemoSlots(range)).map((s) => [s.teacherId, s.startsAt])).toEqual([
      [teacherId, "2026-03-03T11:00:00.000Z"],
      [teacherId, "2026-03-03T11:30:00.000Z"],
    ]);
  });
});

describe("bad input: a clear message, nothing changed", () => {
  let teacherId: number;
  let courseId: number;
  beforeAll(async () => {
    teacherId = await newTeacher(database.db, "UTC", EVERY_DAY(9 * 60, 17 * 60));
    courseId = await newCourse(database.db, teacherId);
  });

  async function expectRefused(promise: Promise<unknown>, status: number, message: string) {
    const before = await bookingCount(teacherId);
    const error = await rejection(promise);
    expect({ status: error.status, message: error.message }).toEqual({ status, message });
    expect(await bookingCount(teacherId)).toBe(before);
  }

  it("refuses a slot in the past, too soon, not offered, or a local time without its offset", async () => {
    const demoRequestId = await newDemoRequest(database.db, courseId);
    const book = (startsAt: string) => bookDemoSlot({ courseId, teacherId, startsAt, demoRequestId }, context);
    await expectRefused(book("2026-03-01T10:00:00Z"), 400, SCHEDULING_MESSAGES.slotPast);
    await expectRefused(book("2026-03-02T10:00:00Z"), 400, SCHEDULING_MESSAGES.slotTooSoon);
    await expectRefused(book("2026-03-05T10:10:00Z"), 400, SCHEDULING_MESSAGES.slotNotOffered);
    await expectRefused(book("2026-03-05T20:00:00Z"), 400, SCHEDULING_MESSAGES.slotNotOffered);
    await expectRefused(book("2026-03-05T10:00:00"), 400, SCHEDULING_MESSAGES.instantInvalid);
  });

  it("refuses a booking for someone else's child", async () => {
    const parent = await newParent(database.db);
    const stranger = await newParent(database.db);
    const child = await addLearner(parent, { firstName: "Mia", grade: 3 });
    await expectRefused(
      bookDemoSlot({ courseId, teacherId, startsAt: "2026-03-05T10:00:00Z", learnerId: child.id }, { ...context, actorId: stranger }),
      403,
      SCHEDULING_MESSAGES.learnerNotYours,
    );
    const own = await bookDemoSlot(
      { courseId, teacherId, startsAt: "2026-03-05T10:00:00Z", learnerId: child.id },
      { ...context, actorId: parent },
    );
    expect(own).toMatchObject({ learnerId: child.id, status: "confirmed" });
  });

  it("moves a live booking, frees its old time, and refuses to move a cancelled one", async () => {
    const demoRequestId = await newDemoRequest(database.db, courseId);
    const booking = await bookDemoSlot({ courseId, teacherId, startsAt: "2026-03-06T09:00:00Z", demoRequestId }, context);
    const moved = await rescheduleBooking({ token: booking.token, startsAt: "2026-03-06T11:00:00+00:00" }, context);
    expect(moved.startsAt).toBe("2026-03-06T11:00:00.000Z");
    const day = {
      courseId,
      from: new Date("2026-03-06T09:00:00Z"),
      to: new Date("2026-03-06T12:00:00Z"),
      now: NOW,
      slotMinutes: 30,
      leadTimeHours: 12,
    };
    const offered = (await openDemoSlots(day)).map((s) => s.startsAt);
    expect(offered).toContain("2026-03-06T09:00:00.000Z");
    expect(offered).not.toContain("2026-03-06T11:00:00.000Z");

    await cancelBooking({ token: booking.token }, context);
    expect((await openDemoSlots(day)).map((s) => s.startsAt)).toContain("2026-03-06T11:00:00.000Z");
    const error = await rejection(rescheduleBooking({ token: booking.token, startsAt: "2026-03-06T12:00:00Z" }, context));
    expect({ status: error.status, message: error.message }).toEqual({ status: 409, message: SCHEDULING_MESSAGES.bookingCancelled });
    const [stored] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect({ status: stored!.status, startsAt: stored!.startsAt.toISOString() }).toEqual({
      status: "cancelled",
      startsAt: "2026-03-06T11:00:00.000Z",
    });
    const history = await database.db
      .select()
      .from(bookingHistory)
      .where(eq(bookingHistory.bookingId, booking.id))
      .orderBy(bookingHistory.id);
    expect(
      history.map((h) => [h.fromStatus, h.toStatus, h.fromStartsAt?.toISOString() ?? null, h.toStartsAt?.toISOString() ?? null]),
    ).toEqual([
      [null, "confirmed", null, "2026-03-06T09:00:00.000Z"],
      ["confirmed", "confirmed", "2026-03-06T09:00:00.000Z", "2026-03-06T11:00:00.000Z"],
      ["confirmed", "cancelled", null, null],
    ]);
  });

  it("refuses overlapping weekly hours and keeps the old ones", async () => {
    const before = await database.db.select().from(teacherAvailability).where(eq(teacherAvailability.teacherId, teacherId));
    const error = await rejection(
      setWeeklyHours(teacherId, [
        { weekday: 1, start: "09:00", end: "12:00" },
        { weekday: 1, start: "11:30", end: "13:00" },
      ]),
    );
    expect(error.message).toBe(SCHEDULING_MESSAGES.hoursOverlap);
    expect(error.fieldErrors).toEqual({ "1.start": SCHEDULING_MESSAGES.hoursOverlap });
    expect(await database.db.select().from(teacherAvailability).where(eq(teacherAvailability.teacherId, teacherId))).toEqual(before);
    // Touching blocks are fine.
    await setWeeklyHours(teacherId, [
      { weekday: 1, start: "09:00", end: "12:00" },
      { weekday: 1, start: "12:00", end: "13:00" },
    ]);
  });

  const section = (overrides: Record<string, unknown> = {}) => ({
    courseId,
    teacherId,
    classType: "group" as const,
    capacity: 4,
    priceMinor: 9900,
    currency: "USD",
    startsOn: "2026-04-01",
    endsOn: "2026-05-31",
    weekdays: [3],
    startTime: "16:00",
    timezone: "Europe/London",
    durationMinutes: 50,
    status: "open" as const,
    ...overrides,
  });

  it("refuses a section that ends before it starts, and a 1-on-1 with more than one seat", async () => {
    const before = await sectionCount();
    const ends = await rejection(createSection(section({ endsOn: "2026-03-31" })));
    expect(ends.fieldErrors).toEqual({ endsOn: SCHEDULING_MESSAGES.sectionEndsBeforeStart });
    // Its dates hold no Wednesday: no session at all.
    const none = await rejection(createSection(section({ startsOn: "2026-04-02", endsOn: "2026-04-07" })));
    expect(none.message).toBe(SCHEDULING_MESSAGES.sectionEndsBeforeStart);
    const seats = await rejection(createSection(section({ classType: "one_on_one", capacity: 2 })));
    expect(seats.fieldErrors).toEqual({ capacity: SCHEDULING_MESSAGES.capacityOneOnOne });
    const after = await sectionCount();
    expect(after).toBe(before);
  });

  it("refuses a capacity below the seats already booked", async () => {
    const db = database.db;
    const created = await createSection(section());
    const parent = await newParent(db);
    for (const name of ["Ada", "Ben", "Cy"]) {
      const child = await addLearner(parent, { firstName: name, grade: 5 });
      await db.insert(bookings).values({
        kind: "seat",
        learnerId: child.id,
        teacherId,
        sectionId: created.id,
        courseId,
        startsAt: new Date("2026-04-01T15:00:00Z"),
        endsAt: new Date("2026-04-01T15:50:00Z"),
        status: "confirmed",
        token: `seat-${name}-aaaaaaaaaaaaaa`,
      });
    }
    const error = await rejection(updateSection(created.id, section({ capacity: 2 })));
    expect(error.fieldErrors).toEqual({ capacity: "Capacity cannot be below the 3 seats already booked." });
    const [stored] = await db.select({ capacity: sections.capacity }).from(sections).where(eq(sections.id, created.id));
    expect(stored!.capacity).toBe(4);
    const updated = await updateSection(created.id, section({ capacity: 3 }));
    expect(updated.capacity).toBe(3);
  });
});
