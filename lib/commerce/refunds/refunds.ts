import "server-only";

import { and, eq, inArray, sql } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { brandLabels } from "@/lib/platform/brand";
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
  seatSessions,
  seatTransfers,
  sessionCredits,
} from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { queueCardRefunds } from "./card-refunds";
import { refundMade, seatsCancelled } from "@/lib/commerce/events";
import { lockWallet, writeEntry } from "@/lib/commerce/wallet/ledger";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { lockOrder, type OrderRow } from "@/lib/commerce/checkout/orders";
import { isRefundable, REFUND_POLICY, refundDeadline } from "./refund-policy";
import { adminRefundSchema, COMMERCE_MESSAGES, orderItemIdSchema } from "@/lib/commerce/schema";
import { lockSections, reopenFreedSections, type LockedSection } from "@/lib/commerce/seats/seats";
import { refundableEntitlements, settleEntitlements } from "@/lib/commerce/seats/entitlements";

export interface RefundOutcome {
  walletMinor: number;
  cardMinor: number;
  /** What the person is told: "Ada has been withdrawn from … $120.00 went back to your …". */
  message: string;
}

export interface SeatToRefund {
  itemId: number;
  priceMinor: number;
  /** What session credits for cancelled sessions already gave back for this seat: a refund gives back the rest. */
  creditedMinor: number;
  bookingId: string | null;
  bookingStatus: string | null;
  sectionId: number;
  startsAt: Date | null;
  learnerName: string;
  courseTitle: string;
}

/**
 * A seat's first session for the refund policy: the first session it bought (seat_sessions, those a
 * move gave up included), so a seat bought into a running class counts from its own first session,
 * never one before it was bought, and a move to a later section does not reopen a window that had
 * closed (moving and then withdrawing would step around the cutoff). A seat without session rows
 * (sold before them): its booking's, or an earlier one before it moved sections (seat_transfers).
 */
export function refundWindowStart() {
  const firstBought = sql`(select min(${seatSessions.occurrence}) from ${seatSessions} where ${seatSessions.bookingId} = ${bookings.id})`;
  const firstBeforeMoves = sql`(select min(${seatTransfers.fromStartsAt}) from ${seatTransfers} where ${seatTransfers.bookingId} = ${bookings.id})`;
  return sql<Date | null>`coalesce(${firstBought}, least(${bookings.startsAt}, ${firstBeforeMoves}))`.mapWith(bookings.startsAt);
}

/** An order's seats not yet refunded, with their booking (read under the order's lock). */
export async function unrefundedSeats(tx: Transaction, orderId: string, itemIds?: number[]): Promise<SeatToRefund[]> {
  const refunded = tx.select({ id: refunds.orderItemId }).from(refunds).where(eq(refunds.orderId, orderId));
  return tx
    .select({
      itemId: orderItems.id,
      priceMinor: orderItems.priceMinor,
      creditedMinor:
        sql<number>`(select coalesce(sum(${sessionCredits.amountMinor}), 0) from ${sessionCredits} where ${sessionCredits.bookingId} = ${orderItems.bookingId})`.mapWith(
          Number,
        ),
      bookingId: orderItems.bookingId,
      bookingStatus: bookings.status,
      sectionId: orderItems.sectionId,
      // The refund window counts from the seat's first session, in the section it was bought for (a transfer moves startsAt).
      startsAt: refundWindowStart(),
      learnerName: learners.firstName,
      courseTitle: courses.title,
    })
    .from(orderItems)
    .innerJoin(learners, eq(learners.id, orderItems.learnerId))
    .innerJoin(sections, eq(sections.id, orderItems.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .leftJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        sql`${orderItems.id} not in (${refunded})`,
        itemIds ? inArray(orderItems.id, itemIds) : undefined,
      ),
    );
}

/**
 * How much of a seat's price goes where. With the card part going back to the card, the order's
 * {product} Cash is given back first (instant), then its card payment; otherwise all to the wallet.
 */
async function splitRefund(
  tx: Pick<Transaction, "select">,
  order: OrderRow,
  amountMinor: number,
): Promise<{ walletMinor: number; cardMinor: number }> {
  if (REFUND_POLICY.cardPartTo === "wallet" || order.cardMinor === 0) return { walletMinor: amountMinor, cardMinor: 0 };
  const [done] = await tx
    .select({ wallet: sql<string>`coalesce(sum(${refunds.walletMinor}), 0)`, card: sql<string>`coalesce(sum(${refunds.cardMinor}), 0)` })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  const walletLeft = Math.max(order.walletMinor - Number(done?.wallet ?? 0), 0);
  const walletMinor = Math.min(walletLeft, amountMinor);
  const cardLeft = Math.max(order.cardMinor - Number(done?.card ?? 0), 0);
  const cardMinor = Math.min(cardLeft, amountMinor - walletMinor);
  // Anything the card cannot take back (a policy changed mid-order) still reaches the parent.
  return { walletMinor: amountMinor - cardMinor, cardMinor };
}

/**
 * Frees the seat (reopening its section if the seat had filled it), writes the refund (ledger entry
 * for the wallet part, the card part queued for Stripe in the same transaction) and closes the order once every seat is refunded. Returns, with the refund,
 * the booking it cancelled when that was a confirmed seat (the caller emits it once the refunds are written).
 */
async function refundSeat(
  tx: Transaction,
  order: OrderRow,
  seat: SeatToRefund,
  kind: "withdrawal" | "admin",
  actorId: number,
  reason: string | null,
  now: Date,
  unusedIn: LockedSection | null = null,
  toCash = false,
): Promise<{ refundId: number; walletMinor: number; cardMinor: number; creditedMinor: number; cancelledSeat: string | null }> {
  let cancelledSeat: string | null = null;
  if (seat.bookingId && (seat.bookingStatus === "confirmed" || seat.bookingStatus === "held")) {
    await tx
      .update(bookings)
      .set({ status: "cancelled", statusChangedAt: now, changedById: actorId })
      .where(eq(bookings.id, seat.bookingId));
    await tx
      .insert(bookingHistory)
      .values({ bookingId: seat.bookingId, fromStatus: seat.bookingStatus, toStatus: "cancelled", byId: actorId, at: now });
    await reopenFreedSections(tx, [seat.sectionId], now);
    if (seat.bookingStatus === "confirmed") cancelledSeat = seat.bookingId;
  }
  // Never more than the family paid: what session credits already gave back is not given twice.
  const creditedMinor = Math.min(seat.creditedMinor, seat.priceMinor);
  // Issue 39: the value of the seat's open entitlements (only those not yet held when its section closed while running).
  const owed = await refundableEntitlements(tx, seat.itemId, unusedIn, now);
  const amountMinor = owed ? owed.valueMinor : seat.priceMinor - creditedMinor;
  const split = toCash ? { walletMinor: amountMinor, cardMinor: 0 } : await splitRefund(tx, order, amountMinor);
  if (owed) await settleEntitlements(tx, owed.ids, "refunded", now);
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      orderItemId: seat.itemId,
      kind,
      ...split,
      currency: order.currency,
      reason,
      byId: actorId,
      createdAt: now,
    })
    .returning({ id: refunds.id });
  if (split.walletMinor > 0) {
    await writeEntry(tx, {
      userId: order.userId,
      kind: "refund",
      amountMinor: split.walletMinor,
      orderId: order.id,
      reason: `${seat.courseTitle} (${seat.learnerName})`,
      createdById: actorId,
    });
  }
  if (split.cardMinor > 0) await queueCardRefunds(tx, [{ of: "refund", refundId: row!.id }]);
  return { refundId: row!.id, ...split, creditedMinor, cancelledSeat };
}

/** Once no seat of an order is left unrefunded, the order is "refunded". */
async function closeIfFullyRefunded(tx: Transaction, order: OrderRow, now: Date): Promise<void> {
  const left = await unrefundedSeats(tx, order.id);
  if (left.length === 0) await tx.update(orders).set({ status: "refunded", updatedAt: now }).where(eq(orders.id, order.id));
}

/**
 * What withdrawing this seat now would refund, and where it goes, for the confirmation before it
 * ("$99.00 goes back to your … Cash."): the same split as the withdrawal itself (splitRefund).
 */
export async function previewWithdrawalRefund(order: OrderRow, priceMinor: number): Promise<string> {
  const { walletMinor, cardMinor } = await splitRefund(await getDb(), order, priceMinor);
  const parts: string[] = [];
  if (walletMinor > 0) parts.push(`${formatMoney(walletMinor, order.currency)} goes back to your ${brandLabels.cash}`);
  if (cardMinor > 0) parts.push(`${formatMoney(cardMinor, order.currency)} is refunded to the card you paid with`);
  return parts.length > 0 ? `${parts.join(" and ")}.` : "Nothing was paid for it, so nothing is refunded.";
}

function refundMessage(walletMinor: number, cardMinor: number, currency: string): string {
  const parts: string[] = [];
  if (walletMinor > 0) parts.push(`${formatMoney(walletMinor, currency)} went back to your ${brandLabels.cash}`);
  if (cardMinor > 0) parts.push(`${formatMoney(cardMinor, currency)} is being refunded to your card`);
  return parts.length > 0 ? `${parts.join(" and ")}.` : "Nothing had been paid for it.";
}

/**
 * A parent withdraws one child's seat (an order item). Ownership is in the lookup (another family's
 * seat is "not on your account"); under the parent's wallet lock and the order's lock, the seat must
 * still be live and the policy's cutoff before its first session not yet passed. Refused: nothing changes.
 */
export async function withdrawSeat(userId: number, orderItemId: unknown, timezone: string, now = new Date()): Promise<RefundOutcome> {
  const parsed = orderItemIdSchema.safeParse(orderItemId);
  if (!parsed.success) throw new AppError("not-found", COMMERCE_MESSAGES.enrolmentNotFound);
  const itemId = parsed.data;
  const db = await getDb();
  const [owned] = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orders.userId, userId)));
  if (!owned) throw new AppError("not-found", COMMERCE_MESSAGES.enrolmentNotFound);

  const result = await db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    const order = await lockOrder(tx, owned.orderId);
    if (!order || order.userId !== userId) throw new AppError("not-found", COMMERCE_MESSAGES.enrolmentNotFound);
    const [seat] = await unrefundedSeats(tx, order.id, [itemId]);
    if (!seat || seat.bookingStatus !== "confirmed" || !seat.startsAt || order.status !== "paid") {
      const [names] = await tx
        .select({ learner: learners.firstName, title: courses.title })
        .from(orderItems)
        .innerJoin(learners, eq(learners.id, orderItems.learnerId))
        .innerJoin(sections, eq(sections.id, orderItems.sectionId))
        .innerJoin(courses, eq(courses.id, sections.courseId))
        .where(eq(orderItems.id, itemId));
      throw new AppError("conflict", COMMERCE_MESSAGES.alreadyWithdrawn(names?.learner ?? "", names?.title ?? ""));
    }
    if (!isRefundable(seat.startsAt, now)) {
      throw new AppError(
        "conflict",
        COMMERCE_MESSAGES.refundWindowClosed(seat.courseTitle, formatInstantInZone(refundDeadline(seat.startsAt), timezone)),
      );
    }
    await lockSections(tx, [seat.sectionId]);
    const refunded = await refundSeat(tx, order, seat, "withdrawal", userId, null, now);
    await closeIfFullyRefunded(tx, order, now);
    if (refunded.cancelledSeat) {
      await emit(tx, seatsCancelled, { bookingIds: [refunded.cancelledSeat], refundIds: [refunded.refundId], sectionClosed: false });
    }
    await emit(tx, refundMade, { refundIds: [refunded.refundId], sectionClosed: false });
    return { ...refunded, seat, currency: order.currency };
  });
  return {
    walletMinor: result.walletMinor,
    cardMinor: result.cardMinor,
    message: `${result.seat.learnerName} has been withdrawn from ${result.seat.courseTitle}. ${refundMessage(result.walletMinor, result.cardMinor, result.currency)}`,
  };
}

/** What a staff refund of an order's seats did: the money and the rows its events tell of. */
export interface StaffRefund {
  walletMinor: number;
  cardMinor: number;
  refundIds: number[];
  /** The confirmed seats it cancelled. */
  cancelledSeats: string[];
  /** What session credits had already given back for these seats (not refunded again). */
  creditedMinor: number;
}

/**
 * Refunds these seats of an order in full, as staff (kind "admin", with a reason), freeing them, and
 * audits it: the one staff refund, for an admin's refund of an order and a section's closing
 * (section-close.ts). The caller holds the owner's wallet lock and the order's, and emits its events after (emitStaffRefund).
 */
export async function refundSeatsAsStaff(
  tx: Transaction,
  actor: Actor,
  order: OrderRow,
  seats: SeatToRefund[],
  reason: string,
  auditDetails: Record<string, unknown>,
  now: Date,
  how: {
    /** A section closed over its learners: only the sessions not yet held are given back (issue 39). */
    onlyUnused?: boolean;
    /** Everything to the family's Cash, whatever paid for it (a teacher suspended: the family can rebook at once). */
    toCash?: boolean;
  } = {},
): Promise<StaffRefund> {
  const done: StaffRefund = { walletMinor: 0, cardMinor: 0, refundIds: [], cancelledSeats: [], creditedMinor: 0 };
  // Every section at once, in id order (the checkout's order), before any seat is freed in one.
  const locked = await lockSections(
    tx,
    seats.map((seat) => seat.sectionId),
  );
  for (const seat of seats) {
    const unusedIn = how.onlyUnused ? (locked.get(seat.sectionId) ?? null) : null;
    const refunded = await refundSeat(tx, order, seat, "admin", actor.id, reason, now, unusedIn, how.toCash);
    done.refundIds.push(refunded.refundId);
    if (refunded.cancelledSeat) done.cancelledSeats.push(refunded.cancelledSeat);
    done.walletMinor += refunded.walletMinor;
    done.cardMinor += refunded.cardMinor;
    done.creditedMinor += refunded.creditedMinor;
  }
  await closeIfFullyRefunded(tx, order, now);
  await recordAudit(tx, actor, {
    action: "order.refund",
    targetType: "order",
    targetId: order.id,
    details: {
      reason,
      walletMinor: done.walletMinor,
      cardMinor: done.cardMinor,
      creditedMinor: done.creditedMinor,
      seats: seats.length,
      userId: order.userId,
      ...auditDetails,
    },
  });
  return done;
}

/**
 * Tells of a staff refund of one family's seats: the seats it cancelled (when it cancelled any) and
 * the refund (when it made one), in the caller's transaction.
 */
export async function emitStaffRefund(
  tx: Transaction,
  refunded: Pick<StaffRefund, "cancelledSeats" | "refundIds">,
  { sectionClosed }: { sectionClosed: boolean },
): Promise<void> {
  const { cancelledSeats: bookingIds, refundIds } = refunded;
  if (bookingIds.length > 0) await emit(tx, seatsCancelled, { bookingIds, refundIds, sectionClosed });
  if (refundIds.length > 0) await emit(tx, refundMade, { refundIds, sectionClosed });
}

/**
 * An admin refunds every seat of an order not yet refunded, at any time, with a reason; the seats
 * are freed and the refund is audited in the same transaction.
 */
export async function refundOrderAsAdmin(actor: Actor | null | undefined, input: unknown, now = new Date()): Promise<RefundOutcome> {
  authorize(actor, "orders.manage");
  const { orderId, reason } = parseInput(adminRefundSchema, input);
  const db = await getDb();
  const [owner] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!owner) throw new AppError("not-found", COMMERCE_MESSAGES.orderNotFound);

  const result = await db.transaction(async (tx) => {
    await lockWallet(tx, owner.userId);
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError("not-found", COMMERCE_MESSAGES.orderNotFound);
    if (order.status !== "paid") throw new AppError("conflict", COMMERCE_MESSAGES.orderNotRefundable);
    const seats = await unrefundedSeats(tx, order.id);
    if (seats.length === 0) throw new AppError("conflict", COMMERCE_MESSAGES.nothingToRefund);
    const refunded = await refundSeatsAsStaff(tx, actor, order, seats, reason, {}, now);
    await emitStaffRefund(tx, refunded, { sectionClosed: false });
    return { ...refunded, currency: order.currency };
  });
  return {
    walletMinor: result.walletMinor,
    cardMinor: result.cardMinor,
    message: COMMERCE_MESSAGES.orderRefunded(
      formatMoney(result.walletMinor + result.cardMinor, result.currency),
      formatMoney(result.walletMinor, result.currency),
      formatMoney(result.cardMinor, result.currency),
      result.creditedMinor > 0 ? formatMoney(result.creditedMinor, result.currency) : null,
    ),
  };
}
