import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { eq } from "drizzle-orm";
import type Stripe from "stripe";

import { gifts, orders, paymentIssues, topUps } from "@/lib/platform/db/schema/index";

import { queueCardRefunds } from "@/lib/commerce/refunds/card-refunds";
import { paymentIntentOf, purchaseOfSession, type CardPurchase, type IssueLink } from "./card-sessions";

/**
 * Whether the purchase went with its account: an order or a top-up is deleted with it; a pending
 * gift stays, expired and without its buyer (lib/accounts/erase.ts). "gone" when no row is left.
 */
async function erasedPurchase(tx: Transaction, purchase: CardPurchase): Promise<"gone" | "kept" | null> {
  if (purchase.pays === "gift") {
    const [gift] = await tx.select({ status: gifts.status, buyerId: gifts.buyerId }).from(gifts).where(eq(gifts.id, purchase.id));
    if (!gift) return "gone";
    return gift.status === "expired" && gift.buyerId === null ? "kept" : null;
  }
  const table = purchase.pays === "order" ? orders : topUps;
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, purchase.id));
  return row ? null : "gone";
}

const linkOf = (purchase: CardPurchase): IssueLink =>
  purchase.pays === "order" ? { orderId: purchase.id } : purchase.pays === "top_up" ? { topUpId: purchase.id } : { giftId: purchase.id };

/**
 * A paid session whose purchase was erased with its account (the account was deleted while the
 * card payment was pending). Nothing can be delivered to nobody, so the money goes back to the
 * card (queued in this transaction) and admins see the payment issue: a payment is never kept for
 * nothing. True when it did so; any other purchase that no longer waits (paid, flagged, expired) is
 * left to the webhook's other rules.
 */
export async function refundPaymentWithoutPurchase(tx: Transaction, eventId: string, session: Stripe.Checkout.Session): Promise<boolean> {
  const purchase = purchaseOfSession(session);
  const amountMinor = session.amount_total ?? 0;
  if (!purchase || amountMinor <= 0) return false;
  const erased = await erasedPurchase(tx, purchase);
  if (!erased) return false;
  const paymentIntentId = paymentIntentOf(session);
  if (paymentIntentId) await queueCardRefunds(tx, [{ of: "intent", paymentIntentId, amountMinor }]);
  await tx.insert(paymentIssues).values({
    ...(erased === "kept" ? linkOf(purchase) : {}),
    kind: "payment_without_purchase",
    stripeEventId: eventId,
    details: {
      pays: purchase.pays,
      purchaseId: purchase.id,
      purchaseGone: erased === "gone",
      amountMinor,
      currency: (session.currency ?? "").toUpperCase(),
      checkoutSessionId: session.id,
      paymentIntentId,
      refundQueued: Boolean(paymentIntentId),
    },
  });
  return true;
}
