import { and, eq, sql } from "drizzle-orm";

import { bookingHistory, bookings, outbox, sections } from "@/lib/platform/db/schema";
import { newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { EVERY_DAY, newCourse, newDemoRequest, newTeacher, storedSectionInput } from "@/test/scheduling-fixtures";

import { bookDemoSlot, cancelBooking, rescheduleBooking } from "./bookings";
import { updateSection } from "./sections";

/**
 * Scheduling's events (lib/scheduling/events.ts) are written in the transaction of the change that
 * causes them: committed with it, and gone with it when the transaction fails after the write.
 */

// A switch that fails the causing transaction right after its event is written.
let failAfterEmit = false;
jest.mock("@/lib/platform/events/events", () => {
  const actual = jest.requireActual<typeof import("@/lib/platform/events/events")>("@/lib/platform/events/events");
  return {
    ...actual,
    emit: async (...args: Parameters<typeof actual.emit>) => {
      await actual.emit(...args);
      if (failAfterEmit) throw new Error("the change failed after its event was written");
    },
  };
});

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
afterEach(() => {
  failAfterEmit = false;
});

const context = { actorId: null, now: new Date("2026-03-02T00:00:00Z"), slotMinutes: 30, leadTimeHours: 12 };

const eventsOf = (name: string, field: string, value: string | number) =>
  database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.topic, `event:${name}`), sql`${outbox.payload}->>${field} = ${String(value)}`));

async function historyIds(bookingId: string) {
  const rows = await database.db
    .select({ id: bookingHistory.id })
    .from(bookingHistory)
    .where(eq(bookingHistory.bookingId, bookingId))
    .orderBy(bookingHistory.id);
  return rows.map((row) => row.id);
}

async function newDemo() {
  const teacherId = await newTeacher(database.db, "UTC", EVERY_DAY(9 * 60, 17 * 60));
  const courseId = await newCourse(database.db, teacherId);
  const demoRequestId = await newDemoRequest(database.db, courseId);
  return { teacherId, courseId, demoRequestId };
}

describe("a demo booking's changes write booking.booked, booking.moved and booking.cancelled in their transaction", () => {
  it("books, moves and cancels, each with its booking_history row", async () => {
    const demo = await newDemo();
    const booked = await bookDemoSlot({ ...demo, startsAt: "2026-03-05T10:00:00Z" }, context);
    await rescheduleBooking({ token: booked.token, startsAt: "2026-03-05T11:00:00Z" }, context);
    await cancelBooking({ token: booked.token }, context);
    const [made, moved, cancelled] = await historyIds(booked.id);
    expect(await eventsOf("booking.booked", "bookingId", booked.id)).toEqual([{ payload: { bookingId: booked.id, historyId: made } }]);
    expect(await eventsOf("booking.moved", "bookingId", booked.id)).toEqual([{ payload: { bookingId: booked.id, historyId: moved } }]);
    expect(await eventsOf("booking.cancelled", "bookingId", booked.id)).toEqual([
      { payload: { bookingId: booked.id, historyId: cancelled } },
    ]);
  });

  it("leaves no event of a change that rolled back", async () => {
    const demo = await newDemo();
    failAfterEmit = true;
    await expect(bookDemoSlot({ ...demo, startsAt: "2026-03-05T10:00:00Z" }, context)).rejects.toThrow("the change failed");
    expect(await database.db.select().from(bookings).where(eq(bookings.demoRequestId, demo.demoRequestId))).toEqual([]);
    const booked = (
      await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(eq(outbox.topic, "event:booking.booked"))
    )[0]!.n;

    failAfterEmit = false;
    const live = await bookDemoSlot({ ...demo, startsAt: "2026-03-05T10:00:00Z" }, context);
    failAfterEmit = true;
    await expect(rescheduleBooking({ token: live.token, startsAt: "2026-03-05T11:00:00Z" }, context)).rejects.toThrow("the change failed");
    await expect(cancelBooking({ token: live.token }, context)).rejects.toThrow("the change failed");
    expect(await historyIds(live.id)).toHaveLength(1);
    expect(await eventsOf("booking.booked", "bookingId", live.id)).toHaveLength(1);
    expect(await eventsOf("booking.moved", "bookingId", live.id)).toEqual([]);
    expect(await eventsOf("booking.cancelled", "bookingId", live.id)).toEqual([]);
    // Only the committed booking's event was added.
    expect(
      (
        await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(outbox)
          .where(eq(outbox.topic, "event:booking.booked"))
      )[0]!.n,
    ).toBe(booked + 1);
  });
});

describe("a change of a section's times writes section.rescheduled in its transaction", () => {
  /** The editor's input for a section as stored, at another time of day. */
  const atTime = (sectionId: number, startTime: string) => storedSectionInput(database.db, sectionId, { weekdays: [1, 4], startTime });

  it("with the section's new schedule version; an edit that keeps the times writes none", async () => {
    const sectionId = await newSection(database.db);
    await updateSection(sectionId, await atTime(sectionId, "16:00"));
    expect(await eventsOf("section.rescheduled", "sectionId", sectionId)).toEqual([]);
    await updateSection(sectionId, await atTime(sectionId, "17:30"));
    expect(await eventsOf("section.rescheduled", "sectionId", sectionId)).toEqual([{ payload: { sectionId, scheduleVersion: 1 } }]);
  });

  it("leaves no event of a change that rolled back", async () => {
    const sectionId = await newSection(database.db);
    failAfterEmit = true;
    await expect(updateSection(sectionId, await atTime(sectionId, "17:30"))).rejects.toThrow("the change failed");
    const [row] = await database.db.select().from(sections).where(eq(sections.id, sectionId));
    expect(row).toMatchObject({ startMinute: 16 * 60, scheduleVersion: 0 });
    expect(await eventsOf("section.rescheduled", "sectionId", sectionId)).toEqual([]);
  });
});
