import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";

import { cardReversals, gifts, orders, paymentIssues, payments, refunds, topUps } from "@/lib/platform/db/schema/index";

import { balanceOf, lockWallet, writeEntry } from "@/lib/commerce/wallet/ledger";
import type { IssueLink } from "./card-sessions";

/**
 * Money a card payment lost after the fact: a refund made in Stripe's dashboard (charge.refunded)
 * or a dispute (charge.dispute.created / closed). What the charge paid for is found by its payment
 * intent, as stored when the payment was taken. The {product} Cash it gave is taken back (held
 * while a dispute is open, given back if we win it), never below zero: what the wallet cannot
 * cover is the reversal's shortfall, a debt on the admins' payment issues list. A gift's code is
 * frozen. Seats an order paid for stay: whether a child loses a class is an admin's decision.
 */

const intentOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));

/** What a payment intent paid for, and the {product} Cash it put in a wallet (whose, how much). */
interface ChargedPurchase {
  link: IssueLink;
  /** Card money the product itself already sent back (withdrawals, a late payment): not a reversal. */
  refundedByUsMinor: number;
  cash: { userId: number; amountMinor: number } | null;
  giftId: string | null;
}

async function purchaseOfIntent(tx: Transaction, paymentIntentId: string): Promise<ChargedPurchase | null> {
  const [payment] = await tx
    .select({ orderId: payments.orderId, amountMinor: payments.amountMinor, status: payments.status })
    .from(payments)
    .where(and(eq(payments.stripePaymentIntentId, paymentIntentId), eq(payments.method, "card")));
  if (payment) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
    const [refunded] = await tx
      .select({ card: sql<string | null>`sum(${refunds.cardMinor})` })
      .from(refunds)
      .where(eq(refunds.orderId, payment.orderId));
    // A late payment given back to the card was a refund of ours; given back as Cash, that Cash came from this charge.
    const lateToCard = payment.status !== "succeeded" && order?.lateRefundTo === "card";
    const lateToCash = payment.status !== "succeeded" && order?.lateRefundTo === "wallet";
    return {
      link: { orderId: payment.orderId },
      refundedByUsMinor: Number(refunded?.card ?? 0) + (lateToCard ? payment.amountMinor : 0),
      cash: lateToCash && order ? { userId: order.userId, amountMinor: payment.amountMinor } : null,
      giftId: null,
    };
  }
  const [topUp] = await tx
    .select()
    .from(topUps)
    .where(and(eq(topUps.stripePaymentIntentId, paymentIntentId), eq(topUps.status, "paid")));
  if (topUp) {
    return {
      link: { topUpId: topUp.id },
      refundedByUsMinor: 0,
      cash: { userId: topUp.userId, amountMinor: topUp.amountMinor },
      giftId: null,
    };
  }
  const [gift] = await tx
    .select()
    .from(gifts)
    .where(and(eq(gifts.stripePaymentIntentId, paymentIntentId), eq(gifts.status, "paid")));
  if (gift) {
    // Redeemed: the Cash is in the recipient's wallet. Not yet: freezing the code is enough.
    const cash = gift.redeemedById && gift.redeemedAt ? { userId: gift.redeemedById, amountMinor: gift.amountMinor } : null;
    return { link: { giftId: gift.id }, refundedByUsMinor: 0, cash, giftId: gift.id };
  }
  return null;
}

/** Takes up to `amountMinor` of the user's Cash under the wallet lock: what it took, and the shortfall. */
async function takeCash(tx: Transaction, userId: number, amountMinor: number, reason: string) {
  await lockWallet(tx, userId);
  const balance = await balanceOf(tx, userId);
  const taken = Math.max(0, Math.min(amountMinor, balance));
  if (taken > 0) await writeEntry(tx, { userId, kind: "adjustment", amountMinor: -taken, reason }, balance);
  return { taken, shortfall: amountMinor - taken };
}

interface Reversal {
  kind: "refund" | "dispute";
  eventId: string;
  paymentIntentId: string;
  amountMinor: number;
  chargeId: string | null;
  disputeId: string | null;
}

async function reverse(tx: Transaction, reversal: Reversal, purchase: ChargedPurchase | null, now: Date): Promise<void> {
  const issueKind = reversal.kind === "refund" ? "card_refunded" : "dispute_opened";
  const ids = { paymentIntentId: reversal.paymentIntentId, chargeId: reversal.chargeId, disputeId: reversal.disputeId };
  if (!purchase) {
    // Nothing of ours names this charge: still an admin's to know of.
    await tx.insert(paymentIssues).values({
      kind: issueKind,
      stripeEventId: reversal.eventId,
      details: { ...ids, amountMinor: reversal.amountMinor, unmatched: true },
    });
    return;
  }
  const owed = purchase.cash ? Math.min(reversal.amountMinor, purchase.cash.amountMinor) : 0;
  const reason =
    reversal.kind === "refund"
      ? `Card payment refunded in Stripe (${reversal.paymentIntentId})`
      : `Held: card payment disputed (${reversal.paymentIntentId})`;
  const { taken, shortfall } =
    purchase.cash && owed > 0 ? await takeCash(tx, purchase.cash.userId, owed, reason) : { taken: 0, shortfall: 0 };
  if (purchase.giftId) await tx.update(gifts).set({ frozenAt: now }).where(eq(gifts.id, purchase.giftId));
  await tx.insert(cardReversals).values({
    ...purchase.link,
    kind: reversal.kind,
    status: reversal.kind === "refund" ? "taken" : "held",
    stripePaymentIntentId: reversal.paymentIntentId,
    stripeDisputeId: reversal.disputeId,
    stripeEventId: reversal.eventId,
    userId: purchase.cash?.userId ?? null,
    amountMinor: reversal.amountMinor,
    takenMinor: taken,
    shortfallMinor: shortfall,
  });
  await tx.insert(paymentIssues).values({
    ...purchase.link,
    kind: issueKind,
    stripeEventId: reversal.eventId,
    details: {
      ...ids,
      amountMinor: reversal.amountMinor,
      cashTakenMinor: taken,
      shortfallMinor: shortfall,
      giftFrozen: Boolean(purchase.giftId),
    },
  });
}

/**
 * charge.refunded: Stripe reports the charge's refunded total. What the product refunded itself,
 * and what earlier events already reversed, is not reversed again; the rest is.
 */
export async function reverseRefundedCharge(tx: Transaction, eventId: string, charge: Stripe.Charge, now: Date): Promise<boolean> {
  const paymentIntentId = intentOf(charge.payment_intent);
  if (!paymentIntentId) return false;
  const purchase = await purchaseOfIntent(tx, paymentIntentId);
  const [earlier] = await tx
    .select({ total: sql<string | null>`sum(${cardReversals.amountMinor})` })
    .from(cardReversals)
    .where(and(eq(cardReversals.stripePaymentIntentId, paymentIntentId), eq(cardReversals.kind, "refund")));
  const amountMinor = charge.amount_refunded - (purchase?.refundedByUsMinor ?? 0) - Number(earlier?.total ?? 0);
  if (amountMinor <= 0) return false;
  await reverse(tx, { kind: "refund", eventId, paymentIntentId, amountMinor, chargeId: charge.id, disputeId: null }, purchase, now);
  return true;
}

/** charge.dispute.created: the disputed amount's Cash is held and a gift's code frozen until the dispute closes. */
export async function holdDisputedCharge(tx: Transaction, eventId: string, dispute: Stripe.Dispute, now: Date): Promise<boolean> {
  const paymentIntentId = intentOf(dispute.payment_intent);
  if (!paymentIntentId) return false;
  const [known] = await tx.select({ id: cardReversals.id }).from(cardReversals).where(eq(cardReversals.stripeDisputeId, dispute.id));
  if (known) return false;
  const purchase = await purchaseOfIntent(tx, paymentIntentId);
  const reversal = {
    kind: "dispute" as const,
    eventId,
    paymentIntentId,
    amountMinor: dispute.amount,
    chargeId: intentOf(dispute.charge),
    disputeId: dispute.id,
  };
  await reverse(tx, reversal, purchase, now);
  return true;
}

/** Stripe's dispute statuses that leave the money with us: the hold is lifted. */
const KEPT = new Set<Stripe.Dispute.Status>(["won", "warning_closed"]);

/**
 * charge.dispute.closed: won (or an inquiry closed), the held Cash goes back and the gift's code
 * thaws, and the shortfall debt is gone; lost, what was held is taken for good. Admins are told either way.
 */
export async function closeDispute(tx: Transaction, eventId: string, dispute: Stripe.Dispute, now: Date): Promise<boolean> {
  const [held] = await tx
    .select()
    .from(cardReversals)
    .where(and(eq(cardReversals.stripeDisputeId, dispute.id), eq(cardReversals.status, "held")))
    .for("update");
  if (!held) return false;
  const won = KEPT.has(dispute.status);
  if (won && held.userId && held.takenMinor > 0) {
    await lockWallet(tx, held.userId);
    await writeEntry(tx, {
      userId: held.userId,
      kind: "adjustment",
      amountMinor: held.takenMinor,
      reason: `Dispute won: held Cash given back (${held.stripePaymentIntentId})`,
    });
  }
  if (won && held.giftId) await tx.update(gifts).set({ frozenAt: null }).where(eq(gifts.id, held.giftId));
  await tx
    .update(cardReversals)
    .set({ status: won ? "released" : "taken", closedAt: now, ...(won ? { shortfallMinor: 0 } : {}) })
    .where(eq(cardReversals.id, held.id));
  // The opening's issue (with its debt) is settled by a win; a loss leaves it open.
  if (won) {
    await tx
      .update(paymentIssues)
      .set({ resolvedAt: now })
      .where(and(eq(paymentIssues.kind, "dispute_opened"), sql`${paymentIssues.details}->>'disputeId' = ${dispute.id}`));
  }
  await tx.insert(paymentIssues).values({
    orderId: held.orderId,
    topUpId: held.topUpId,
    giftId: held.giftId,
    kind: "dispute_closed",
    stripeEventId: eventId,
    details: {
      disputeId: dispute.id,
      paymentIntentId: held.stripePaymentIntentId,
      status: dispute.status,
      won,
      shortfallMinor: won ? 0 : held.shortfallMinor,
    },
    ...(won ? { resolvedAt: now } : {}),
  });
  return true;
}
