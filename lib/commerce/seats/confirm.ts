import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { and, eq, notExists } from "drizzle-orm";

import { bookings, orderItems, seatSessions } from "@/lib/platform/db/schema/index";
import { emit } from "@/lib/platform/events/events";
import { AppError } from "@/lib/platform/errors";
import { acceptWaitlistEntries } from "@/lib/scheduling/waitlist";

import { seatsConfirmed, seatsHeld } from "@/lib/commerce/events";
import { removePaidFromCart } from "@/lib/commerce/checkout/orders";
import { lockSections, markSectionsFull, newSeat, type LockedSection, type NewSeat } from "./seats";
import { checkSeats, countSeats, countSeatsReleasingExpired, type CountOptions, type SeatCounts, type SeatWanted } from "./seat-check";
import { occurrencesBought, writeEntitlements } from "./entitlements";

/** What was decided under the section locks, for the caller's order: the sections, their counts, what the seats fill. */
export interface SeatsDecided {
  locked: Map<number, LockedSection>;
  counts: SeatCounts;
  /** Sections whose last seat these seats take. */
  filled: number[];
  /** Seats taken by children on the section's waitlist: their entry ends. */
  listed: SeatWanted[];
}

/** The caller's order written with the new seats: whether it is paid (its seats confirmed) or waits for a card (held). */
export interface SeatsWritten<T> {
  orderId: string;
  paid: boolean;
  result: T;
}

export interface ConfirmSeats<T, R> {
  userId: number;
  /** Seats to take now: counted under the section locks, checked, written. */
  wanted: SeatWanted[];
  now: Date;
  count?: CountOptions;
  /** Sections the caller already locked (the webhook: every section of the order, before reading its seats). */
  locked?: Map<number, LockedSection>;
  /**
   * Writes the caller's order with the seats (`seatsAs` makes them from the sections' next session,
   * in the wanted order, confirmed or held), after the count and the check. May refuse (an AppError).
   */
  write: (decided: SeatsDecided, seatsAs: (status: "confirmed" | "held") => NewSeat[]) => Promise<SeatsWritten<T>>;
  /** A wanted seat is no longer there (full, closed, enrolled): instead of throwing, this answers (nothing written yet). */
  onRefused?: (error: AppError) => Promise<R>;
}

/**
 * The one place seats are taken and a paid seat becomes a seat (issue 39), for wallet checkout and
 * the card webhook alike, inside their transaction after the wallet (and order) locks they took:
 * the sections locked in id order, their seats counted under those locks (an expired card hold is
 * released first), every wanted seat checked (on sale, not enrolled, a seat free), the caller's
 * order written with the new seats; then, once paid, the sections the seats fill are marked full,
 * the waitlist entries they end are accepted, each confirmed seat of the order records what it
 * bought (its sessions and each one's value: entitlements.ts), the paid lines leave the cart and
 * the seats are announced (the enrolment email). Seats that already have their entitlements are
 * left alone, so a second call writes nothing twice.
 */
export async function confirmSeats<T, R = never>(tx: Transaction, input: ConfirmSeats<T, R>): Promise<T | R> {
  const { userId, wanted, now } = input;
  const sectionIds = wanted.map((w) => w.sectionId);
  let decided: SeatsDecided;
  try {
    decided = await decideSeats(tx, wanted, input.locked ?? (await lockSections(tx, sectionIds)), now, input.count);
  } catch (error) {
    if (input.onRefused && error instanceof AppError) return input.onRefused(error);
    throw error;
  }
  const seatsAs = (status: "confirmed" | "held") =>
    wanted.map((w) => newSeat(decided.locked.get(w.sectionId)!, w.learnerId, status, userId, now));
  const written = await input.write(decided, seatsAs);
  if (!written.paid) {
    // Held for a card payment: the place in line is no longer needed (the order's insert marked what they fill).
    await acceptWaitlistEntries(tx, decided.listed, now);
    await emit(tx, seatsHeld, { orderId: written.orderId });
    return written.result;
  }
  if (decided.filled.length > 0) await markSectionsFull(tx, decided.filled, now);
  await acceptWaitlistEntries(tx, decided.listed, now);
  await confirmPaidSeats(tx, written.orderId, userId, decided.locked, now);
  return written.result;
}

/** Counts the wanted seats under the locks and checks them; a call with none (every seat already held) counts nothing. */
async function decideSeats(
  tx: Transaction,
  wanted: SeatWanted[],
  locked: Map<number, LockedSection>,
  now: Date,
  options: CountOptions = {},
): Promise<SeatsDecided> {
  if (wanted.length === 0) return { locked, counts: await countSeats(tx, [], [], now), filled: [], listed: [] };
  const current = await countSeatsReleasingExpired(
    tx,
    locked,
    wanted.map((w) => w.learnerId),
    now,
    options,
  );
  const filled = checkSeats(wanted, current.locked, current.counts, now);
  const listed = wanted.filter((w) => current.counts.listed.has(`${w.learnerId}:${w.sectionId}`));
  return { locked: current.locked, counts: current.counts, filled, listed };
}

/** Each confirmed seat of the paid order without entitlements records them; the cart loses the paid lines; the seats are announced. */
async function confirmPaidSeats(
  tx: Transaction,
  orderId: string,
  userId: number,
  locked: Map<number, LockedSection>,
  now: Date,
): Promise<string[]> {
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
