import "server-only";

import type Stripe from "stripe";

import { getDb, type Transaction } from "@/lib/platform/db/client";
import { paymentIssues, stripeEvents } from "@/lib/platform/db/schema/index";

import { paymentIntentOf, purchaseOfSession, type PendingCardPurchase } from "./card-sessions";
import { applyAccountUpdated } from "@/lib/commerce/earnings/connect";
import { lockPendingGift } from "@/lib/commerce/gifts/gifts";
import { lockPendingOrder } from "./order-payment";
import { lockPendingTopUp } from "./top-ups";
import { closeDispute, holdDisputedCharge, reverseRefundedCharge } from "./charge-reversals";
import { refundPaymentWithoutPurchase } from "./payment-without-purchase";
import { openedSessionOf, refundForeignSession } from "./foreign-session";

export type EventOutcome = "processed" | "duplicate" | "ignored";

/**
 * Handles one verified Stripe event exactly once: its id is stored in the same transaction as its
 * effects (enrolment, payment, ledger entries, a gift's code, a card refund queued for Stripe, a
 * refund or dispute's reversal), so a redelivery, even in parallel,
 * finds the id taken and changes nothing, and a failure stores neither (Stripe delivers it again).
 */
export async function handleStripeEvent(event: Stripe.Event, now = new Date()): Promise<EventOutcome> {
  const db = await getDb();
  return db.transaction(async (tx): Promise<EventOutcome> => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id });
    if (!fresh) return "duplicate";
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        return completeCheckout(tx, event.id, event.data.object, now);
      case "checkout.session.expired":
      case "checkout.session.async_payment_failed":
        return expireCheckout(tx, event.data.object, now);
      case "charge.refunded":
        return outcomeOf(await reverseRefundedCharge(tx, event.id, event.data.object, now));
      case "charge.dispute.created":
        return outcomeOf(await holdDisputedCharge(tx, event.id, event.data.object, now));
      case "charge.dispute.closed":
        return outcomeOf(await closeDispute(tx, event.id, event.data.object, now));
      // A teacher's connected account changed (issue 28): whether it can take payouts now.
      case "account.updated":
        return outcomeOf(await applyAccountUpdated(tx, event.data.object, now));
      default:
        return "ignored";
    }
  });
}

const outcomeOf = (changed: boolean): EventOutcome => (changed ? "processed" : "ignored");

/** The one dispatch on what a session pays for: the pending purchase, locked, or null (unknown or already decided). */
async function lockPendingPurchase(tx: Transaction, session: Stripe.Checkout.Session): Promise<PendingCardPurchase | null> {
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

/**
 * The purchase a session names, when the session is not the one we opened for it (issue 26, finding
 * 11): then the event is not trusted for it. A purchase with no session recorded (it went with its
 * account, or the write after Stripe's answer failed) is judged by the other rules.
 */
async function foreignPurchaseOf(tx: Transaction, session: Stripe.Checkout.Session) {
  const purchase = purchaseOfSession(session);
  if (!purchase) return null;
  const opened = await openedSessionOf(tx, purchase);
  return opened !== null && opened !== session.id ? { purchase, opened } : null;
}

async function completeCheckout(tx: Transaction, eventId: string, session: Stripe.Checkout.Session, now: Date): Promise<EventOutcome> {
  // Asynchronous methods complete unpaid and succeed later, with an event of their own.
  if (session.payment_status !== "paid") return "ignored";
  const foreign = await foreignPurchaseOf(tx, session);
  if (foreign) {
    await refundForeignSession(tx, eventId, session, foreign.purchase, foreign.opened);
    return "processed";
  }
  const pending = await lockPendingPurchase(tx, session);
  if (!pending) return (await refundPaymentWithoutPurchase(tx, eventId, session)) ? "processed" : "ignored";

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
    return "processed";
  }
  await pending.fulfil(tx, session, now);
  return "processed";
}

async function expireCheckout(tx: Transaction, session: Stripe.Checkout.Session, now: Date): Promise<EventOutcome> {
  // Another session's end is not ours: the session we opened may still be paid.
  if (await foreignPurchaseOf(tx, session)) return "ignored";
  const pending = await lockPendingPurchase(tx, session);
  if (!pending) return "ignored";
  await pending.expire(tx, now);
  return "processed";
}
