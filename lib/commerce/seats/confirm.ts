import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { and, eq, notExists } from "drizzle-orm";

import { bookings, orderItems, seatSessions } from "@/lib/platform/db/schema/index";
import { emit } from "@/lib/platform/events/events";
import { acceptWaitlistEntries } from "@/lib/scheduling/waitlist";

import { seatsConfirmed } from "@/lib/commerce/events";
import { removePaidFromCart } from "@/lib/commerce/checkout/orders";
import { markSectionsFull, type LockedSection } from "./seats";
import { occurrencesBought, writeEntitlements } from "./entitlements";

export interface ConfirmSeats {
  orderId: string;
  userId: number;
  /** The order's sections, locked by the caller (lockSections) before it counted and wrote the seats. */
  locked: Map<number, LockedSection>;
  /** Sections whose last seat these seats took: set `full`. */
  filled: number[];
  /** Seats taken by children on the section's waitlist: their entry ends (an offer taken, a place in line no longer needed). */
  listed: Array<{ sectionId: number; learnerId: number }>;
  now: Date;
}

/**
 * The one place a paid seat becomes a seat (issue 39), for wallet checkout and the card webhook
 * alike, inside their transaction and under the section locks they took (wallet → order → sections)
 * after counting the seats: the sections it fills are marked full, the waitlist entries it ends are
 * accepted, each confirmed seat of the order records what it bought (its sessions and each one's
 * value: entitlements.ts), the paid lines leave the cart and the seats are announced (the enrolment
 * email). Seats that already have their entitlements are left alone, so a second call writes nothing twice.
 */
export async function confirmSeats(tx: Transaction, input: ConfirmSeats): Promise<string[]> {
  const { orderId, userId, locked, now } = input;
  if (input.filled.length > 0) await markSectionsFull(tx, input.filled, now);
  await acceptWaitlistEntries(tx, input.listed, now);
  const seats = await tx
    .select({
      orderItemId: orderItems.id,
      bookingId: bookings.id,
      sectionId: orderItems.sectionId,
      learnerId: orderItems.learnerId,
      priceMinor: orderItems.priceMinor,
      firstStartsAt: bookings.startsAt,
      teacherId: bookings.teacherId,
    })
    .from(orderItems)
    .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(bookings.status, "confirmed"),
        notExists(tx.select({ id: seatSessions.id }).from(seatSessions).where(eq(seatSessions.orderItemId, orderItems.id))),
      ),
    );
  if (seats.length === 0) return [];
  await writeEntitlements(
    tx,
    seats.map((seat) => {
      const section = locked.get(seat.sectionId);
      return { ...seat, occurrences: section ? occurrencesBought(section, seat.firstStartsAt) : [] };
    }),
    now,
  );
  await removePaidFromCart(tx, userId, seats);
  const bookingIds = seats.map((seat) => seat.bookingId);
  await emit(tx, seatsConfirmed, { bookingIds });
  return bookingIds;
}
