import { asc, eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import { auditEvents, bookingHistory, bookings, demoRequests, users } from "@/lib/platform/db/schema";
import { LEAD_BOOKING_MESSAGES } from "@/lib/demo-requests/lead-follows-booking";
import { reactBeforeTheAnswerWith } from "@/lib/platform/events/reactions";
import { REACTIONS } from "@/lib/reactions/table";
import { requestTimezone, SUPPORT_BOOKING_MESSAGES } from "@/lib/demo-requests/support-booking";
import { SCHEDULING_MESSAGES } from "@/lib/scheduling/schema";
import { actionContext } from "@/test/action-context";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";
import { EVERY_DAY, newCourse, newDemoRequest, newTeacher } from "@/test/scheduling-fixtures";

import { bookRequestDemoAction, cancelRequestDemoAction, listRequestSlotsAction, moveRequestDemoAction } from "./actions";

// A server action's request scope is Next's: its session comes from next-auth, its cache from next/cache.
jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let courseId: number;
let support: Actor;
let admin: Actor;
let teacher: Actor;
let student: Actor;

beforeAll(async () => {
  database = await openTestDatabase();
  // As the server's start does: the reactions the agent must find done on their next page (the lead
  // following its booking) run before each action's answer.
  reactBeforeTheAnswerWith(REACTIONS);
  // Every day 09:00-17:00 in London: open times from 12 hours ahead, whatever the day the test runs.
  const teacherId = await newTeacher(database.db, "Europe/London", EVERY_DAY(9 * 60, 17 * 60));
  courseId = await newCourse(database.db, teacherId);
  [support, admin, teacher, student] = await Promise.all([
    insertActor(database.db, "support"),
    insertActor(database.db, "admin"),
    insertActor(database.db, "teacher"),
    insertActor(database.db, "student"),
  ]);
});
afterAll(async () => {
  reactBeforeTheAnswerWith(undefined);
  actionContext.user = null;
  await database.dispose();
});

function signInAs(actor: Actor | null) {
  const user: SessionUser | null = actor && {
    id: `uid-${actor.id}`,
    name: null,
    email: actor.email,
    displayName: null,
    photoURL: null,
    role: actor.role,
    databaseId: actor.id,
    emailVerified: true,
  };
  actionContext.user = user;
}

async function openTimes(requestId: string, bookingId?: string) {
  const listed = await listRequestSlotsAction({ requestId, timezone: "UTC", bookingId });
  if (!listed.ok) throw new Error(listed.message);
  return listed.data.flatMap((day) => day.slots);
}

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

async function bookingsOf(id: string) {
  return database.db
    .select({ id: bookings.id, startsAt: bookings.startsAt, status: bookings.status, changedById: bookings.changedById })
    .from(bookings)
    .where(eq(bookings.demoRequestId, id))
    .orderBy(asc(bookings.createdAt));
}

async function auditOf(id: string) {
  const rows = await database.db
    .select({ actorEmail: auditEvents.actorEmail, action: auditEvents.action, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.targetId, id))
    .orderBy(asc(auditEvents.id));
  return rows.map((row) => [row.actorEmail, row.action, row.details]);
}

describe("support books, moves and cancels a family's demo (issue 17)", () => {
  it("books a time for a new request, moves it, cancels it: audited, booking_history names the agent, the lead follows", async () => {
    const requestId = await newDemoRequest(database.db, courseId);
    signInAs(support);
    const [first, second] = await openTimes(requestId);

    const booked = await bookRequestDemoAction({ requestId, teacherId: first!.teacherId, startsAt: first!.startsAt });
    expect(booked).toEqual({ ok: true, message: expect.stringMatching(/^Demo booked for .+, \d{1,2}:\d{2}\s[AP]M UTC\.$/) });
    const [booking] = await bookingsOf(requestId);
    expect(booking).toMatchObject({ startsAt: new Date(first!.startsAt), status: "confirmed", changedById: support.id });
    // Booked by the team: demo scheduled, and the family counts as contacted (the 24-hour promise).
    const afterBooking = await leadOf(requestId);
    expect(afterBooking).toMatchObject({ status: "demo_scheduled", statusChangedById: support.id });
    expect(afterBooking.firstContactedAt).toBeInstanceOf(Date);

    // Moving offers the booking's teacher's other times, not its own.
    const moveTimes = await openTimes(requestId, booking!.id);
    expect(moveTimes.map((slot) => slot.startsAt)).not.toContain(first!.startsAt);
    expect(moveTimes.map((slot) => slot.startsAt)).toContain(second!.startsAt);
    const moved = await moveRequestDemoAction({ requestId, bookingId: booking!.id, startsAt: second!.startsAt });
    expect(moved).toEqual({ ok: true, message: expect.stringMatching(/^Demo moved to .+, \d{1,2}:\d{2}\s[AP]M UTC\.$/) });
    expect(await bookingsOf(requestId)).toEqual([expect.objectContaining({ id: booking!.id, startsAt: new Date(second!.startsAt) })]);
    expect((await leadOf(requestId)).status).toBe("demo_scheduled");

    expect(await cancelRequestDemoAction({ requestId, bookingId: booking!.id })).toEqual({ ok: true, message: "Demo cancelled." });
    expect(await bookingsOf(requestId)).toEqual([expect.objectContaining({ status: "cancelled", changedById: support.id })]);
    // The team had been in touch: back to contacted, not new.
    expect(await leadOf(requestId)).toMatchObject({ status: "contacted", statusChangedById: support.id });

    const history = await database.db
      .select({
        id: bookingHistory.id,
        from: bookingHistory.fromStatus,
        to: bookingHistory.toStatus,
        toStartsAt: bookingHistory.toStartsAt,
        byId: bookingHistory.byId,
      })
      .from(bookingHistory)
      .where(eq(bookingHistory.bookingId, booking!.id))
      .orderBy(asc(bookingHistory.id));
    expect(history).toEqual([
      { id: expect.any(Number), from: null, to: "confirmed", toStartsAt: new Date(first!.startsAt), byId: support.id },
      { id: expect.any(Number), from: "confirmed", to: "confirmed", toStartsAt: new Date(second!.startsAt), byId: support.id },
      { id: expect.any(Number), from: "confirmed", to: "cancelled", toStartsAt: null, byId: support.id },
    ]);
    const [made, movedTo, cancelled] = history.map((row) => row.id);
    const startsAt = (slot: typeof first) => new Date(slot!.startsAt).toISOString();
    // Each change on the request's history once, with the booking_history row it follows.
    expect(await auditOf(requestId)).toEqual([
      [support.email, "lead.demo_booked", { bookingId: booking!.id, historyId: made, startsAt: startsAt(first) }],
      [support.email, "lead.status", { from: "new", to: "demo_scheduled", because: "demo_booked" }],
      [support.email, "lead.demo_moved", { bookingId: booking!.id, historyId: movedTo, startsAt: startsAt(second), from: startsAt(first) }],
      [support.email, "lead.demo_cancelled", { bookingId: booking!.id, historyId: cancelled, startsAt: startsAt(second) }],
      [support.email, "lead.status", { from: "demo_scheduled", to: "contacted", because: "demo_cancelled" }],
    ]);

    // With nothing live, a new time can be booked again; an admin may too.
    signInAs(admin);
    const [again] = await openTimes(requestId);
    expect(await bookRequestDemoAction({ requestId, teacherId: again!.teacherId, startsAt: again!.startsAt })).toMatchObject({ ok: true });
    expect((await leadOf(requestId)).status).toBe("demo_scheduled");
  });

  it("refuses teachers, students and the signed-out, changing nothing", async () => {
    const requestId = await newDemoRequest(database.db, courseId);
    signInAs(support);
    const [slot, other] = await openTimes(requestId);
    await bookRequestDemoAction({ requestId, teacherId: slot!.teacherId, startsAt: slot!.startsAt });
    const [booking] = await bookingsOf(requestId);
    const before = { lead: await leadOf(requestId), bookings: await bookingsOf(requestId), audit: await auditOf(requestId) };

    const otherRequest = await newDemoRequest(database.db, courseId);
    for (const [actor, message] of [
      [teacher, "You are not allowed to do that."],
      [student, "You are not allowed to do that."],
      [null, "Please sign in first."],
    ] as const) {
      signInAs(actor);
      const refused = { ok: false, message };
      expect(await listRequestSlotsAction({ requestId, timezone: "UTC" })).toEqual(refused);
      expect(await bookRequestDemoAction({ requestId: otherRequest, teacherId: other!.teacherId, startsAt: other!.startsAt })).toEqual(
        refused,
      );
      expect(await moveRequestDemoAction({ requestId, bookingId: booking!.id, startsAt: other!.startsAt })).toEqual(refused);
      expect(await cancelRequestDemoAction({ requestId, bookingId: booking!.id })).toEqual(refused);
    }
    expect({ lead: await leadOf(requestId), bookings: await bookingsOf(requestId), audit: await auditOf(requestId) }).toEqual(before);
    expect(await bookingsOf(otherRequest)).toEqual([]);
    expect(await leadOf(otherRequest)).toMatchObject({ status: "new", firstContactedAt: null });
  });

  it("answers 'That time was just taken' when another family got the slot first, and stores nothing", async () => {
    const first = await newDemoRequest(database.db, courseId);
    const second = await newDemoRequest(database.db, courseId);
    signInAs(support);
    const [slot, later] = await openTimes(second);
    // The first request takes the time while the agent has the second's picker open.
    expect(await bookRequestDemoAction({ requestId: first, teacherId: slot!.teacherId, startsAt: slot!.startsAt })).toMatchObject({
      ok: true,
    });

    expect(await bookRequestDemoAction({ requestId: second, teacherId: slot!.teacherId, startsAt: slot!.startsAt })).toEqual({
      ok: false,
      message: SCHEDULING_MESSAGES.slotTaken,
    });
    expect(await bookingsOf(second)).toEqual([]);
    expect(await auditOf(second)).toEqual([]);
    expect((await leadOf(second)).status).toBe("new");

    // Moving onto a taken time is refused alike and leaves the booking where it was.
    await bookRequestDemoAction({ requestId: second, teacherId: later!.teacherId, startsAt: later!.startsAt });
    const [booking] = await bookingsOf(second);
    const auditBefore = await auditOf(second);
    expect(await moveRequestDemoAction({ requestId: second, bookingId: booking!.id, startsAt: slot!.startsAt })).toEqual({
      ok: false,
      message: SCHEDULING_MESSAGES.slotTaken,
    });
    expect(await bookingsOf(second)).toEqual([expect.objectContaining({ startsAt: new Date(later!.startsAt), status: "confirmed" })]);
    expect(await auditOf(second)).toEqual(auditBefore);
  });

  it("refuses a second live demo, another request's booking, bad input and a request with no course", async () => {
    const requestId = await newDemoRequest(database.db, courseId);
    signInAs(support);
    const [slot, other] = await openTimes(requestId);
    await bookRequestDemoAction({ requestId, teacherId: slot!.teacherId, startsAt: slot!.startsAt });
    expect(await bookRequestDemoAction({ requestId, teacherId: other!.teacherId, startsAt: other!.startsAt })).toEqual({
      ok: false,
      message: LEAD_BOOKING_MESSAGES.alreadyBooked,
    });
    expect(await bookingsOf(requestId)).toHaveLength(1);

    // A booking is found by its id and its request together.
    const [booking] = await bookingsOf(requestId);
    const stranger = await newDemoRequest(database.db, courseId);
    expect(await cancelRequestDemoAction({ requestId: stranger, bookingId: booking!.id })).toEqual({
      ok: false,
      message: SCHEDULING_MESSAGES.bookingNotFound,
    });
    expect((await bookingsOf(requestId))[0]!.status).toBe("confirmed");

    expect(await bookRequestDemoAction({ requestId: stranger, teacherId: other!.teacherId, startsAt: "tomorrow at 5" })).toMatchObject({
      ok: false,
      message: SCHEDULING_MESSAGES.instantInvalid,
    });
    expect(await moveRequestDemoAction({ requestId: "not-a-uuid", bookingId: booking!.id, startsAt: other!.startsAt })).toMatchObject({
      ok: false,
      message: "Unknown demo request.",
    });
    expect(await listRequestSlotsAction({ requestId, timezone: "Mars/Olympus" })).toEqual({
      ok: false,
      message: SCHEDULING_MESSAGES.timezoneInvalid,
    });
    const noCourse = await newDemoRequest(database.db, null);
    expect(await listRequestSlotsAction({ requestId: noCourse, timezone: "UTC" })).toEqual({
      ok: false,
      message: SUPPORT_BOOKING_MESSAGES.noCourse,
    });
    expect(await bookingsOf(stranger)).toEqual([]);
  });
});

describe("support reads a lead's times in the family's zone (issue 31 item 3)", () => {
  it("uses the family's account zone, else their booking's zone, else the agent's own, saying which", async () => {
    signInAs(support);
    // Nothing known of the family: the agent's zone (UTC here), marked as not the family's.
    const unknown = await newDemoRequest(database.db, courseId);
    expect(await requestTimezone(support, unknown)).toEqual({ zone: "UTC", isFamilys: false });

    // A family who booked from Los Angeles: their booking's zone, and the agent's answer reads in it.
    const booked = await newDemoRequest(database.db, courseId);
    const [slot] = await openTimes(booked);
    expect(await bookRequestDemoAction({ requestId: booked, teacherId: slot!.teacherId, startsAt: slot!.startsAt })).toMatchObject({
      ok: true,
    });
    await database.db.update(bookings).set({ timezone: "America/Los_Angeles" }).where(eq(bookings.demoRequestId, booked));
    expect(await requestTimezone(support, booked)).toEqual({ zone: "America/Los_Angeles", isFamilys: true });
    const [booking] = await bookingsOf(booked);
    const [, later] = await openTimes(booked, booking!.id);
    expect(await moveRequestDemoAction({ requestId: booked, bookingId: booking!.id, startsAt: later!.startsAt })).toEqual({
      ok: true,
      message: expect.stringMatching(/^Demo moved to .+ Pacific Time \(Los Angeles\)\.$/),
    });

    // A family with an account: the account's zone wins, and a booking support makes keeps it for their emails.
    const withAccount = await newDemoRequest(database.db, courseId);
    await database.db.update(users).set({ timezone: "America/New_York" }).where(eq(users.id, student.id));
    await database.db.update(demoRequests).set({ userId: student.id }).where(eq(demoRequests.id, withAccount));
    expect(await requestTimezone(support, withAccount)).toEqual({ zone: "America/New_York", isFamilys: true });
    const [open] = await openTimes(withAccount);
    expect(await bookRequestDemoAction({ requestId: withAccount, teacherId: open!.teacherId, startsAt: open!.startsAt })).toEqual({
      ok: true,
      message: expect.stringMatching(/^Demo booked for .+ Eastern Time \(New York\)\.$/),
    });
    const [kept] = await database.db.select({ timezone: bookings.timezone }).from(bookings).where(eq(bookings.demoRequestId, withAccount));
    expect(kept!.timezone).toBe("America/New_York");
  });
});
