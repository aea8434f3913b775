import "server-only";

import { randomBytes } from "node:crypto";

import { and, asc, count, eq, inArray, lte, sql } from "drizzle-orm";

import { bookingHistory, bookings, courses, orderItems, orders, sections } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { nextSessionBetween } from "@/lib/scheduling/sessions";
import { LIVE_BOOKING_STATUSES } from "@/lib/scheduling/slots";

import type { Tx } from "./ledger";
import { CURRENCY } from "./money";
import { COMMERCE_MESSAGES } from "./schema";
import { announceSeatsConfirmed } from "./seat-listeners";

export type LockedSection = typeof sections.$inferSelect & { title: string };

/**
 * Locks the sections (select ... for update), always in id order, so two checkouts for the same
 * sections queue behind each other instead of waiting on each other in a circle. Every seat count
 * that decides an enrolment is read after this lock, in the transaction that writes the seat.
 */
export async function lockSections(tx: Tx, ids: number[]): Promise<Map<number, LockedSection>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ section: sections, title: courses.title })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(inArray(sections.id, [...new Set(ids)]))
    .orderBy(asc(sections.id))
    .for("update", { of: sections });
  return new Map(rows.map((row) => [row.section.id, { ...row.section, title: row.title }]));
}

/** Seats whose card checkout ran past its hold go back on sale (their orders end on Stripe's expiry event). */
export async function releaseExpiredHolds(tx: Tx, sectionIds: number[], now: Date): Promise<void> {
  if (sectionIds.length === 0) return;
  const expired = tx
    .select({ bookingId: orderItems.bookingId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.status, "pending"), lte(orders.holdExpiresAt, now)));
  const released = await tx
    .update(bookings)
    .set({ status: "cancelled", statusChangedAt: now })
    .where(
      and(
        eq(bookings.kind, "seat"),
        eq(bookings.status, "held"),
        inArray(bookings.sectionId, sectionIds),
        inArray(bookings.id, sql`(${expired})`),
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
    );
  }
}

/**
 * A section marked `full` is open again once seats are freed in it (a withdrawal, a refund, an
 * expired hold), in the transaction that freed them and under the section's lock (so a checkout
 * counting seats waits for it). `freedIn` names each freed seat's section, once per seat. Only a
 * section those seats had filled reopens: one closed to enrolment with seats to spare stays as set.
 */
export async function reopenFreedSections(tx: Tx, freedIn: number[]): Promise<void> {
  if (freedIn.length === 0) return;
  const locked = await lockSections(tx, freedIn);
  const full = [...locked.values()].filter((section) => section.status === "full");
  if (full.length === 0) return;
  const taken = await liveSeats(
    tx,
    full.map((section) => section.id),
  );
  for (const section of full) {
    const live = taken.get(section.id) ?? 0;
    const freed = freedIn.filter((id) => id === section.id).length;
    if (live < section.capacity && live + freed >= section.capacity) {
      await tx.update(sections).set({ status: "open", updatedAt: new Date() }).where(eq(sections.id, section.id));
    }
  }
}

/** Live seats (held or confirmed) per section. */
export async function liveSeats(tx: Tx, sectionIds: number[]): Promise<Map<number, number>> {
  if (sectionIds.length === 0) return new Map();
  const rows = await tx
    .select({ sectionId: bookings.sectionId, n: count() })
    .from(bookings)
    .where(and(inArray(bookings.sectionId, sectionIds), eq(bookings.kind, "seat"), inArray(bookings.status, [...LIVE_BOOKING_STATUSES])))
    .groupBy(bookings.sectionId);
  return new Map(rows.map((row) => [row.sectionId ?? 0, row.n]));
}

/** "learnerId:sectionId" of the learners already holding a live seat in these sections. */
export async function enrolledPairs(tx: Tx, sectionIds: number[], learnerIds: number[]): Promise<Set<string>> {
  if (sectionIds.length === 0 || learnerIds.length === 0) return new Set();
  const rows = await tx
    .select({ learnerId: bookings.learnerId, sectionId: bookings.sectionId })
    .from(bookings)
    .where(
      and(
        eq(bookings.kind, "seat"),
        inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
        inArray(bookings.sectionId, sectionIds),
        inArray(bookings.learnerId, learnerIds),
      ),
    );
  return new Set(rows.map((row) => `${row.learnerId}:${row.sectionId}`));
}

export interface SeatWanted {
  sectionId: number;
  learnerId: number;
  learnerName: string;
}

/**
 * Checks every wanted seat against the locked sections: open, in our currency, with sessions to
 * come, a free seat (counting the seats earlier lines of this order take), and the learner not
 * already enrolled. Throws the first problem as a message; nothing is written.
 */
export async function checkSeats(tx: Tx, wanted: SeatWanted[], locked: Map<number, LockedSection>, now: Date): Promise<void> {
  const sectionIds = [...locked.keys()];
  const taken = await liveSeats(tx, sectionIds);
  const enrolled = await enrolledPairs(
    tx,
    sectionIds,
    wanted.map((w) => w.learnerId),
  );
  for (const seat of wanted) {
    const section = locked.get(seat.sectionId);
    if (!section) throw new AppError("not-found", COMMERCE_MESSAGES.sectionNotFound);
    if (section.status !== "open") throw new AppError("conflict", COMMERCE_MESSAGES.sectionNotOpen(section.title));
    if (section.currency !== CURRENCY) throw new AppError("conflict", COMMERCE_MESSAGES.sectionOtherCurrency(section.title));
    if (!nextSession(section, now)) throw new AppError("conflict", COMMERCE_MESSAGES.sectionNoSessionsLeft(section.title));
    const key = `${seat.learnerId}:${seat.sectionId}`;
    if (enrolled.has(key)) throw new AppError("conflict", COMMERCE_MESSAGES.alreadyEnrolled(seat.learnerName, section.title));
    const used = taken.get(seat.sectionId) ?? 0;
    if (used >= section.capacity) throw new AppError("conflict", COMMERCE_MESSAGES.sectionFull(section.title));
    taken.set(seat.sectionId, used + 1);
    enrolled.add(key);
  }
}

/** The section's next session from now: a seat booking starts there. */
export function nextSession(section: LockedSection | typeof sections.$inferSelect, now: Date) {
  return nextSessionBetween(section, now, new Date(now.getTime() + 366 * 86_400_000));
}

/** Writes a seat booking (held for a card checkout, confirmed when paid) and its history; returns its id. */
export async function writeSeat(
  tx: Tx,
  section: LockedSection,
  learnerId: number,
  status: "held" | "confirmed",
  actorId: number | null,
  now: Date,
): Promise<string> {
  const session = nextSession(section, now);
  if (!session) throw new AppError("conflict", COMMERCE_MESSAGES.sectionNoSessionsLeft(section.title));
  const [row] = await tx
    .insert(bookings)
    .values({
      kind: "seat",
      learnerId,
      teacherId: section.teacherId,
      sectionId: section.id,
      courseId: section.courseId,
      startsAt: new Date(session.startsAt),
      endsAt: new Date(session.endsAt),
      status,
      statusChangedAt: now,
      changedById: actorId,
      token: randomBytes(24).toString("base64url"),
    })
    .returning({ id: bookings.id });
  if (!row) throw new Error("insert returned no booking");
  await tx
    .insert(bookingHistory)
    .values({ bookingId: row.id, fromStatus: null, toStatus: status, toStartsAt: new Date(session.startsAt), byId: actorId, at: now });
  if (status === "confirmed") await announceSeatsConfirmed(tx, [row.id]);
  return row.id;
}

/** Moves an order's seats from one status to another (held → confirmed when paid, held → cancelled when not). */
export async function moveSeats(tx: Tx, bookingIds: string[], from: "held", to: "confirmed" | "cancelled", now: Date): Promise<number> {
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
    );
  if (to === "confirmed")
    await announceSeatsConfirmed(
      tx,
      moved.map((b) => b.id),
    );
  return moved.length;
}
