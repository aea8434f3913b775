import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { eq } from "drizzle-orm";
import type Stripe from "stripe";

import { joinOrderItemSeat } from "@/lib/platform/db/queries";
import { bookings, learners, orderItems, orders, payments } from "@/lib/platform/db/schema/index";
import { emit } from "@/lib/platform/events/events";

import { queueCardRefunds } from "@/lib/commerce/refunds/card-refunds";
import { paymentIntentOf, type PendingCardPurchase } from "./card-sessions";
import { orderSeatTaken } from "@/lib/commerce/events";
import { lockWallet, writeEntry } from "@/lib/commerce/wallet/ledger";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { closePendingOrder, lockOrder, type OrderRow } from "@/lib/commerce/checkout/orders";
import { ORDER_NOTICES } from "@/lib/commerce/schema";
import { confirmSeats } from "@/lib/commerce/seats/confirm";
import { lockSections, moveSeats, seatHistoryInsert } from "@/lib/commerce/seats/seats";

/** A pending order's card part, for the webhook: locked after its owner's wallet (the ledger's lock order). */
export async function lockPendingOrder(tx: Transaction, orderId: string): Promise<PendingCardPurchase | null> {
  const [owner] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!owner) return null;
  await lockWallet(tx, owner.userId);
  const order = await lockOrder(tx, orderId);
  if (order?.status !== "pending") return null;
  return {
    expected: { amountMinor: order.cardMinor, currency: order.currency },
    link: { orderId: order.id },
    fulfil: (tx, session, now) => completeOrder(tx, order, session, now),
    flag: (tx, now) => closePendingOrder(tx, order, "flagged", ORDER_NOTICES.flagged, now),
    expire: (tx, now) => closePendingOrder(tx, order, "expired", ORDER_NOTICES.expired, now),
  };
}

/**
 * The payment matched: every seat of the order is confirmed, or none is and the payment goes back
 * (giveBackLatePayment). Decided under the section locks: the seats are read after them (a checkout
 * that released this order's hold meanwhile has committed by then), and this order's own expired
 * holds are kept, not released, while the seats it lost are taken again.
 */
async function completeOrder(tx: Transaction, order: OrderRow, session: Stripe.Checkout.Session, now: Date): Promise<void> {
  const sectionIds = await tx.select({ id: orderItems.sectionId }).from(orderItems).where(eq(orderItems.orderId, order.id));
  const locked = await lockSections(
    tx,
    sectionIds.map((row) => row.id),
  );
  const items = await joinOrderItemSeat(
    tx
      .select({
        itemId: orderItems.id,
        sectionId: orderItems.sectionId,
        learnerId: orderItems.learnerId,
        learnerName: learners.firstName,
        bookingId: orderItems.bookingId,
        bookingStatus: bookings.status,
      })
      .from(orderItems)
      .$dynamic(),
  )
    .leftJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(eq(orderItems.orderId, order.id));
  const held = items.filter((item) => item.bookingStatus === "held");
  const lapsed = items.filter((item) => item.bookingStatus !== "held");
  const cardPayment = {
    orderId: order.id,
    method: "card" as const,
    amountMinor: order.cardMinor,
    currency: order.currency,
    stripeCheckoutSessionId: session.id,
    stripePaymentIntentId: paymentIntentOf(session),
  };

  // The same confirmation as a wallet checkout's: a lapsed hold's seat counted and checked again
  // under the locks (this order's own expired holds kept), then every seat of the order confirmed.
  await confirmSeats(tx, {
    userId: order.userId,
    wanted: lapsed,
    now,
    count: { keepHoldsOf: order.id },
    locked,
    onRefused: () => giveBackLatePayment(tx, order, cardPayment, now),
    write: async (_decided, seatsAs) => {
      const seats = seatsAs("confirmed");
      for (const [i, item] of lapsed.entries()) {
        const seat = seats[i]!;
        await tx
          .with(seatHistoryInsert(tx, [seat]))
          .insert(bookings)
          .values(seat.booking);
        await tx.update(orderItems).set({ bookingId: seat.id }).where(eq(orderItems.id, item.itemId));
      }
      const confirmed = await moveSeats(
        tx,
        held.flatMap((item) => (item.bookingId ? [item.bookingId] : [])),
        "held",
        "confirmed",
        now,
      );
      // Under the locks nothing else moves these seats; a mismatch is a bug, and rolls the payment back for Stripe to retry.
      if (confirmed !== held.length) throw new Error(`order ${order.id}: ${held.length - confirmed} held seats could not be confirmed`);
      await tx.insert(payments).values(cardPayment);
      await tx.update(orders).set({ status: "paid", paidAt: now, updatedAt: now }).where(eq(orders.id, order.id));
      return { orderId: order.id, paid: true, result: undefined };
    },
  });
}

/**
 * The card payment came after its seat was taken: nobody is enrolled and the money goes back where
 * the parent chose at checkout: a Stripe refund to the card (queued in this transaction), or a refund entry
 * in their {product} Cash now. The wallet part always goes back to the wallet. The notice and the
 * email say which.
 */
async function giveBackLatePayment(tx: Transaction, order: OrderRow, cardPayment: typeof payments.$inferInsert, now: Date): Promise<void> {
  const toWallet = order.lateRefundTo === "wallet";
  const card = formatMoney(order.cardMinor, order.currency);
  await closePendingOrder(tx, order, "refunded", (wallet) => ORDER_NOTICES.seatTaken(card, wallet, order.lateRefundTo), now);
  const [payment] = await tx
    .insert(payments)
    .values({ ...cardPayment, status: "refunded" })
    .returning({ id: payments.id });
  if (toWallet) await writeEntry(tx, { userId: order.userId, kind: "refund", amountMinor: order.cardMinor, orderId: order.id });
  else await queueCardRefunds(tx, [{ of: "payment", paymentId: payment!.id }]);
  // The parent's email about it (lib/reactions), told with the decision: written in this transaction.
  await emit(tx, orderSeatTaken, { orderId: order.id });
}
