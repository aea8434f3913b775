import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { and, eq, inArray, sql } from "drizzle-orm";

import { bookings, sections, waitlistEntries } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { isSectionOnSale, seatsLeftIn } from "@/lib/scheduling/section-sale";
import { isLiveSeat, liveSeatCount } from "@/lib/scheduling/slots";
import { isLiveOffer, liveOfferCount } from "@/lib/scheduling/waitlist";

import { balanceQuery } from "@/lib/commerce/wallet/ledger";
import { CURRENCY } from "@/lib/commerce/wallet/money";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { expiredHoldBookingIds, heldSeatsOf, lockSections, nextSession, releaseExpiredHolds, type LockedSection } from "./seats";

/** What decides the seats of an order, counted under the section locks. */
export interface SeatCounts {
  /** Live seats (held or confirmed) per section. */
  taken: Map<number, number>;
  /** "learnerId:sectionId" of the wanted learners already holding a live seat there. */
  enrolled: Set<string>;
  /**
   * "learnerId:courseId" of the wanted learners already holding a live seat in any section of a
   * locked section's course: one child, one class per course (the cart checks it too, unlocked).
   */
  enrolledInCourse: Set<string>;
  /** Live waitlist offers per section: seats held for the children first in line (lib/scheduling/waitlist.ts). */
  offers: Map<number, number>;
  /** "learnerId:sectionId" of the wanted learners with a live offer there: their checkout may take the seat offered. */
  offered: Set<string>;
  /** "learnerId:sectionId" of the wanted learners on the section's waitlist (waiting or offered): a seat taken ends their entry. */
  listed: Set<string>;
  /** A card checkout's hold in one of these sections has run out (releaseExpiredHolds frees it). */
  hasExpiredHolds: boolean;
  /** The buyer's {product} Cash balance, when asked for (0 otherwise). */
  balanceMinor: number;
  /** Seats the buyer holds for card payments still within their hold, when asked for (0 otherwise). */
  buyerHeldSeats: number;
}

export interface CountOptions {
  /** Also read this buyer's balance (the caller holds their wallet lock). */
  buyerId?: number;
  /** The order being paid: its own holds are not counted as expired, nor released. */
  keepHoldsOf?: string;
}

/**
 * Counts the locked sections' seats in one statement, and the buyer's balance with them when the
 * caller holds the buyer's wallet lock. It must run after lockSections, never inside it: a count in
 * the locking statement is read from that statement's snapshot, taken before it waited for the
 * lock, and would miss the seats committed by the checkout it waited on (an oversold section).
 */
export async function countSeats(
  tx: Transaction,
  sectionIds: number[],
  learnerIds: number[],
  now: Date,
  { buyerId, keepHoldsOf }: CountOptions = {},
): Promise<SeatCounts> {
  const counts: SeatCounts = {
    taken: new Map(),
    enrolled: new Set(),
    enrolledInCourse: new Set(),
    offers: new Map(),
    offered: new Set(),
    listed: new Set(),
    hasExpiredHolds: false,
    balanceMinor: 0,
    buyerHeldSeats: 0,
  };
  if (sectionIds.length === 0) return counts;
  const inThisSection = eq(bookings.sectionId, sections.id);
  const enrolledHere = tx
    .select({ learnerIds: sql`coalesce(json_agg(${bookings.learnerId}), '[]')` })
    .from(bookings)
    .where(and(inThisSection, isLiveSeat, inArray(bookings.learnerId, learnerIds.length > 0 ? learnerIds : [0])));
  const wantedIds = learnerIds.length > 0 ? learnerIds : [0];
  // Read under the buyer's wallet lock (every checkout of a family's children holds it), so two
  // checkouts of one child into two sections of a course cannot both miss each other's seat.
  const inCourseHere = tx
    .select({ learnerIds: sql`coalesce(json_agg(${bookings.learnerId}), '[]')` })
    .from(bookings)
    .where(and(eq(bookings.courseId, sections.courseId), isLiveSeat, inArray(bookings.learnerId, wantedIds)));
  const listedHere = tx
    .select({
      entries: sql`coalesce(json_agg(json_build_array(${waitlistEntries.learnerId}, ${isLiveOffer(now)})), '[]')`,
    })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.sectionId, sections.id),
        inArray(waitlistEntries.status, ["waiting", "offered"]),
        inArray(waitlistEntries.learnerId, wantedIds),
      ),
    );
  const expiredHere = tx
    .select({ one: sql`1` })
    .from(bookings)
    .where(
      and(
        inThisSection,
        eq(bookings.kind, "seat"),
        eq(bookings.status, "held"),
        inArray(bookings.id, expiredHoldBookingIds(tx, now, keepHoldsOf)),
      ),
    );
  const rows = await tx
    .select({
      sectionId: sections.id,
      taken: liveSeatCount(tx, sections.id),
      enrolled: sql<number[]>`(${enrolledHere})`,
      courseId: sections.courseId,
      inCourse: sql<number[]>`(${inCourseHere})`,
      offers: liveOfferCount(tx, sections.id, now),
      listed: sql<Array<[number, boolean]>>`(${listedHere})`,
      hasExpiredHolds: sql<boolean>`exists (${expiredHere})`,
      balanceMinor: buyerId === undefined ? sql<number>`0` : sql<number>`coalesce((${balanceQuery(tx, buyerId)}), 0)`.mapWith(Number),
      buyerHeldSeats: buyerId === undefined ? sql<number>`0` : sql<number>`(${heldSeatsOf(tx, buyerId, now)})`.mapWith(Number),
    })
    .from(sections)
    .where(inArray(sections.id, sectionIds));
  for (const row of rows) {
    counts.taken.set(row.sectionId, row.taken);
    for (const learnerId of row.enrolled) counts.enrolled.add(`${learnerId}:${row.sectionId}`);
    for (const learnerId of row.inCourse) counts.enrolledInCourse.add(`${learnerId}:${row.courseId}`);
    counts.offers.set(row.sectionId, row.offers);
    for (const [learnerId, isLive] of row.listed) {
      counts.listed.add(`${learnerId}:${row.sectionId}`);
      if (isLive) counts.offered.add(`${learnerId}:${row.sectionId}`);
    }
    counts.hasExpiredHolds ||= row.hasExpiredHolds;
    counts.balanceMinor = row.balanceMinor;
    counts.buyerHeldSeats = row.buyerHeldSeats;
  }
  return counts;
}

/**
 * The locked sections and their counts. A hold that ran out is released first, only when the count
 * finds one (rare; the common checkout writes nothing here); the sections and counts are then read
 * again, since the release freed seats and may have reopened a full section.
 */
export async function countSeatsReleasingExpired(
  tx: Transaction,
  locked: Map<number, LockedSection>,
  learnerIds: number[],
  now: Date,
  options: CountOptions = {},
): Promise<{ locked: Map<number, LockedSection>; counts: SeatCounts }> {
  const sectionIds = [...locked.keys()];
  const counts = await countSeats(tx, sectionIds, learnerIds, now, options);
  if (!counts.hasExpiredHolds) return { locked, counts };
  await releaseExpiredHolds(tx, sectionIds, now, options.keepHoldsOf);
  return { locked: await lockSections(tx, sectionIds), counts: await countSeats(tx, sectionIds, learnerIds, now, options) };
}

export interface SeatWanted {
  sectionId: number;
  learnerId: number;
  learnerName: string;
}

/**
 * Checks every wanted seat against the locked sections and their counts: on sale, in our currency,
 * with sessions to come, the learner not already enrolled, and a free seat (counting the seats
 * earlier lines of this order take). Throws the first problem as a message. Returns the sections
 * whose last seat this order takes: the caller sets them `full` with its writes.
 *
 * Waitlist offers count as taken for everyone else; a child with a live offer takes the seat it
 * holds, even in a section marked `full`, as long as the seats sold and the other offers leave it.
 */
export function checkSeats(wanted: SeatWanted[], locked: Map<number, LockedSection>, counts: SeatCounts, now: Date): number[] {
  const taken = new Map(counts.taken);
  const offers = new Map(counts.offers);
  const enrolled = new Set(counts.enrolled);
  const inCourse = new Set(counts.enrolledInCourse);
  const filled: number[] = [];
  for (const seat of wanted) {
    const section = locked.get(seat.sectionId);
    if (!section) throw new AppError("not-found", COMMERCE_MESSAGES.sectionNotFound);
    if (!isSectionOnSale(section, now)) throw new AppError("conflict", COMMERCE_MESSAGES.sectionNotOpen(section.title));
    if (section.currency !== CURRENCY) throw new AppError("conflict", COMMERCE_MESSAGES.sectionOtherCurrency(section.title));
    if (!nextSession(section, now)) throw new AppError("conflict", COMMERCE_MESSAGES.sectionNoSessionsLeft(section.title));
    const key = `${seat.learnerId}:${seat.sectionId}`;
    if (enrolled.has(key)) throw new AppError("conflict", COMMERCE_MESSAGES.alreadyEnrolled(seat.learnerName, section.title));
    // One child, one class per course: a seat in another section of it (held, bought, or an earlier line of this order).
    const courseKey = `${seat.learnerId}:${section.courseId}`;
    if (inCourse.has(courseKey)) throw new AppError("conflict", COMMERCE_MESSAGES.alreadyEnrolled(seat.learnerName, section.title));
    const used = taken.get(seat.sectionId) ?? 0;
    const held = offers.get(seat.sectionId) ?? 0;
    if (counts.offered.has(key)) {
      // The seat offered to this child: there while the seats sold and the other offers leave it.
      if (used + held - 1 >= section.capacity) throw new AppError("conflict", COMMERCE_MESSAGES.sectionFull(section.title));
      offers.set(seat.sectionId, held - 1);
    } else if (seatsLeftIn(section, used + held) === 0) throw new AppError("conflict", COMMERCE_MESSAGES.sectionFull(section.title));
    taken.set(seat.sectionId, used + 1);
    if (seatsLeftIn(section, used + 1 + (offers.get(seat.sectionId) ?? 0)) === 0) filled.push(section.id);
    enrolled.add(key);
    inCourse.add(courseKey);
  }
  return filled;
}
