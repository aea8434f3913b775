import { and, asc, eq } from "drizzle-orm";

import { auditEvents, bookingHistory, demoRequests } from "@/lib/platform/db/schema";
import { reactBeforeTheAnswerWith } from "@/lib/platform/events/reactions";
import { runAction } from "@/lib/platform/http/action-result";
import { bookDemoSlot, cancelBooking, rescheduleBooking, type SchedulingContext } from "@/lib/scheduling/bookings";
import { bookingBooked, bookingCancelled, bookingMoved } from "@/lib/scheduling/events";
import { openTestDatabase } from "@/test/database";
import { deliverEvents, markReactionsUndelivered } from "@/test/events";
import { insertActor } from "@/test/fixtures";
import { EVERY_DAY, newCourse, newDemoRequest, newTeacher } from "@/test/scheduling-fixtures";

import { FAMILY_ACTOR } from "@/lib/demo-requests/lead-follows-booking";

import { leadFollowsBooking } from "./lead-follows-booking";
import { REACTIONS } from "./table";

/**
 * A demo request follows its demo bookings by the reactions table, not by a callback of the booking
 * (lib/scheduling/bookings.ts has none): booking.booked, booking.moved and booking.cancelled each
 * put the change on the request's history and move its status ("demo scheduled" means a booked
 * time), once per change however many times it is delivered, and before the answer of the action
 * that made the change.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let teacherId: number;
let courseId: number;
beforeAll(async () => {
  database = await openTestDatabase();
  teacherId = await newTeacher(database.db, "UTC", EVERY_DAY(9 * 60, 17 * 60));
  courseId = await newCourse(database.db, teacherId);
});
afterAll(() => database.dispose());
afterEach(() => reactBeforeTheAnswerWith(undefined));

const family: SchedulingContext = { actorId: null, now: new Date("2026-03-02T00:00:00Z"), slotMinutes: 30, leadTimeHours: 12 };
/** Distinct times per test, so no two tests' demos meet at one teacher's instant. */
let day = 3;
const nextDay = () => `2026-03-${String(day++).padStart(2, "0")}`;

async function leadOf(id: string) {
  const [row] = await database.db
    .select({
      status: demoRequests.status,
      firstContactedAt: demoRequests.firstContactedAt,
      statusChangedById: demoRequests.statusChangedById,
    })
    .from(demoRequests)
    .where(eq(demoRequests.id, id));
  return row!;
}

async function historyOf(id: string) {
  const rows = await database.db
    .select({ actorEmail: auditEvents.actorEmail, action: auditEvents.action, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, "demo_request"), eq(auditEvents.targetId, id)))
    .orderBy(asc(auditEvents.id));
  return rows.map((row) => [row.actorEmail, row.action, (row.details as { to?: string }).to ?? null]);
}

async function historyIds(bookingId: string) {
  const rows = await database.db
    .select({ id: bookingHistory.id })
    .from(bookingHistory)
    .where(eq(bookingHistory.bookingId, bookingId))
    .orderBy(asc(bookingHistory.id));
  return rows.map((row) => row.id);
}

describe("the table", () => {
  it("lists lead-follows-booking on booking.booked, booking.moved and booking.cancelled, and on nothing else", () => {
    const reacting = REACTIONS.filter(({ handlers }) => handlers.includes(leadFollowsBooking as never)).map(({ event }) => event.name);
    expect(reacting.sort()).toEqual([bookingBooked.name, bookingCancelled.name, bookingMoved.name].sort());
  });
});

describe("delivered by the outbox alone (no action's answer)", () => {
  it("booked: demo scheduled; moved: on the history, same status; cancelled: back to new (nobody had called)", async () => {
    const requestId = await newDemoRequest(database.db, courseId);
    const date = nextDay();
    const booking = await bookDemoSlot({ courseId, teacherId, startsAt: `${date}T10:00:00Z`, demoRequestId: requestId }, family);
    // The booking's own transaction wrote nothing on the request: its event's reaction does.
    expect(await leadOf(requestId)).toMatchObject({ status: "new" });
    expect(await historyOf(requestId)).toEqual([]);

    await deliverEvents(database.db);
    expect(await leadOf(requestId)).toEqual({ status: "demo_scheduled", firstContactedAt: null, statusChangedById: null });
    expect(await historyOf(requestId)).toEqual([
      [FAMILY_ACTOR.email, "lead.demo_booked", null],
      [FAMILY_ACTOR.email, "lead.status", "demo_scheduled"],
    ]);

    await rescheduleBooking({ token: booking.token, startsAt: `${date}T11:00:00Z` }, family);
    await deliverEvents(database.db);
    expect((await leadOf(requestId)).status).toBe("demo_scheduled");
    expect((await historyOf(requestId)).slice(2)).toEqual([[FAMILY_ACTOR.email, "lead.demo_moved", null]]);
    const [moved] = await database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, requestId), eq(auditEvents.action, "lead.demo_moved")));
    expect(moved!.details).toEqual({
      bookingId: booking.id,
      historyId: (await historyIds(booking.id))[1],
      startsAt: `${date}T11:00:00.000Z`,
      from: `${date}T10:00:00.000Z`,
    });

    await cancelBooking({ token: booking.token }, family);
    await deliverEvents(database.db);
    expect(await leadOf(requestId)).toMatchObject({ status: "new", firstContactedAt: null });
    expect((await historyOf(requestId)).slice(3)).toEqual([
      [FAMILY_ACTOR.email, "lead.demo_cancelled", null],
      [FAMILY_ACTOR.email, "lead.status", "new"],
    ]);
  });

  it("follows each change once, however many times it is delivered", async () => {
    const requestId = await newDemoRequest(database.db, courseId);
    const booking = await bookDemoSlot({ courseId, teacherId, startsAt: `${nextDay()}T10:00:00Z`, demoRequestId: requestId }, family);
    await deliverEvents(database.db);
    await cancelBooking({ token: booking.token }, family);
    await deliverEvents(database.db);
    const once = await historyOf(requestId);
    expect(once.map(([, action]) => action)).toEqual(["lead.demo_booked", "lead.status", "lead.demo_cancelled", "lead.status"]);

    // As after a crash before the deliveries were recorded: every row carrying them runs again.
    expect(await markReactionsUndelivered(database.db, bookingBooked.name, leadFollowsBooking.name)).toBeGreaterThan(0);
    expect(await markReactionsUndelivered(database.db, bookingCancelled.name, leadFollowsBooking.name)).toBeGreaterThan(0);
    await deliverEvents(database.db);
    // And the handler called again by hand with the same payloads.
    const [made, cancelled] = await historyIds(booking.id);
    await leadFollowsBooking.handle(database.db, { bookingId: booking.id, historyId: made! });
    await leadFollowsBooking.handle(database.db, { bookingId: booking.id, historyId: cancelled! });
    expect(await historyOf(requestId)).toEqual(once);
    expect((await leadOf(requestId)).status).toBe("new");
  });

  it("a booking cancelled again before its booking was followed schedules nothing, in either order", async () => {
    const requestId = await newDemoRequest(database.db, courseId);
    const booking = await bookDemoSlot({ courseId, teacherId, startsAt: `${nextDay()}T10:00:00Z`, demoRequestId: requestId }, family);
    await cancelBooking({ token: booking.token }, family);
    const [made, cancelled] = await historyIds(booking.id);
    // The cancellation followed first (a retry can reorder them), then the booking.
    await leadFollowsBooking.handle(database.db, { bookingId: booking.id, historyId: cancelled! });
    await leadFollowsBooking.handle(database.db, { bookingId: booking.id, historyId: made! });
    expect(await leadOf(requestId)).toMatchObject({ status: "new", statusChangedById: null });
    expect(await historyOf(requestId)).toEqual([
      [FAMILY_ACTOR.email, "lead.demo_cancelled", null],
      [FAMILY_ACTOR.email, "lead.demo_booked", null],
    ]);
  });

  it("a converted family stays converted", async () => {
    const requestId = await newDemoRequest(database.db, courseId);
    await database.db.update(demoRequests).set({ status: "converted" }).where(eq(demoRequests.id, requestId));
    await bookDemoSlot({ courseId, teacherId, startsAt: `${nextDay()}T10:00:00Z`, demoRequestId: requestId }, family);
    await deliverEvents(database.db);
    expect((await leadOf(requestId)).status).toBe("converted");
    expect(await historyOf(requestId)).toEqual([[FAMILY_ACTOR.email, "lead.demo_booked", null]]);
  });
});

describe("who made the change", () => {
  it("a team member's booking names them and is the family's first contact; a parent's account is named, not a contact", async () => {
    const support = await insertActor(database.db, "support");
    const byTeam = await newDemoRequest(database.db, courseId);
    const booking = await bookDemoSlot(
      { courseId, teacherId, startsAt: `${nextDay()}T10:00:00Z`, demoRequestId: byTeam },
      { ...family, actorId: support.id },
    );
    await deliverEvents(database.db);
    const lead = await leadOf(byTeam);
    expect(lead).toMatchObject({ status: "demo_scheduled", statusChangedById: support.id });
    expect(lead.firstContactedAt).toBeInstanceOf(Date);
    expect(await historyOf(byTeam)).toEqual([
      [support.email, "lead.demo_booked", null],
      [support.email, "lead.status", "demo_scheduled"],
    ]);
    // The team cancels it: the family had been contacted, so back to contacted, not new.
    await cancelBooking({ token: booking.token }, { ...family, actorId: support.id });
    await deliverEvents(database.db);
    expect(await leadOf(byTeam)).toMatchObject({ status: "contacted", statusChangedById: support.id });

    const parent = await insertActor(database.db, "student");
    const byParent = await newDemoRequest(database.db, courseId);
    await bookDemoSlot(
      { courseId, teacherId, startsAt: `${nextDay()}T10:00:00Z`, demoRequestId: byParent },
      { ...family, actorId: parent.id },
    );
    await deliverEvents(database.db);
    expect(await leadOf(byParent)).toEqual({ status: "demo_scheduled", firstContactedAt: null, statusChangedById: parent.id });
    expect((await historyOf(byParent))[0]).toEqual([parent.email, "lead.demo_booked", null]);
  });
});

describe("before the answer of the action that made the change", () => {
  it("the request has followed when the action answers, and the outbox's later delivery adds nothing", async () => {
    reactBeforeTheAnswerWith(REACTIONS);
    const requestId = await newDemoRequest(database.db, courseId);
    const answer = await runAction("test book demo", async () => {
      await bookDemoSlot({ courseId, teacherId, startsAt: `${nextDay()}T10:00:00Z`, demoRequestId: requestId }, family);
      return "booked";
    });
    expect(answer).toEqual({ ok: true, message: "booked" });
    // Nothing delivered yet: the action's own run.
    expect((await leadOf(requestId)).status).toBe("demo_scheduled");
    const before = await historyOf(requestId);
    expect(before.map(([, action]) => action)).toEqual(["lead.demo_booked", "lead.status"]);

    await deliverEvents(database.db);
    expect(await historyOf(requestId)).toEqual(before);
  });
});
