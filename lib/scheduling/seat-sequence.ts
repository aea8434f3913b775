import "server-only";

import type { Transaction } from "@/lib/platform/db/client";

import { and, eq, gte, sql } from "drizzle-orm";

import { bookings } from "@/lib/platform/db/schema/index";

/**
 * The SEQUENCE of a seat's invite (issue 27, transfers): the section's own (0 at enrolment, its
 * schedule version on a change of times, a session change's) or the seat's floor, whichever is
 * higher. A seat moved from another section carries a floor above everything it was sent there.
 */
export function seatSequence(booking: { inviteSequence: number }, sectionSequence: number): number {
  return Math.max(booking.inviteSequence, sectionSequence);
}

/**
 * In the transaction that raises a section's schedule version to `version`: the seats whose floor
 * already reaches it (seats moved in from another section) go one above, so the change's invite is
 * still newer than the last one their family got. The others send `version` itself (seatSequence).
 */
export async function raiseSeatSequences(tx: Transaction, sectionId: number, version: number): Promise<void> {
  await tx
    .update(bookings)
    .set({ inviteSequence: sql`${bookings.inviteSequence} + 1` })
    .where(and(eq(bookings.sectionId, sectionId), eq(bookings.kind, "seat"), gte(bookings.inviteSequence, version)));
}
