import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { randomBytes, randomUUID } from "node:crypto";

import { and, asc, count, eq, gt, inArray, lte, ne } from "drizzle-orm";

import { bookingHistory, bookings, courses, orderItems, orders, sections, teacherProfiles } from "@/lib/platform/db/schema/index";
import { emit } from "@/lib/platform/events/events";
import { AppError } from "@/lib/platform/errors";
import { loadSessionChanges } from "@/lib/scheduling/session-changes";
import { sectionSessionsWithChanges, type SessionChange } from "@/lib/scheduling/session-overrides";
import { nextSessionBetween, type SessionTimes } from "@/lib/scheduling/sessions";
import { settleFreedSeats } from "@/lib/scheduling/waitlist";

import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { orderHoldReleased } from "@/lib/commerce/events";

/** A locked section with its course's title and what else decides whether it is on sale (isSectionOnSale). */
export type LockedSection = typeof sections.$inferSelect & {
  title: string;
  courseIsPublished: boolean;
  teacherApprovedAt: Date | null;
  teacherClearedUntil: Date | null;
  teacherListingReviewPending: boolean | null;
  /** Its sessions moved or cancelled on their own (issue 27): a seat's first session is never a cancelled one. */
  sessionChanges: SessionChange[];
};

/**
 * Locks the sections (select ... for update), always in id order, so two checkouts for the same
 * sections queue behind each other instead of waiting on each other in a circle. Every seat count
 * that decides an enrolment is read after this lock, in the transaction that writes the seat.
 */
export async function lockSections(tx: Transaction, ids: number[]): Promise<Map<number, LockedSection>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      section: sections,
      title: courses.title,
      courseIsPublished: courses.isPublished,
      teacherApprovedAt: teacherProfiles.approvedAt,
      teacherClearedUntil: teacherProfiles.clearedUntil,
      teacherListingReviewPending: teacherProfiles.listingReviewPending,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .where(inArray(sections.id, [...new Set(ids)]))
    .orderBy(asc(sections.id))
    .for("update", { of: sections });
  const changes = await loadSessionChanges(
    tx,
    rows.map(({ section }) => section.id),
  );
  return new Map(rows.map(({ section, ...rest }) => [section.id, { ...section, ...rest, sessionChanges: changes.get(section.id) ?? [] }]));
}

/**
 * Seats whose card checkout ran past its hold go back on sale (their orders end on Stripe's expiry
 * event), and each of those orders' Checkout Sessions is expired at Stripe (order.hold-released).
 * `keepHoldsOf`: the order whose payment is being completed keeps its own. Returns how many seats.
 */
export async function releaseExpiredHolds(tx: Transaction, sectionIds: number[], now: Date, keepHoldsOf?: string): Promise<number> {
  if (sectionIds.length === 0) return 0;
  const released = await tx
    .update(bookings)
    .set({ status: "cancelled", statusChangedAt: now })
    .where(
      and(
        eq(bookings.kind, "seat"),
        eq(bookings.status, "held"),
        inArray(bookings.sectionId, sectionIds),
        inArray(bookings.id, expiredHoldBookingIds(tx, now, keepHoldsOf)),
      ),
    )
    .returning({ id: bookings.id, sectionId: bookings.sectionId });
  if (released.length > 0) {
    await tx
      .insert(bookingHistory)
      .values(released.map((b) => ({ bookingId: b.id, fromStatus: "held" as const, toStatus: "cancelled" as const, at: now })));
    await reopenFreedSections(
      tx,
      released.flatMap((b) => (b.sectionId === null ? [] : [b.sectionId])),
      now,
    );
    // Their checkouts can no longer pay for them: each order's Stripe session is expired (lib/reactions).
    const releasedOrders = await tx
      .selectDistinct({ orderId: orders.id, checkoutSessionId: orders.stripeCheckoutSessionId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        inArray(
          orderItems.bookingId,
          released.map((b) => b.id),
        ),
      );
    for (const order of releasedOrders) await emit(tx, orderHoldReleased, order);
  }
  return released.length;
}

/** The seats of pending card checkouts whose hold has run out (the pending orders are few: see orders_pending_hold_idx). */
export function expiredHoldBookingIds(tx: Transaction, now: Date, keepHoldsOf?: string) {
  return tx
    .select({ bookingId: orderItems.bookingId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.status, "pending"), lte(orders.holdExpiresAt, now), keepHoldsOf ? ne(orders.id, keepHoldsOf) : undefined));
}

/** The count of seats this buyer holds for pending card payments whose hold has not run out (the unpaid-seat cap). */
export function heldSeatsOf(tx: Transaction, userId: number, now: Date) {
  return tx
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending"), gt(orders.holdExpiresAt, now), eq(bookings.status, "held")));
}

/**
 * Seats freed in these sections (a withdrawal, a refund, an expired hold), in the transaction that
 * freed them and under the sections' locks (so a checkout counting seats waits for it): they go
 * first to the children on the section's waitlist, as offers (lib/scheduling/waitlist.ts), and a
 * section marked `full` with seats still free after that is open again. `freedIn` names each freed
 * seat's section, once per seat. Only a section those seats had filled reopens or offers: one closed
 * to enrolment with seats to spare stays as set.
 */
export async function reopenFreedSections(tx: Transaction, freedIn: number[], now = new Date()): Promise<void> {
  if (freedIn.length === 0) return;
  await lockSections(tx, freedIn);
  await settleFreedSeats(tx, freedIn, now);
}

/**
 * The update that sets sections whose last seat was just taken to `full`, under their locks
 * (reopenFreedSections undoes it); the caller runs it alone or as a part of its own statement.
 */
export function markSectionsFull(tx: Transaction, sectionIds: number[], now: Date) {
  return tx
    .update(sections)
    .set({ status: "full", updatedAt: now })
    .where(and(inArray(sections.id, sectionIds), eq(sections.status, "open")));
}

/** The last answer of nextSession per section row (rows are never changed in place; a new read is a new object). */
const lastNextSession = new WeakMap<object, { at: number; session: SessionTimes | null }>();

/**
 * The section's next session from now: a seat booking starts there. A checkout asks twice per seat
 * (the check, then the seat's row) and each answer walks the RRULE: the second is remembered. With
 * the section's session changes known (a locked section), the first regular session: a cancelled
 * one is no first session, and the seat's series (its invite's DTSTART) starts on an occurrence
 * of the rule, so a moved session or a make-up before it does not start it.
 */
export function nextSession(section: LockedSection | typeof sections.$inferSelect, now: Date): SessionTimes | null {
  const last = lastNextSession.get(section);
  if (last?.at === now.getTime()) return last.session;
  const until = new Date(now.getTime() + 366 * 86_400_000);
  const changed = "sessionChanges" in section && section.sessionChanges.length > 0;
  const regular = changed ? sectionSessionsWithChanges(section, now, until).find((s) => s.state === "scheduled") : undefined;
  const session = changed
    ? regular
      ? { startsAt: regular.startsAt, endsAt: regular.endsAt }
      : null
    : nextSessionBetween(section, now, until);
  lastNextSession.set(section, { at: now.getTime(), session });
  return session;
}

/** A seat booking to insert and its first history row; its id is made here, so both (and an order item) go in together. */
export interface NewSeat {
  id: string;
  booking: typeof bookings.$inferInsert;
  history: typeof bookingHistory.$inferInsert;
}

/** A seat from the section's next session (held for a card checkout, confirmed when paid). */
export function newSeat(
  section: LockedSection,
  learnerId: number,
  status: "held" | "confirmed",
  actorId: number | null,
  now: Date,
): NewSeat {
  const session = nextSession(section, now);
  if (!session) throw new AppError("conflict", COMMERCE_MESSAGES.sectionNoSessionsLeft(section.title));
  const id = randomUUID();
  const startsAt = new Date(session.startsAt);
  return {
    id,
    booking: {
      id,
      kind: "seat",
      learnerId,
      teacherId: section.teacherId,
      sectionId: section.id,
      courseId: section.courseId,
      startsAt,
      endsAt: new Date(session.endsAt),
      status,
      statusChangedAt: now,
      changedById: actorId,
      token: randomBytes(24).toString("base64url"),
    },
    history: { bookingId: id, fromStatus: null, toStatus: status, toStartsAt: startsAt, byId: actorId, at: now },
  };
}

/**
 * The inserts of new seats' history rows, as a part (CTE) of the caller's statement that inserts
 * the bookings themselves: a booking and its history are one round trip. The foreign key from the
 * history to the booking is checked at the end of the statement, when both are in.
 */
export function seatHistoryInsert(tx: Transaction, seats: NewSeat[]) {
  return tx.$with("new_seat_history").as(tx.insert(bookingHistory).values(seats.map((seat) => seat.history)));
}

/** The insert of new seats with their history, as a part of the caller's statement. */
export function seatInserts(tx: Transaction, seats: NewSeat[]) {
  return [tx.$with("new_seats").as(tx.insert(bookings).values(seats.map((seat) => seat.booking))), seatHistoryInsert(tx, seats)];
}

/** Writes a seat booking and its history (one statement); returns its id. A paid seat goes on to confirmSeats (lib/commerce/seats/confirm.ts). */
export async function writeSeat(
  tx: Transaction,
  section: LockedSection,
  learnerId: number,
  status: "held" | "confirmed",
  actorId: number | null,
  now: Date,
): Promise<string> {
  const seat = newSeat(section, learnerId, status, actorId, now);
  await tx
    .with(seatHistoryInsert(tx, [seat]))
    .insert(bookings)
    .values(seat.booking);
  return seat.id;
}

/** Moves an order's seats from one status to another (held → confirmed when paid, then confirmSeats; held → cancelled when not). */
export async function moveSeats(
  tx: Transaction,
  bookingIds: string[],
  from: "held",
  to: "confirmed" | "cancelled",
  now: Date,
): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const moved = await tx
    .update(bookings)
    .set({ status: to, statusChangedAt: now })
    .where(and(inArray(bookings.id, bookingIds), eq(bookings.status, from)))
    .returning({ id: bookings.id, sectionId: bookings.sectionId });
  if (moved.length > 0)
    await tx.insert(bookingHistory).values(moved.map((b) => ({ bookingId: b.id, fromStatus: from, toStatus: to, at: now })));
  if (to === "cancelled")
    await reopenFreedSections(
      tx,
      moved.flatMap((b) => (b.sectionId === null ? [] : [b.sectionId])),
      now,
    );
  return moved.length;
}
