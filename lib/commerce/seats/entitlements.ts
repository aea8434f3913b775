import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { seatSessions } from "@/lib/platform/db/schema/index";
import type { SessionChange } from "@/lib/scheduling/session-overrides";
import type { SectionRecurrence } from "@/lib/scheduling/sessions";

import { coveredSessions } from "@/lib/commerce/session-credits";

/**
 * A seat's worth, fixed when it is bought (issue 39): the sessions of its window at that moment
 * and each one's value. From then on every change (a credit, a refund, a transfer, a teacher's
 * earnings) works on these rows and none reads the schedule as it is now.
 */

/**
 * `totalMinor` over `count` sessions, exact to the cent: each gets the floor of the share and the
 * first `total mod count` one cent more, so the values sum to the total and differ by at most 1.
 */
export function splitValue(totalMinor: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(totalMinor / count);
  const extra = totalMinor - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
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
