import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { getDb, type Transaction } from "@/lib/platform/db/client";
import {
  bookingHistory,
  bookings,
  courses,
  learners,
  orderItems,
  orders,
  refunds,
  sections,
  seatTransfers,
} from "@/lib/platform/db/schema/index";
import { AppError, type ErrorCode } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";
import { acceptWaitlistEntries } from "@/lib/scheduling/waitlist";
import { sectionFacts } from "@/lib/scheduling/section-facts";

import { checkSeats, countSeatsReleasingExpired } from "@/lib/commerce/seats/seat-check";
import { lockSections, markSectionsFull, nextSession, reopenFreedSections } from "@/lib/commerce/seats/seats";
import { lockOrder } from "@/lib/commerce/checkout/orders";
import { seatTransferred } from "@/lib/commerce/events";
import { COMMERCE_MESSAGES, transferSeatSchema } from "@/lib/commerce/schema";
import { lockWallet, writeEntry } from "@/lib/commerce/wallet/ledger";
import { formatMoney, minorToMajor } from "@/lib/commerce/wallet/money";
import { TOP_UP_MIN_MINOR } from "@/lib/commerce/payments/top-up-schema";
import { isCardPaymentAvailable } from "@/lib/commerce/payments/stripe";
import {
  hasOnlyOpenEntitlements,
  heldOccurrencesIn,
  isUnused,
  lockOpenEntitlements,
  occurrencesBought,
  settleEntitlements,
  writeEntitlements,
} from "@/lib/commerce/seats/entitlements";
import { priceForSessions } from "@/lib/commerce/seats/pricing";

export interface TransferOutcome {
  transferId: number;
  bookingId: string;
  fromSectionId: number;
  toSectionId: number;
  /** Positive: charged to the family's Cash; negative: credited to it. */
  differenceMinor: number;
  /** The invite's SEQUENCE that tells the family (above anything they were sent for this seat). */
  sequence: number;
  startsAt: Date;
  message: string;
}

/** A refusal that names the field the family fixes: the target section. */
/** The refusal's field that carries the top-up that would let a move go through (a plain amount such as "10.00"). */
export const TOP_UP_AMOUNT_FIELD = "topUpAmount";

const refuse = (code: ErrorCode, message: string) => new AppError(code, message, { fieldErrors: { toSectionId: message } });

/** The seat behind an order item of this parent's, read again under the locks. */
async function ownedSeat(tx: Transaction, userId: number, orderItemId: number) {
  const refunded = tx.select({ id: refunds.orderItemId }).from(refunds).where(eq(refunds.orderItemId, orderItemId));
  const [row] = await tx
    .select({
      orderId: orderItems.orderId,
      orderStatus: orders.status,
      priceMinor: orderItems.priceMinor,
      learnerId: orderItems.learnerId,
      learnerName: learners.firstName,
      courseTitle: courses.title,
      booking: bookings,
      isRefunded: sql<boolean>`exists (${refunded})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(learners, eq(learners.id, orderItems.learnerId))
    .innerJoin(sections, eq(sections.id, orderItems.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .leftJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.userId, userId)));
  return row ?? null;
}

/**
 * Issue 27: a family moves one child's paid seat to another section of the same course; issue 39:
 * only the sessions not yet held move, at the value they were bought at, into as many of the
 * target's sessions at its price per session (a seat with none left cannot move). One transaction under checkout's locks, in checkout's order (the parent's wallet, the order,
 * then both sections in id order): the target's seats are counted after the lock (no oversell, the
 * waitlist's offers held for others), the price difference is settled through the family's Cash
 * (charged, refused if the balance is short; or credited), and the seat keeps its booking and
 * order item (one calendar UID), now in the new section, its invite SEQUENCE raised above anything
 * the family got for it. The seat freed in the old section goes to its waitlist. Refused: nothing changes.
 */
export async function transferSeat(userId: number, input: unknown, now = new Date()): Promise<TransferOutcome> {
  const { orderItemId, toSectionId } = parseInput(transferSeatSchema, input);
  const db = await getDb();
  const [owned] = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.userId, userId)));
  if (!owned) throw new AppError("not-found", COMMERCE_MESSAGES.enrolmentNotFound);

  return db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    await lockOrder(tx, owned.orderId);
    const seat = await ownedSeat(tx, userId, orderItemId);
    if (!seat) throw new AppError("not-found", COMMERCE_MESSAGES.enrolmentNotFound);
    const booking = seat.booking;
    if (seat.orderStatus !== "paid" || seat.isRefunded || !booking || booking.status !== "confirmed" || booking.sectionId === null) {
      throw new AppError("conflict", COMMERCE_MESSAGES.transferSeatGone(seat.learnerName, seat.courseTitle));
    }
    const fromSectionId = booking.sectionId;
    if (fromSectionId === toSectionId) throw refuse("conflict", COMMERCE_MESSAGES.transferSameSection(seat.learnerName));

    const sectionsLocked = await lockSections(tx, [fromSectionId, toSectionId]);
    const from = sectionsLocked.get(fromSectionId);
    const target = sectionsLocked.get(toSectionId);
    if (!from || !target) throw refuse("not-found", COMMERCE_MESSAGES.sectionNotFound);
    if (target.courseId !== from.courseId) throw refuse("conflict", COMMERCE_MESSAGES.transferOtherCourse);

    const { locked, counts } = await countSeatsReleasingExpired(tx, sectionsLocked, [seat.learnerId], now, { buyerId: userId });
    const key = `${seat.learnerId}:${toSectionId}`;
    if (counts.enrolled.has(key)) throw refuse("conflict", COMMERCE_MESSAGES.transferAlreadySeated(seat.learnerName));
    // The seat being moved is the child's one class of this course: it does not count against the move.
    counts.enrolledInCourse.delete(`${seat.learnerId}:${from.courseId}`);
    let filled: number[];
    try {
      filled = checkSeats([{ sectionId: toSectionId, learnerId: seat.learnerId, learnerName: seat.learnerName }], locked, counts, now);
    } catch (error) {
      if (error instanceof AppError && !error.fieldErrors) throw refuse(error.code, error.message);
      throw error;
    }
    const toSection = locked.get(toSectionId)!;
    const fromSection = locked.get(fromSectionId)!;
    const next = nextSession(toSection, now)!;

    // Issue 39: only what is unused moves, at the value it was bought at, into as many of the
    // target's sessions (as many as it has left), priced at the target's price per session.
    const open = await lockOpenEntitlements(tx, orderItemId);
    const unused = open.filter((row) => isUnused(row, fromSection, now));
    if (unused.length === 0) throw refuse("conflict", COMMERCE_MESSAGES.transferNothingLeft(seat.learnerName, seat.courseTitle));
    const movedMinor = unused.reduce((sum, row) => sum + row.valueMinor, 0);
    // A seat none of whose sessions was held yet moves seat for seat: the target's sessions from its
    // next one, at what a seat bought there now costs. A seat part used moves as many sessions as it has left.
    const isWholeSeat = unused.length === open.length && (await hasOnlyOpenEntitlements(tx, orderItemId));
    // A seat moving back to a section it was in keeps what it had there (held or credited): those sessions are not bought twice.
    const alreadyHeld = await heldOccurrencesIn(tx, orderItemId, toSectionId);
    const targetWindow = occurrencesBought(toSection, new Date(next.startsAt)).filter((at) => !alreadyHeld.has(at));
    const targetOccurrences = isWholeSeat ? targetWindow : targetWindow.slice(0, unused.length);
    const targetMinor = isWholeSeat ? sectionFacts(toSection, now).seatPriceMinor : priceForSessions(toSection, targetOccurrences.length);

    // Money, to the cent: the target's sessions against the value of the unused ones.
    const differenceMinor = targetMinor - movedMinor;
    const reason = `Moved ${seat.learnerName} to another section of ${seat.courseTitle}`;
    if (differenceMinor > 0) {
      if (counts.balanceMinor < differenceMinor) {
        // What the Cash lacks, at least a top-up's minimum: the form offers to add it by card, as checkout offers the card.
        const topUpMinor = Math.max(differenceMinor - Math.max(counts.balanceMinor, 0), TOP_UP_MIN_MINOR);
        const canPayByCard = isCardPaymentAvailable();
        const message = COMMERCE_MESSAGES.transferShortOfCash(
          formatMoney(differenceMinor),
          formatMoney(Math.max(counts.balanceMinor, 0)),
          canPayByCard ? formatMoney(topUpMinor) : null,
        );
        throw new AppError("conflict", message, {
          fieldErrors: {
            toSectionId: message,
            ...(canPayByCard ? { [TOP_UP_AMOUNT_FIELD]: minorToMajor(topUpMinor).toFixed(2), topUpLabel: formatMoney(topUpMinor) } : {}),
          },
        });
      }
      await writeEntry(
        tx,
        { userId, kind: "purchase", amountMinor: -differenceMinor, orderId: seat.orderId, reason, createdById: userId },
        counts.balanceMinor,
      );
    } else if (differenceMinor < 0) {
      await writeEntry(tx, { userId, kind: "refund", amountMinor: -differenceMinor, orderId: seat.orderId, reason, createdById: userId });
    }

    // Above every SEQUENCE the family was sent for this seat (its floor, the old section's changes) and the new section's own.
    const sequence = Math.max(booking.inviteSequence, fromSection.scheduleVersion, toSection.scheduleVersion) + 1;
    const startsAt = new Date(next.startsAt);
    await tx
      .update(bookings)
      .set({
        sectionId: toSectionId,
        teacherId: toSection.teacherId,
        courseId: toSection.courseId,
        startsAt,
        endsAt: new Date(next.endsAt),
        inviteSequence: sequence,
        changedById: userId,
      })
      .where(eq(bookings.id, booking.id));
    await tx.insert(bookingHistory).values({
      bookingId: booking.id,
      fromStatus: "confirmed",
      toStatus: "confirmed",
      fromStartsAt: booking.startsAt,
      toStartsAt: startsAt,
      byId: userId,
      at: now,
    });
    // The order item follows the seat and keeps what the seat cost in all: a later withdrawal refunds what is left of it.
    await tx
      .update(orderItems)
      .set({ sectionId: toSectionId, priceMinor: seat.priceMinor + differenceMinor })
      .where(eq(orderItems.id, orderItemId));
    await settleEntitlements(
      tx,
      unused.map((row) => row.id),
      "transferred",
      now,
    );
    await writeEntitlements(
      tx,
      [
        {
          orderItemId,
          bookingId: booking.id,
          sectionId: toSectionId,
          teacherId: toSection.teacherId,
          priceMinor: targetMinor,
          occurrences: targetOccurrences,
          firstStartsAt: startsAt,
        },
      ],
      now,
    );
    const [transfer] = await tx
      .insert(seatTransfers)
      .values({
        bookingId: booking.id,
        orderItemId,
        fromSectionId,
        toSectionId,
        fromStartsAt: booking.startsAt,
        toStartsAt: startsAt,
        fromPriceMinor: movedMinor,
        toPriceMinor: targetMinor,
        differenceMinor,
        sequence,
        byId: userId,
        at: now,
      })
      .returning({ id: seatTransfers.id });
    if (filled.length > 0) await markSectionsFull(tx, filled, now);
    if (counts.listed.has(key)) await acceptWaitlistEntries(tx, [{ sectionId: toSectionId, learnerId: seat.learnerId }], now);
    // The seat left behind: first to the old section's waitlist, reopening it if it was full.
    await reopenFreedSections(tx, [fromSectionId], now);
    await emit(tx, seatTransferred, { transferId: transfer!.id });

    const money =
      differenceMinor > 0
        ? ` ${formatMoney(differenceMinor)} was taken from your Cash.`
        : differenceMinor < 0
          ? ` ${formatMoney(-differenceMinor)} was added to your Cash.`
          : "";
    return {
      transferId: transfer!.id,
      bookingId: booking.id,
      fromSectionId,
      toSectionId,
      differenceMinor,
      sequence,
      startsAt,
      message: `${seat.learnerName} moved to the new section of ${seat.courseTitle}.${money} A calendar update is on its way.`,
    };
  });
}
