import "server-only";

import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";

import { getDb } from "@/lib/platform/db/client";
import { bookings, learners, orderItems, orders, paymentIssues, payments, stripeEvents } from "@/lib/platform/db/schema";

import { lockWallet, type Tx } from "./ledger";
import { formatMoney } from "./money";
import { closePendingOrder, lockOrder, removePaidFromCart, type OrderRow } from "./orders";
import { ORDER_NOTICES } from "./schema";
import { checkSeats, lockSections, moveSeats, releaseExpiredHolds, writeSeat } from "./seats";
import { stripeClient } from "./stripe";

export type EventOutcome = "processed" | "duplicate" | "ignored";

/** A card refund decided in the transaction, sent to Stripe after it commits. */
interface RefundToSend {
  paymentId: number;
  orderId: string;
  paymentIntentId: string | null;
  amountMinor: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Handles one verified Stripe event exactly once: its id is stored in the same transaction as its
 * effects (enrolment, payment, ledger entries), so a redelivery, even in parallel, finds the id
 * taken and changes nothing, and a failure stores neither (Stripe delivers it again).
 */
export async function handleStripeEvent(event: Stripe.Event, now = new Date()): Promise<EventOutcome> {
  const db = await getDb();
  const result = await db.transaction(async (tx): Promise<{ outcome: EventOutcome; refund?: RefundToSend }> => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id });
    if (!fresh) return { outcome: "duplicate" };
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        return completeCheckout(tx, event.id, event.data.object, now);
      case "checkout.session.expired":
      case "checkout.session.async_payment_failed":
        return expireCheckout(tx, event.data.object, now);
      default:
        return { outcome: "ignored" };
    }
  });
  if (result.refund) await sendRefund(result.refund);
  return result.outcome;
}

/** The pending order a session pays for, locked after its owner's wallet (the ledger's lock order). */
async function lockOrderOf(tx: Tx, session: Stripe.Checkout.Session): Promise<OrderRow | null> {
  const orderId = session.client_reference_id ?? session.metadata?.orderId ?? "";
  if (!UUID.test(orderId)) return null;
  const [owner] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!owner) return null;
  await lockWallet(tx, owner.userId);
  const order = await lockOrder(tx, orderId);
  return order?.status === "pending" ? order : null;
}

function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

async function completeCheckout(
  tx: Tx,
  eventId: string,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<{ outcome: EventOutcome; refund?: RefundToSend }> {
  // Asynchronous methods complete unpaid and succeed later, with an event of their own.
  if (session.payment_status !== "paid") return { outcome: "ignored" };
  const order = await lockOrderOf(tx, session);
  if (!order) return { outcome: "ignored" };

  const currency = (session.currency ?? "").toUpperCase();
  if (session.amount_total !== order.cardMinor || currency !== order.currency) {
    await tx.insert(paymentIssues).values({
      orderId: order.id,
      kind: currency !== order.currency ? "currency_mismatch" : "amount_mismatch",
      stripeEventId: eventId,
      details: {
        expected: { amountMinor: order.cardMinor, currency: order.currency },
        received: { amountMinor: session.amount_total, currency },
        checkoutSessionId: session.id,
        paymentIntentId: paymentIntentOf(session),
      },
    });
    await closePendingOrder(tx, order, "flagged", ORDER_NOTICES.flagged, now);
    return { outcome: "processed" };
  }

  const items = await tx
    .select({
      itemId: orderItems.id,
      sectionId: orderItems.sectionId,
      learnerId: orderItems.learnerId,
      learnerName: learners.firstName,
      bookingId: orderItems.bookingId,
      bookingStatus: bookings.status,
    })
    .from(orderItems)
    .innerJoin(learners, eq(learners.id, orderItems.learnerId))
    .leftJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(eq(orderItems.orderId, order.id));
  const locked = await lockSections(
    tx,
    items.map((item) => item.sectionId),
  );
  const lapsed = items.filter((item) => item.bookingStatus !== "held");
  const cardPayment = {
    orderId: order.id,
    method: "card" as const,
    amountMinor: order.cardMinor,
    currency: order.currency,
    stripeCheckoutSessionId: session.id,
    stripePaymentIntentId: paymentIntentOf(session),
  };

  if (lapsed.length > 0) {
    // The hold ran out before the payment came: the seat is taken again only if one is still free.
    await releaseExpiredHolds(tx, [...locked.keys()], now);
    const available = await checkSeats(tx, lapsed, locked, now).then(
      () => true,
      () => false,
    );
    if (!available) {
      await closePendingOrder(
        tx,
        order,
        "refunded",
        (wallet) => ORDER_NOTICES.seatTaken(formatMoney(order.cardMinor, order.currency), wallet),
        now,
      );
      const [payment] = await tx
        .insert(payments)
        .values({ ...cardPayment, status: "refunded" })
        .returning({ id: payments.id });
      return {
        outcome: "processed",
        refund: {
          paymentId: payment!.id,
          orderId: order.id,
          paymentIntentId: cardPayment.stripePaymentIntentId,
          amountMinor: order.cardMinor,
        },
      };
    }
    for (const item of lapsed) {
      const bookingId = await writeSeat(tx, locked.get(item.sectionId)!, item.learnerId, "confirmed", order.userId, now);
      await tx.update(orderItems).set({ bookingId }).where(eq(orderItems.id, item.itemId));
    }
  }
  await moveSeats(
    tx,
    items.filter((item) => item.bookingStatus === "held").flatMap((item) => (item.bookingId ? [item.bookingId] : [])),
    "held",
    "confirmed",
    now,
  );
  await tx.insert(payments).values(cardPayment);
  await tx.update(orders).set({ status: "paid", paidAt: now, updatedAt: now }).where(eq(orders.id, order.id));
  await removePaidFromCart(tx, order.userId, order.id);
  return { outcome: "processed" };
}

async function expireCheckout(tx: Tx, session: Stripe.Checkout.Session, now: Date): Promise<{ outcome: EventOutcome }> {
  const order = await lockOrderOf(tx, session);
  if (!order) return { outcome: "ignored" };
  await closePendingOrder(tx, order, "expired", ORDER_NOTICES.expired, now);
  return { outcome: "processed" };
}

/**
 * Sends a decided refund to Stripe (idempotent per order, so a retry never refunds twice) and
 * records its id; a failure is recorded as a payment issue for admins.
 */
async function sendRefund(refund: RefundToSend): Promise<void> {
  const db = await getDb();
  try {
    const stripe = stripeClient();
    if (!stripe || !refund.paymentIntentId) throw new Error(stripe ? "the session has no payment intent" : "Stripe is not configured");
    const created = await stripe.refunds.create(
      {
        payment_intent: refund.paymentIntentId,
        amount: refund.amountMinor,
        reason: "requested_by_customer",
        metadata: { orderId: refund.orderId },
      },
      { idempotencyKey: `refund-${refund.orderId}` },
    );
    await db.update(payments).set({ stripeRefundId: created.id }).where(eq(payments.id, refund.paymentId));
  } catch (error) {
    console.error("[stripe] refund failed:", error instanceof Error ? error.message : error);
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: "refund_failed" })
        .where(and(eq(payments.id, refund.paymentId)));
      await tx.insert(paymentIssues).values({
        orderId: refund.orderId,
        kind: "refund_failed",
        details: {
          paymentIntentId: refund.paymentIntentId,
          amountMinor: refund.amountMinor,
          error: error instanceof Error ? error.message : String(error),
        },
      });
    });
  }
}
