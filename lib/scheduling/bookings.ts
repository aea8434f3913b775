import "server-only";

import { randomBytes } from "node:crypto";

import { and, eq, inArray } from "drizzle-orm";
import { DateTime } from "luxon";

import { getDb, type Database, type Transaction } from "@/lib/platform/db/client";
import { bookingHistory, bookings, demoRequests, learners } from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";

import { bookingBooked, bookingCancelled, bookingMoved } from "./events";
import { childForSignedInRequest } from "./learners";
import { SCHEDULING_MESSAGES, bookDemoSlotSchema, rescheduleSchema, type BookDemoSlotInput } from "./schema";
import { computeOpenSlots } from "./slot-grid";
import { courseTeacherIds, LIVE_BOOKING_STATUSES, loadTeacherSchedules } from "./slots";
import { parseInstant } from "./time";

export type BookingStatus = (typeof bookings.$inferSelect)["status"];

export interface BookingView {
  id: string;
  kind: "demo" | "seat";
  token: string;
  courseId: number | null;
  teacherId: number;
  learnerId: number | null;
  demoRequestId: string | null;
  startsAt: string;
  endsAt: string;
  status: BookingStatus;
}

/** What a booking change was: its event (lib/scheduling/events.ts) and its booking_history row say which. */
export type BookingChangeKind = "booked" | "moved" | "cancelled";

export interface SchedulingContext {
  /** The signed-in user acting (a parent, or staff); null for a family without an account. */
  actorId: number | null;
  now?: Date;
  slotMinutes?: number;
  leadTimeHours?: number;
}

const CHANGE_EVENTS = { booked: bookingBooked, moved: bookingMoved, cancelled: bookingCancelled } as const;

/**
 * The change's event, in the change's transaction: who reacts (the messages, the lead that follows
 * its demo booking) is listed in lib/reactions/table.ts.
 */
async function announce(tx: Transaction, change: { kind: BookingChangeKind; bookingId: string; historyId: number }): Promise<void> {
  await emit(tx, CHANGE_EVENTS[change.kind], { bookingId: change.bookingId, historyId: change.historyId });
}

/** Whether the demo request has a live demo (held or confirmed). */
export async function hasLiveDemo(db: Pick<Transaction, "select">, demoRequestId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.demoRequestId, demoRequestId), eq(bookings.kind, "demo"), inArray(bookings.status, [...LIVE_BOOKING_STATUSES])))
    .limit(1);
  return live !== undefined;
}

/**
 * A demo request holds one live demo at a time (a second would leave the family two times and
 * support guessing). Locks the request's row, so bookings of one request and support's manual
 * status changes (lib/demo-requests/workflow.ts) apply one after the other; in the booking's
 * transaction, before its row is written.
 */
async function refuseSecondLiveDemo(tx: Transaction, demoRequestId: string): Promise<void> {
  await tx.select({ id: demoRequests.id }).from(demoRequests).where(eq(demoRequests.id, demoRequestId)).for("update");
  if (await hasLiveDemo(tx, demoRequestId)) throw new AppError("conflict", SCHEDULING_MESSAGES.requestAlreadyBooked);
}

function toView(row: typeof bookings.$inferSelect): BookingView {
  return {
    id: row.id,
    kind: row.kind,
    token: row.token,
    courseId: row.courseId,
    teacherId: row.teacherId,
    learnerId: row.learnerId,
    demoRequestId: row.demoRequestId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
  };
}

/** The unique index on live demos said no: someone else took this teacher at this instant first. */
function isSlotTaken(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const { code, constraint, message, cause } = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
  if (code === "23505" && String(constraint ?? message).includes("bookings_demo_slot_key")) return true;
  return isSlotTaken(cause, depth + 1);
}

const invalidTime = (message: string) => new AppError("invalid", message, { fieldErrors: { startsAt: message } });

/**
 * The checks every demo time passes, booked or moved to: a real instant, not past, past the lead
 * time, on offer from this teacher for this course (hours, exceptions, grid), and not taken. The
 * last check is a courtesy: the unique index decides races.
 */
async function checkDemoTime(
  db: Database,
  target: { courseId: number; teacherId: number; startsAt: string },
  context: SchedulingContext,
  ignoreBookingId?: string,
): Promise<{ startsAt: Date; endsAt: Date }> {
  const now = context.now ?? new Date();
  const slotMinutes = context.slotMinutes ?? env.DEMO_SLOT_MINUTES;
  const leadTimeHours = context.leadTimeHours ?? env.DEMO_LEAD_TIME_HOURS;
  const start = parseInstant(target.startsAt);
  if (!start.isValid) throw invalidTime(SCHEDULING_MESSAGES.instantInvalid);
  if (start.toMillis() <= now.getTime()) throw invalidTime(SCHEDULING_MESSAGES.slotPast);
  if (start < DateTime.fromJSDate(now).plus({ hours: leadTimeHours })) throw invalidTime(SCHEDULING_MESSAGES.slotTooSoon);

  const teacher = (await courseTeacherIds(db, target.courseId)).find((t) => t.teacherId === target.teacherId);
  if (!teacher)
    throw new AppError("invalid", SCHEDULING_MESSAGES.teacherNotOfCourse, {
      fieldErrors: { teacherId: SCHEDULING_MESSAGES.teacherNotOfCourse },
    });
  const end = start.plus({ minutes: slotMinutes });
  const [schedule] = await loadTeacherSchedules(db, [teacher], start.toJSDate(), end.toJSDate(), ignoreBookingId);
  if (!schedule) throw invalidTime(SCHEDULING_MESSAGES.slotNotOffered);
  const options = { from: start.toJSDate(), to: end.toJSDate(), now, slotMinutes, leadTimeHours };
  const isOnGrid = computeOpenSlots([{ ...schedule, busy: [] }], options).some((slot) => Date.parse(slot.startsAt) === start.toMillis());
  if (!isOnGrid) throw invalidTime(SCHEDULING_MESSAGES.slotNotOffered);
  if (computeOpenSlots([schedule], options).length === 0) throw new AppError("conflict", SCHEDULING_MESSAGES.slotTaken);
  return { startsAt: start.toJSDate(), endsAt: end.toJSDate() };
}

/**
 * Books a demo slot at once (issue: "picking one books it for that lead"): for one of the actor's
 * children, or for a demo request (a family without an account yet). Exclusive by the database:
 * of many families picking one slot together, one gets it and the others a 409 with
 * SCHEDULING_MESSAGES.slotTaken, with nothing stored for them.
 */
export async function bookDemoSlot(input: BookDemoSlotInput, context: SchedulingContext): Promise<BookingView> {
  const data = parseInput(bookDemoSlotSchema, input);
  const db = await getDb();

  if (data.learnerId !== undefined) {
    const [learner] = await db.select({ parentId: learners.parentId }).from(learners).where(eq(learners.id, data.learnerId));
    // Someone else's child and no child at all answer alike: nothing is revealed.
    if (!learner || context.actorId === null || learner.parentId !== context.actorId) {
      throw new AppError("forbidden", SCHEDULING_MESSAGES.learnerNotYours, {
        fieldErrors: { learnerId: SCHEDULING_MESSAGES.learnerNotYours },
      });
    }
  }
  let signedInRequest: { id: string; parentId: number; grade: number | null; learnerId: number | null } | null = null;
  if (data.demoRequestId !== undefined) {
    const [request] = await db
      .select({
        courseId: demoRequests.courseId,
        userId: demoRequests.userId,
        grade: demoRequests.grade,
        learnerId: demoRequests.learnerId,
      })
      .from(demoRequests)
      .where(eq(demoRequests.id, data.demoRequestId));
    if (!request) throw new AppError("not-found", SCHEDULING_MESSAGES.demoRequestNotFound);
    if (request.userId !== null)
      signedInRequest = { id: data.demoRequestId, parentId: request.userId, grade: request.grade, learnerId: request.learnerId };
    if (request.courseId !== null && request.courseId !== data.courseId) {
      throw new AppError("invalid", SCHEDULING_MESSAGES.demoRequestOtherCourse, {
        fieldErrors: { courseId: SCHEDULING_MESSAGES.demoRequestOtherCourse },
      });
    }
  }

  const { startsAt, endsAt } = await checkDemoTime(db, data, context);
  try {
    return await db.transaction(async (tx) => {
      if (data.demoRequestId !== undefined) await refuseSecondLiveDemo(tx, data.demoRequestId);
      // A request made signed in is the account's own: its child comes with the booking.
      const learnerId = data.learnerId ?? (signedInRequest ? await childForSignedInRequest(tx, signedInRequest) : null);
      const [row] = await tx
        .insert(bookings)
        .values({
          kind: "demo",
          learnerId,
          demoRequestId: data.demoRequestId ?? null,
          teacherId: data.teacherId,
          courseId: data.courseId,
          startsAt,
          endsAt,
          status: "confirmed",
          changedById: context.actorId,
          token: randomBytes(24).toString("base64url"),
          timezone: data.timezone ?? null,
        })
        .returning();
      if (!row) throw new Error("insert returned no booking");
      const [history] = await tx
        .insert(bookingHistory)
        .values({ bookingId: row.id, fromStatus: null, toStatus: row.status, toStartsAt: startsAt, byId: context.actorId })
        .returning({ id: bookingHistory.id });
      if (!history) throw new Error("insert returned no history");
      await announce(tx, { kind: "booked", bookingId: row.id, historyId: history.id });
      return toView(row);
    });
  } catch (error) {
    if (isSlotTaken(error)) throw new AppError("conflict", SCHEDULING_MESSAGES.slotTaken);
    throw error;
  }
}

/** A booking by its token (the family's no-login status page); null when there is none. */
export async function findBookingByToken(token: string): Promise<BookingView | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const db = await getDb();
  const [row] = await db.select().from(bookings).where(eq(bookings.token, token));
  return row ? toView(row) : null;
}

async function bookingForChange(db: Database, token: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.token, token));
  if (!row) throw new AppError("not-found", SCHEDULING_MESSAGES.bookingNotFound);
  if (row.status === "attended" || row.status === "no_show") throw new AppError("conflict", SCHEDULING_MESSAGES.bookingNotChangeable);
  return row;
}

/**
 * Moves a live demo to another open slot of the same teacher and course. A cancelled booking
 * cannot be moved (book a new time instead); the old time is freed in the same transaction.
 */
export async function rescheduleBooking(input: { token: string; startsAt: string }, context: SchedulingContext): Promise<BookingView> {
  const { startsAt: wanted } = parseInput(rescheduleSchema, { startsAt: input.startsAt });
  const db = await getDb();
  const booking = await bookingForChange(db, input.token);
  if (booking.status === "cancelled") throw new AppError("conflict", SCHEDULING_MESSAGES.bookingCancelled);
  if (booking.kind !== "demo" || booking.courseId === null) throw new AppError("invalid", "Only a demo can be moved to another time.");
  const { startsAt, endsAt } = await checkDemoTime(
    db,
    { courseId: booking.courseId, teacherId: booking.teacherId, startsAt: wanted },
    context,
    booking.id,
  );
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(bookings)
        .set({ startsAt, endsAt, statusChangedAt: new Date(), changedById: context.actorId })
        .where(eq(bookings.id, booking.id))
        .returning();
      if (!row) throw new AppError("not-found", SCHEDULING_MESSAGES.bookingNotFound);
      const [history] = await tx
        .insert(bookingHistory)
        .values({
          bookingId: row.id,
          fromStatus: booking.status,
          toStatus: row.status,
          fromStartsAt: booking.startsAt,
          toStartsAt: startsAt,
          byId: context.actorId,
        })
        .returning({ id: bookingHistory.id });
      if (!history) throw new Error("insert returned no history");
      await announce(tx, { kind: "moved", bookingId: row.id, historyId: history.id });
      return toView(row);
    });
  } catch (error) {
    if (isSlotTaken(error)) throw new AppError("conflict", SCHEDULING_MESSAGES.slotTaken);
    throw error;
  }
}

/** Cancels a live booking and frees its time; cancelling twice changes nothing more. */
export async function cancelBooking(input: { token: string }, context: SchedulingContext): Promise<BookingView> {
  const db = await getDb();
  const booking = await bookingForChange(db, input.token);
  if (booking.status === "cancelled") return toView(booking);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: "cancelled", statusChangedAt: new Date(), changedById: context.actorId })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!row) throw new AppError("not-found", SCHEDULING_MESSAGES.bookingNotFound);
    const [history] = await tx
      .insert(bookingHistory)
      .values({ bookingId: row.id, fromStatus: booking.status, toStatus: "cancelled", byId: context.actorId })
      .returning({ id: bookingHistory.id });
    if (!history) throw new Error("insert returned no history");
    await announce(tx, { kind: "cancelled", bookingId: row.id, historyId: history.id });
    return toView(row);
  });
}

/** A booking's changes, oldest first (for staff pages and the family's status page). */
export async function bookingHistoryOf(bookingId: string) {
  const db = await getDb();
  return db
    .select({
      fromStatus: bookingHistory.fromStatus,
      toStatus: bookingHistory.toStatus,
      fromStartsAt: bookingHistory.fromStartsAt,
      toStartsAt: bookingHistory.toStartsAt,
      at: bookingHistory.at,
      byId: bookingHistory.byId,
    })
    .from(bookingHistory)
    .where(eq(bookingHistory.bookingId, bookingId))
    .orderBy(bookingHistory.at, bookingHistory.id);
}
