import "server-only";

import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";

import { getDb } from "@/lib/platform/db/client";
import { paymentIssues, payments, stripeEvents } from "@/lib/platform/db/schema";

import { paymentIntentOf, purchaseOfSession, type PendingCardPurchase, type RefundToSend } from "./card-sessions";
import { lockPendingGift } from "./gifts";
import type { Tx } from "./ledger";
import { lockPendingOrder } from "./order-payment";
import { stripeClient } from "./stripe";
import { lockPendingTopUp } from "./top-ups";

export type EventOutcome = "processed" | "duplicate" | "ignored";

/**
 * Handles one verified Stripe event exactly once: its id is stored in the same transaction as its
 * effects (enrolment, payment, ledger entries, a gift's code), so a redelivery, even in parallel,
 * finds the id taken and changes nothing, and a failure stores neither (Stripe delivers it again).
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

/** The one dispatch on what a session pays for: the pending purchase, locked, or null (unknown or already decided). */
async function lockPendingPurchase(tx: Tx, session: Stripe.Checkout.Session): Promise<PendingCardPurchase | null> {
  const purchase = purchaseOfSession(session);
  if (!purchase) return null;
  switch (purchase.pays) {
    case "order":
      return lockPendingOrder(tx, purchase.id);
    case "top_up":
      return lockPendingTopUp(tx, purchase.id);
    case "gift":
      return lockPendingGift(tx, purchase.id);
  }
}

async function completeCheckout(
  tx: Tx,
  eventId: string,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<{ outcome: EventOutcome; refund?: RefundToSend }> {
  // Asynchronous methods complete unpaid and succeed later, with an event of their own.
  if (session.payment_status !== "paid") return { outcome: "ignored" };
  const pending = await lockPendingPurchase(tx, session);
  if (!pending) return { outcome: "ignored" };

  // The one amount and currency check, whatever the session pays for.
  const currency = (session.currency ?? "").toUpperCase();
  const { expected } = pending;
  if (session.amount_total !== expected.amountMinor || currency !== expected.currency) {
    await tx.insert(paymentIssues).values({
      ...pending.link,
      kind: currency !== expected.currency ? "currency_mismatch" : "amount_mismatch",
      stripeEventId: eventId,
      details: {
        expected,
        received: { amountMinor: session.amount_total, currency },
        checkoutSessionId: session.id,
        paymentIntentId: paymentIntentOf(session),
      },
    });
    await pending.flag(tx, now);
    return { outcome: "processed" };
  }
  const { refund } = await pending.fulfil(tx, session, now);
  return { outcome: "processed", refund };
}

async function expireCheckout(tx: Tx, session: Stripe.Checkout.Session, now: Date): Promise<{ outcome: EventOutcome }> {
  const pending = await lockPendingPurchase(tx, session);
  if (!pending) return { outcome: "ignored" };
  await pending.expire(tx, now);
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
