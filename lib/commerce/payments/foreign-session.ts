import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { eq } from "drizzle-orm";
import type Stripe from "stripe";

import { gifts, orders, paymentIssues, topUps } from "@/lib/platform/db/schema/index";

import { queueCardRefunds } from "@/lib/commerce/refunds/card-refunds";
import { paymentIntentOf, type CardPurchase } from "./card-sessions";

/**
 * The Checkout Session we opened for this purchase (stored when Stripe answered, before the parent
 * is sent to it), or null when none was recorded or the purchase is gone.
 */
export async function openedSessionOf(tx: Transaction, purchase: CardPurchase): Promise<string | null> {
  const table = purchase.pays === "order" ? orders : purchase.pays === "top_up" ? topUps : gifts;
  const [row] = await tx.select({ sessionId: table.stripeCheckoutSessionId }).from(table).where(eq(table.id, purchase.id));
  return row?.sessionId ?? null;
}

/**
 * A session event whose metadata names a purchase of ours, for another session than the one we
 * opened for it (issue 26, finding 11): made outside the product (the dashboard, another
 * integration on the account) or replayed from elsewhere. It fulfils nothing and changes nothing of
 * the purchase; money it took goes back to the card (queued in this transaction) and admins see the
 * payment issue, as for a payment without a purchase.
 */
export async function refundForeignSession(
  tx: Transaction,
  eventId: string,
  session: Stripe.Checkout.Session,
  purchase: CardPurchase,
  expectedSessionId: string,
): Promise<void> {
  const amountMinor = session.payment_status === "paid" ? (session.amount_total ?? 0) : 0;
  const paymentIntentId = paymentIntentOf(session);
  const refundQueued = amountMinor > 0 && paymentIntentId !== null;
  if (refundQueued) await queueCardRefunds(tx, [{ of: "intent", paymentIntentId, amountMinor }]);
  const link =
    purchase.pays === "order" ? { orderId: purchase.id } : purchase.pays === "top_up" ? { topUpId: purchase.id } : { giftId: purchase.id };
  await tx.insert(paymentIssues).values({
    ...link,
    kind: "session_mismatch",
    stripeEventId: eventId,
    details: {
      pays: purchase.pays,
      purchaseId: purchase.id,
      expectedSessionId,
      checkoutSessionId: session.id,
      amountMinor,
      currency: (session.currency ?? "").toUpperCase(),
      paymentIntentId,
      refundQueued,
    },
  });
}
