import "server-only";

import { and, asc, count, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { getDb, type Database } from "@/lib/platform/db/client";
import { bookings, cartItems, courses, learners, sections, teacherProfiles } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { addLearner } from "@/lib/scheduling/learners";
import { weeklyTimesLabel } from "@/lib/scheduling/weekly-times";
import { isSectionOnSale, saleFactsColumns, seatsLeftIn, seatsLeftShown } from "@/lib/scheduling/section-sale";
import { isLiveSeat, liveOfferCount, liveSeatCount, shownSeatsBySection } from "@/lib/scheduling/slots";
import { sectionFacts, sectionFactsLine } from "@/lib/scheduling/section-facts";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { formatMoney, CURRENCY } from "@/lib/commerce/wallet/money";
import { addToCartSchema, cartItemIdSchema, COMMERCE_MESSAGES, type AddToCartInput } from "@/lib/commerce/schema";
import { lockSections, nextSession, releaseExpiredHolds } from "@/lib/commerce/seats/seats";
import { isRefundable, refundDeadline } from "@/lib/commerce/refunds/refund-policy";

/** Why a cart line cannot be paid for now; null when it can. */
export type CartProblem = "full" | "closed" | "enrolled" | "no-sessions" | "other-currency" | null;

export interface SectionSummary {
  sectionId: number;
  courseTitle: string;
  courseSlug: string;
  teacherName: string;
  priceMinor: number;
  price: string;
  /** Seats a family can still buy (none in a `full` section). */
  seatsLeft: number;
  /** Weekly times and the next session, in the viewer's zone with its name. */
  schedule: string;
  nextSession: string | null;
  /** What the price buys: "Mar 4, 2030 to May 27, 2030 · 24 sessions · $6.21 a session". */
  facts: string;
  /** Until when a withdrawal is refunded in full (the refund policy from the seat's first session), in the viewer's zone; null: never. */
  refundableUntil: string | null;
  /** Status `open` (a `full` section is not: it shows no seats left). */
  isOpen: boolean;
}

export interface CartLine extends SectionSummary {
  itemId: number;
  learnerId: number;
  learnerName: string;
  problem: CartProblem;
}

export interface CartView {
  lines: CartLine[];
  /** The lines that can be paid for. */
  totalMinor: number;
  total: string;
  canCheckout: boolean;
}

const WEEK_MS = 7 * 86_400_000;

/** The sections with what the cart shows of each, seats counted now (the checkout counts again under lock). */
async function summaries(
  sectionIds: number[],
  zone: string | null,
  now: Date,
): Promise<Map<number, SectionSummary & { currency: string; onSale: boolean }>> {
  if (sectionIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({
      section: sections,
      title: courses.title,
      slug: courses.slug,
      teacherName: teacherProfiles.publicName,
      sale: saleFactsColumns,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .where(inArray(sections.id, sectionIds));
  const taken = await shownSeatsBySection(db, sectionIds, now);
  return new Map(
    rows.map(({ section, title, slug, teacherName, sale }) => {
      const next = nextSession(section, now);
      const week = next ? nextWeek(section, new Date(next.startsAt)) : [];
      // Issue 39: what the checkout charges for a seat bought now (a running class: per session × sessions left).
      const facts = sectionFacts(section, now);
      return [
        section.id,
        {
          sectionId: section.id,
          courseTitle: title,
          courseSlug: slug,
          teacherName,
          priceMinor: facts.seatPriceMinor,
          price: formatMoney(facts.seatPriceMinor, section.currency),
          currency: section.currency,
          onSale: isSectionOnSale(sale),
          seatsLeft: seatsLeftShown(section, taken.get(section.id) ?? { taken: 0, lapsed: 0 }),
          schedule: week.length > 0 ? weeklyTimesLabel(week, zone ?? section.timezone) : "No sessions left",
          nextSession: next ? formatInstantInZone(next.startsAt, zone ?? section.timezone) : null,
          facts: sectionFactsLine(facts, section.currency),
          // A seat bought now starts at the next session: the policy's cutoff before it may already have passed.
          refundableUntil:
            next && isRefundable(new Date(next.startsAt), now)
              ? formatInstantInZone(refundDeadline(new Date(next.startsAt)), zone ?? section.timezone)
              : null,
          isOpen: section.status === "open",
        },
      ];
    }),
  );

  function nextWeek(section: typeof sections.$inferSelect, from: Date): string[] {
    return nextSessions(section, from).filter((iso) => Date.parse(iso) < from.getTime() + WEEK_MS - 43_200_000);
  }
  function nextSessions(section: typeof sections.$inferSelect, from: Date): string[] {
    const list: string[] = [];
    let cursor = from;
    for (let i = 0; i < 7; i += 1) {
      const session = nextSession(section, cursor);
      if (!session) break;
      list.push(session.startsAt);
      cursor = new Date(Date.parse(session.startsAt) + 60_000);
    }
    return list;
  }
}

/**
 * Sections as /cart shows them before they are in a signed-in cart (null zone: each in its own
 * zone), in the order asked: only those on sale, so an id typed into `/cart?add=` (or a cookie)
 * shows no draft or unpublished class.
 */
export async function sectionsForCart(sectionIds: number[], zone: string | null, now = new Date()): Promise<SectionSummary[]> {
  const found = await summaries(sectionIds, zone, now);
  return sectionIds.flatMap((id) => {
    const summary = found.get(id);
    if (!summary?.onSale) return [];
    const { currency: _currency, onSale: _onSale, ...shown } = summary;
    return [shown];
  });
}

/** A section a signed-out visitor chooses (kept in the cookie cart until sign-in): refused when it takes no new seat now. */
export async function sectionForGuestCart(sectionId: number, now = new Date()): Promise<SectionSummary> {
  const summary = (await summaries([sectionId], null, now)).get(sectionId);
  if (!summary) throw new AppError("not-found", COMMERCE_MESSAGES.sectionNotFound);
  const { currency: _currency, onSale, ...shown } = summary;
  // Not named: a draft's or an unpublished course's title is not for the visitor who typed its id.
  if (!onSale) throw new AppError("conflict", COMMERCE_MESSAGES.sectionNotOffered);
  if (shown.seatsLeft === 0) throw new AppError("conflict", COMMERCE_MESSAGES.sectionFull(shown.courseTitle));
  return shown;
}

/**
 * Adds a seat for one of the parent's children (or a child named here, added to the account) in
 * an open section with a free seat; adding it twice keeps one line. Returns the line's child's name.
 */
export async function addToCart(
  userId: number,
  input: AddToCartInput | Record<string, unknown>,
  now = new Date(),
): Promise<{ learnerName: string; courseTitle: string; releasedHolds: number }> {
  const data = parseInput(addToCartSchema, input);
  const db = await getDb();
  // A card checkout's hold that ran out still counts until released: released here, under the
  // section's lock as a checkout does, so a section it filled is not shown as full.
  const releasedHolds = await db.transaction(async (tx) => {
    await lockSections(tx, [data.sectionId]);
    return releaseExpiredHolds(tx, [data.sectionId], now);
  });
  const [section] = await db
    .select({
      id: sections.id,
      status: sections.status,
      capacity: sections.capacity,
      currency: sections.currency,
      title: courses.title,
      section: sections,
      sale: saleFactsColumns,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .where(eq(sections.id, data.sectionId));
  if (!section)
    throw new AppError("not-found", COMMERCE_MESSAGES.sectionNotFound, { fieldErrors: { sectionId: COMMERCE_MESSAGES.sectionNotFound } });
  if (!isSectionOnSale(section.sale)) throw new AppError("conflict", COMMERCE_MESSAGES.sectionNotOffered);
  if (section.currency !== CURRENCY) throw new AppError("conflict", COMMERCE_MESSAGES.sectionOtherCurrency(section.title));
  if (!nextSession(section.section, now)) throw new AppError("conflict", COMMERCE_MESSAGES.sectionNoSessionsLeft(section.title));
  // Seats offered to a waitlist are held for those children (they enrol from their offer, not the cart).
  const [held] = await db
    .select({ taken: liveSeatCount(db, sections.id), offers: liveOfferCount(db, sections.id, now) })
    .from(sections)
    .where(eq(sections.id, section.id));
  if (seatsLeftIn(section, (held?.taken ?? 0) + (held?.offers ?? 0)) === 0)
    throw new AppError("conflict", COMMERCE_MESSAGES.sectionFull(section.title));

  let learner: { id: number; firstName: string };
  if (data.learnerId !== undefined) {
    const [row] = await db
      .select({ id: learners.id, firstName: learners.firstName })
      .from(learners)
      .where(and(eq(learners.id, data.learnerId), eq(learners.parentId, userId)));
    if (!row)
      throw new AppError("forbidden", COMMERCE_MESSAGES.learnerNotYours, { fieldErrors: { learnerId: COMMERCE_MESSAGES.learnerNotYours } });
    learner = row;
  } else {
    const enrolled = await addLearner(userId, { firstName: data.firstName ?? "", grade: data.grade as number });
    learner = enrolled;
  }
  const already = await enrolledInCourses(db, [section.id], [learner.id]);
  if (already.size > 0) throw new AppError("conflict", COMMERCE_MESSAGES.alreadyEnrolled(learner.firstName, section.title));

  await db.insert(cartItems).values({ userId, sectionId: section.id, learnerId: learner.id, createdAt: now }).onConflictDoNothing();
  return { learnerName: learner.firstName, courseTitle: section.title, releasedHolds };
}

/**
 * "learnerId:sectionId" of each wanted section whose course the learner already has a live seat in,
 * in this section or another of the same course: one child, one class of a course (a second day
 * of the same course is a mistake far more often than a wish).
 */
async function enrolledInCourses(db: Database, sectionIds: number[], learnerIds: number[]): Promise<Set<string>> {
  if (sectionIds.length === 0 || learnerIds.length === 0) return new Set();
  const wanted = alias(sections, "wanted");
  const rows = await db
    .select({ learnerId: bookings.learnerId, sectionId: wanted.id })
    .from(bookings)
    .innerJoin(sections, eq(sections.id, bookings.sectionId))
    .innerJoin(wanted, eq(wanted.courseId, sections.courseId))
    .where(and(isLiveSeat, inArray(wanted.id, sectionIds), inArray(bookings.learnerId, learnerIds)));
  return new Set(rows.map((row) => `${row.learnerId}:${row.sectionId}`));
}

/** The seats in the parent's cart (one line is one seat), for the header's "Cart (n)". */
export async function countCartSeats(userId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ seats: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return row?.seats ?? 0;
}

/** Removes one of the parent's own lines (ownership in the where). */
export async function removeFromCart(userId: number, input: { itemId: unknown }): Promise<void> {
  const { itemId } = parseInput(cartItemIdSchema, input);
  const db = await getDb();
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw new AppError("not-found", COMMERCE_MESSAGES.cartItemNotFound);
}

/** The parent's cart in their zone: each line with price, seats left, schedule, and why it cannot be paid, if so. */
export async function getCart(userId: number, zone: string, now = new Date()): Promise<CartView> {
  const db = await getDb();
  const items = await db
    .select({ itemId: cartItems.id, sectionId: cartItems.sectionId, learnerId: cartItems.learnerId, learnerName: learners.firstName })
    .from(cartItems)
    .innerJoin(learners, eq(learners.id, cartItems.learnerId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const sectionIds = [...new Set(items.map((i) => i.sectionId))];
  const found = await summaries(sectionIds, zone, now);
  const enrolled = await enrolledInCourses(
    db,
    sectionIds,
    items.map((i) => i.learnerId),
  );
  const lines: CartLine[] = items.flatMap((item) => {
    const summary = found.get(item.sectionId);
    if (!summary) return [];
    const { currency, onSale, ...shown } = summary;
    const problem: CartProblem = !onSale
      ? "closed"
      : currency !== CURRENCY
        ? "other-currency"
        : enrolled.has(`${item.learnerId}:${item.sectionId}`)
          ? "enrolled"
          : !summary.nextSession
            ? "no-sessions"
            : summary.seatsLeft === 0
              ? "full"
              : null;
    return [{ ...shown, itemId: item.itemId, learnerId: item.learnerId, learnerName: item.learnerName, problem }];
  });
  const payable = lines.filter((line) => line.problem === null);
  const totalMinor = payable.reduce((sum, line) => sum + line.priceMinor, 0);
  return { lines, totalMinor, total: formatMoney(totalMinor), canCheckout: payable.length > 0 && payable.length === lines.length };
}
