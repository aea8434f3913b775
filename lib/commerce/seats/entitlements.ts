import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { and, asc, eq, gt, inArray, ne } from "drizzle-orm";

import { seatSessions } from "@/lib/platform/db/schema/index";
import type { SessionChange } from "@/lib/scheduling/session-overrides";
import type { SectionRecurrence } from "@/lib/scheduling/sessions";

import { coveredSessions } from "./window";
import { sessionShares } from "@/lib/commerce/earnings/attribution";

/**
 * A seat's worth, fixed when it is bought (issue 39): the sessions of its window at that moment
 * and each one's value. From then on every change (a credit, a refund, a transfer, a teacher's
 * earnings) works on these rows and none reads the schedule as it is now.
 */

/**
 * `totalMinor` over `count` sessions, exact to the cent: session k of n is worth
 * floor(total·k/n) − floor(total·(k−1)/n), the teachers' published rule (earnings/attribution.ts),
 * so the values sum to the total and differ by at most one cent.
 */
export function splitValue(totalMinor: number, count: number): number[] {
  return count <= 0 ? [] : sessionShares(totalMinor, count);
}

/**
 * The occurrences a seat buys: the section's sessions from the seat's first one to the section's
 * last day (or the open-ended policy's weeks: SESSION_CREDIT_POLICY), less those already cancelled
 * without a make-up when it is bought (nobody meets then, so nothing of the price is theirs).
 * Keyed by the occurrence (the start by the rule), so a session moved later keeps its row.
 */
export function occurrencesBought(
  section: SectionRecurrence & { sessionChanges?: readonly SessionChange[] },
  firstStartsAt: Date,
): string[] {
  const cancelled = new Set(
    (section.sessionChanges ?? [])
      .filter((change) => change.kind === "cancelled" && !change.makeupStartsAt)
      .map((change) => new Date(change.originalStartsAt).toISOString()),
  );
  return coveredSessions(section, firstStartsAt)
    .map((session) => session.startsAt)
    .filter((occurrence) => !cancelled.has(occurrence));
}

/** A paid seat whose entitlements are to be written. */
export interface PaidSeat {
  orderItemId: number;
  bookingId: string;
  sectionId: number;
  /** The section's teacher when bought: who teaches these sessions (a reassignment hands over those not yet held). */
  teacherId: number;
  priceMinor: number;
  /** The occurrences bought (occurrencesBought); none: the whole price stays on one row at the first session. */
  occurrences: string[];
  firstStartsAt: Date;
}

/** The rows of these seats' entitlements: the price split over the occurrences bought. */
export function entitlementRows(seats: PaidSeat[]): Array<typeof seatSessions.$inferInsert> {
  return seats.flatMap((seat) => {
    const occurrences = seat.occurrences.length > 0 ? seat.occurrences : [seat.firstStartsAt.toISOString()];
    const values = splitValue(seat.priceMinor, occurrences.length);
    return occurrences.map((occurrence, i) => ({
      orderItemId: seat.orderItemId,
      bookingId: seat.bookingId,
      sectionId: seat.sectionId,
      teacherId: seat.teacherId,
      occurrence: new Date(occurrence),
      valueMinor: values[i]!,
    }));
  });
}

/** Writes the entitlements of seats just paid, in the transaction that confirms them. */
export async function writeEntitlements(tx: Transaction, seats: PaidSeat[], now: Date): Promise<void> {
  const rows = entitlementRows(seats).map((row) => ({ ...row, createdAt: now }));
  if (rows.length > 0) await tx.insert(seatSessions).values(rows);
}

export type EntitlementRow = typeof seatSessions.$inferSelect;

/**
 * A seat's open entitlements, locked (the seat's rows are the last lock of the money order:
 * wallet → order → seat). Every change of what a seat holds reads them so, in its transaction.
 */
export async function lockOpenEntitlements(tx: Transaction, orderItemId: number): Promise<EntitlementRow[]> {
  return tx
    .select()
    .from(seatSessions)
    .where(and(eq(seatSessions.orderItemId, orderItemId), eq(seatSessions.status, "open")))
    .orderBy(asc(seatSessions.occurrence))
    .for("update");
}

/**
 * Whether an open entitlement is still to come: its session (where it was moved to) has not
 * started, or it was cancelled without a make-up (nobody met: its value is still the family's).
 */
export function isUnused(row: EntitlementRow, section: { sessionChanges?: readonly SessionChange[] }, now: Date): boolean {
  const occurrence = row.occurrence.toISOString();
  const change = (section.sessionChanges ?? []).find((c) => new Date(c.originalStartsAt).toISOString() === occurrence);
  if (change?.kind === "cancelled") return change.makeupStartsAt ? Date.parse(change.makeupStartsAt) > now.getTime() : true;
  const startsAt = change?.kind === "moved" && change.startsAt ? Date.parse(change.startsAt) : row.occurrence.getTime();
  return startsAt > now.getTime();
}

/** Settles open entitlements (credited, refunded, transferred): their value has gone where the status says. */
export async function settleEntitlements(
  tx: Transaction,
  ids: number[],
  status: "credited" | "refunded" | "transferred",
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(seatSessions)
    .set({ status, settledAt: now })
    .where(and(inArray(seatSessions.id, ids), eq(seatSessions.status, "open")));
}

/**
 * What a refund of this seat gives back (issue 39), read under the seat's lock after the wallet's
 * and the order's: the value of its open entitlements, or of those not yet held when `section` is
 * given (a section closed while running: the sessions held stay the teacher's). The rows it returns
 * are settled `refunded` by the refund. Null for a seat with no entitlements at all (none recorded:
 * the caller falls back to the price less its credits).
 */
export async function refundableEntitlements(
  tx: Transaction,
  orderItemId: number,
  unusedIn: { sessionChanges?: readonly SessionChange[] } | null,
  now: Date,
): Promise<{ valueMinor: number; ids: number[] } | null> {
  const open = await lockOpenEntitlements(tx, orderItemId);
  if (open.length === 0) {
    const [any] = await tx.select({ id: seatSessions.id }).from(seatSessions).where(eq(seatSessions.orderItemId, orderItemId)).limit(1);
    if (!any) return null;
  }
  const owed = unusedIn ? open.filter((row) => isUnused(row, unusedIn, now)) : open;
  return { valueMinor: owed.reduce((sum, row) => sum + row.valueMinor, 0), ids: owed.map((row) => row.id) };
}

/** Whether every entitlement of the seat is still open (none credited, refunded or moved away): a whole seat. */
export async function hasOnlyOpenEntitlements(tx: Transaction, orderItemId: number): Promise<boolean> {
  const [settled] = await tx
    .select({ id: seatSessions.id })
    .from(seatSessions)
    .where(and(eq(seatSessions.orderItemId, orderItemId), ne(seatSessions.status, "open")))
    .limit(1);
  return !settled;
}

/**
 * A section handed to another teacher: its entitlements not yet held go with it; those held stay
 * earned by who taught them. In the transaction that writes the reassignment.
 */
export async function handOverUnheldSessions(tx: Transaction, sectionId: number, teacherId: number, now: Date): Promise<void> {
  await tx
    .update(seatSessions)
    .set({ teacherId })
    .where(and(eq(seatSessions.sectionId, sectionId), eq(seatSessions.status, "open"), gt(seatSessions.occurrence, now)));
}

/** The occurrences a seat still has rows for in a section (any status but moved away): a transfer back there skips them. */
export async function heldOccurrencesIn(tx: Transaction, orderItemId: number, sectionId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ occurrence: seatSessions.occurrence })
    .from(seatSessions)
    .where(and(eq(seatSessions.orderItemId, orderItemId), eq(seatSessions.sectionId, sectionId), ne(seatSessions.status, "transferred")));
  return new Set(rows.map((row) => row.occurrence.toISOString()));
}
