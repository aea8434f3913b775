import Stripe from "stripe";

import { CARD_REFUND_TOPIC, recordFailedCardRefund, sendCardRefund } from "@/lib/commerce/refunds/card-refunds";
import { deliverDue } from "@/lib/platform/outbox/outbox";

import { openTestDatabase } from "./database";
import { TEST_WEBHOOK_SECRET } from "./stripe-env";
import { startStripeStandIn, STRIPE_STAND_IN_PORT, type StripeStandIn } from "./stripe-stand-in";

/**
 * What the webhook tests share: a database and the Stripe stand-in per test file, Checkout Session
 * events as Stripe sends them, and delivery signed with the SDK's own generateTestHeaderString.
 * Import "@/test/stripe-env" first in the test file (it sets the keys before env.ts is read).
 */
export function stripeWebhookHarness() {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let stripeApi: StripeStandIn;
  beforeAll(async () => {
    database = await openTestDatabase();
    stripeApi = await startStripeStandIn(STRIPE_STAND_IN_PORT);
  });
  afterAll(async () => {
    await stripeApi.close();
    await database.dispose();
  });
  return {
    db: () => database.db,
    stripeApi: () => stripeApi,
    /** One outbox round for the queued card refunds, as the wiring registers them (sender and dead-letter handler). */
    deliverCardRefunds: (now?: Date) =>
      deliverDue(
        database.db,
        { [CARD_REFUND_TOPIC]: sendCardRefund },
        { now, onDeadLetter: { [CARD_REFUND_TOPIC]: recordFailedCardRefund } },
      ),
  };
}

export type SessionEventType = "checkout.session.completed" | "checkout.session.expired";

let eventCounter = 0;

/** A Checkout Session event: paid when completed; the session's reference, metadata and amount as given. */
export function checkoutSessionEvent(
  type: SessionEventType,
  session: { referenceId: string; metadata: Record<string, string>; amount: number; currency?: string; paymentIntent?: string },
  id = `evt_test_${++eventCounter}_${Date.now()}`,
) {
  const short = session.referenceId.slice(0, 8);
  return {
    id,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${short}`,
        object: "checkout.session",
        client_reference_id: session.referenceId,
        metadata: session.metadata,
        amount_total: session.amount,
        currency: session.currency ?? "usd",
        payment_status: type === "checkout.session.completed" ? "paid" : "unpaid",
        payment_intent: session.paymentIntent ?? `pi_test_${short}`,
      },
    },
  };
}

const sdk = new Stripe("sk_test_jest");

/** The signature header Stripe would send for this body. */
export const signatureFor = (payload: string) => sdk.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET });

/**
 * Delivers an event to the webhook route's POST: signed by default; `signature` replaces the
 * header (a tampered one), and null leaves it out.
 */
export function signedDelivery(post: (request: Request) => Promise<Response>) {
  return (event: unknown, signature?: string | null) => {
    const payload = typeof event === "string" ? event : JSON.stringify(event);
    const header = signature === undefined ? signatureFor(payload) : signature;
    return post(
      new Request("http://localhost:3000/api/webhooks/stripe", {
        method: "POST",
        headers: { "content-type": "application/json", ...(header === null ? {} : { "stripe-signature": header }) },
        body: payload,
      }),
    );
  };
}

/** charge.refunded as Stripe sends it: the charge with its refunded total so far. */
export function chargeRefundedEvent(charge: { paymentIntent: string; amount: number; amountRefunded: number; currency?: string }) {
  return {
    id: `evt_test_${++eventCounter}_${Date.now()}`,
    object: "event",
    type: "charge.refunded",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `ch_${charge.paymentIntent}`,
        object: "charge",
        payment_intent: charge.paymentIntent,
        amount: charge.amount,
        amount_refunded: charge.amountRefunded,
        refunded: charge.amountRefunded >= charge.amount,
        currency: charge.currency ?? "usd",
      },
    },
  };
}

/** charge.dispute.created or charge.dispute.closed (with its final status) for a charge's payment intent. */
export function disputeEvent(
  type: "charge.dispute.created" | "charge.dispute.closed",
  dispute: { id: string; paymentIntent: string; amount: number; status?: "won" | "lost" | "needs_response" | "warning_closed" },
) {
  return {
    id: `evt_test_${++eventCounter}_${Date.now()}`,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: dispute.id,
        object: "dispute",
        charge: `ch_${dispute.paymentIntent}`,
        payment_intent: dispute.paymentIntent,
        amount: dispute.amount,
        currency: "usd",
        reason: "fraudulent",
        status: dispute.status ?? "needs_response",
      },
    },
  };
}
