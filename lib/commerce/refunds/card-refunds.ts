import "server-only";

import { and, eq } from "drizzle-orm";
import Stripe from "stripe";

import type { Database } from "@/lib/platform/db/client";
import { paymentIssues, payments, refunds } from "@/lib/platform/db/schema/index";
import { enqueueAll, PermanentDeliveryError, type DeadLetterHandler, type Sender } from "@/lib/platform/outbox/outbox";
import { deliverOutboxSoon } from "@/lib/platform/outbox/worker";
import { z } from "@/lib/platform/zod";

import { stripeClient } from "@/lib/commerce/payments/stripe";

/**
 * Card refunds go to Stripe through the outbox (ARCHITECTURE: every call to an outside service
 * does): queued in the transaction that decides the refund, so a refund the family is told of is
 * never lost to an outage or a crash after the commit, and sent with retries. The wiring registers
 * the sender and the dead-letter handler below for this topic when Stripe is configured.
 */
export const CARD_REFUND_TOPIC = "stripe.refund";

/**
 * Which refund a queued message sends, read again at delivery: a refund row's card part (a
 * withdrawal, an admin's refund, a closed section), a late card payment given back whole, or a
 * payment that came for a purchase no longer waiting for it (its account erased): that one has no
 * row of ours to read, so the message carries its payment intent and amount.
 */
const cardRefundSchema = z.discriminatedUnion("of", [
  z.object({ of: z.literal("refund"), refundId: z.number().int().positive() }),
  z.object({ of: z.literal("payment"), paymentId: z.number().int().positive() }),
  z.object({ of: z.literal("intent"), paymentIntentId: z.string().min(1), amountMinor: z.number().int().positive() }),
]);
export type CardRefundRef = z.infer<typeof cardRefundSchema>;

function dedupeKeyOf(ref: CardRefundRef): string {
  if (ref.of === "refund") return `${CARD_REFUND_TOPIC}:refund:${ref.refundId}`;
  if (ref.of === "payment") return `${CARD_REFUND_TOPIC}:payment:${ref.paymentId}`;
  return `${CARD_REFUND_TOPIC}:intent:${ref.paymentIntentId}`;
}

/** Queues card refunds in the caller's transaction (one statement); each is sent once it commits. */
export async function queueCardRefunds(tx: Pick<Database, "insert">, refs: CardRefundRef[]): Promise<void> {
  if (refs.length === 0) return;
  await enqueueAll(
    tx,
    refs.map((ref) => ({ topic: CARD_REFUND_TOPIC, dedupeKey: dedupeKeyOf(ref), payload: ref })),
  );
  // Delivered after the answer is sent (by then the transaction has committed); the timer catches the rest.
  deliverOutboxSoon();
}

/** What a queued refund sends, as the database holds it at delivery. */
interface CardRefundTarget {
  orderId: string | null;
  paymentIntentId: string | null;
  amountMinor: number;
  /** Stripe's refund id once sent. */
  stripeRefundId: string | null;
  /** The same keys as when refunds were sent after commit, so a refund sent then is not sent again. */
  idempotencyKey: string;
  /** Ids for the admins' payment issue. */
  issueDetails: Record<string, unknown>;
}

async function targetOf(db: Database, ref: CardRefundRef): Promise<CardRefundTarget | null> {
  if (ref.of === "intent") {
    // Nothing of ours records its Stripe refund id: Stripe's idempotency key keeps it to one refund.
    const { paymentIntentId, amountMinor } = ref;
    return {
      orderId: null,
      paymentIntentId,
      amountMinor,
      stripeRefundId: null,
      idempotencyKey: `refund-intent-${paymentIntentId}`,
      issueDetails: { paymentIntentId },
    };
  }
  if (ref.of === "refund") {
    const [row] = await db
      .select({
        orderId: refunds.orderId,
        amountMinor: refunds.cardMinor,
        stripeRefundId: refunds.stripeRefundId,
        paymentIntentId: payments.stripePaymentIntentId,
      })
      .from(refunds)
      .leftJoin(payments, and(eq(payments.orderId, refunds.orderId), eq(payments.method, "card")))
      .where(eq(refunds.id, ref.refundId));
    return row ? { ...row, idempotencyKey: `refund-seat-${ref.refundId}`, issueDetails: { refundId: ref.refundId } } : null;
  }
  const [row] = await db
    .select({
      orderId: payments.orderId,
      amountMinor: payments.amountMinor,
      stripeRefundId: payments.stripeRefundId,
      paymentIntentId: payments.stripePaymentIntentId,
    })
    .from(payments)
    .where(eq(payments.id, ref.paymentId));
  return row ? { ...row, idempotencyKey: `refund-${row.orderId}`, issueDetails: { paymentId: ref.paymentId } } : null;
}

async function recordStripeRefund(db: Database, ref: CardRefundRef, stripeRefundId: string): Promise<void> {
  if (ref.of === "refund") await db.update(refunds).set({ stripeRefundId }).where(eq(refunds.id, ref.refundId));
  else if (ref.of === "payment") await db.update(payments).set({ stripeRefundId }).where(eq(payments.id, ref.paymentId));
}

/**
 * Stripe's answers that no retry can change: a request Stripe refuses as invalid (already refunded,
 * more than was paid, no such payment intent: StripeInvalidRequestError, HTTP 400/404), an
 * idempotency key reused with other parameters, a card error. Everything else (connection errors,
 * Stripe's 5xx, rate limits, a key an operator has yet to fix) is retried with the outbox's backoff.
 */
function isPermanentStripeError(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeIdempotencyError ||
    error instanceof Stripe.errors.StripeCardError
  );
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The outbox's sender: creates the Stripe refund under the refund's own idempotency key (a repeated
 * delivery gets the same refund back, never a second one) and records its id. A refund whose id is
 * already recorded is done without a call (Stripe keeps idempotency keys for 24 hours only).
 */
export const sendCardRefund: Sender = async (message, db) => {
  const ref = cardRefundSchema.parse(message.payload);
  const target = await targetOf(db, ref);
  if (!target) throw new PermanentDeliveryError("the refund or payment no longer exists");
  if (target.stripeRefundId) return;
  if (!target.paymentIntentId) throw new PermanentDeliveryError("the order has no card payment intent");
  const stripe = stripeClient();
  if (!stripe) throw new Error("Stripe is not configured");
  let created: Stripe.Refund;
  try {
    created = await stripe.refunds.create(
      {
        payment_intent: target.paymentIntentId,
        amount: target.amountMinor,
        reason: "requested_by_customer",
        metadata: target.orderId ? { orderId: target.orderId } : {},
      },
      { idempotencyKey: target.idempotencyKey },
    );
  } catch (error) {
    if (isPermanentStripeError(error)) throw new PermanentDeliveryError(errorText(error), { cause: error });
    throw error;
  }
  await recordStripeRefund(db, ref, created.id);
};

/**
 * Once the outbox gives up on a card refund (refused by Stripe, or failing for about 12 hours), an
 * admin must act: a `refund_failed` payment issue, and a late payment's status says so. The dead
 * letter is at /admin/outbox too, where an admin can send it again.
 */
export const recordFailedCardRefund: DeadLetterHandler = async (message, db, error) => {
  const parsed = cardRefundSchema.safeParse(message.payload);
  if (!parsed.success) throw new Error(`unreadable card refund message ${message.dedupeKey}`);
  const ref = parsed.data;
  const target = await targetOf(db, ref);
  await db.transaction(async (tx) => {
    if (ref.of === "payment") await tx.update(payments).set({ status: "refund_failed" }).where(eq(payments.id, ref.paymentId));
    await tx.insert(paymentIssues).values({
      orderId: target?.orderId ?? null,
      kind: "refund_failed",
      details: {
        ...(target?.issueDetails ?? ref),
        paymentIntentId: target?.paymentIntentId ?? null,
        amountMinor: target?.amountMinor ?? null,
        error,
      },
    });
  });
};
