import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import Stripe from "stripe";

import { env } from "@/lib/platform/env";

import { stripeClient } from "./stripe";

/** What a Stripe Checkout Session pays for: written into its metadata when it is opened, read back by the webhook. */
export type CardPurchase = { pays: "order"; id: string } | { pays: "top_up"; id: string } | { pays: "gift"; id: string };

const ID_KEY = { order: "orderId", top_up: "topUpId", gift: "giftId" } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function metadataOf(purchase: CardPurchase): Record<string, string> {
  return { pays: purchase.pays, [ID_KEY[purchase.pays]]: purchase.id };
}

/**
 * What a session pays for, from its metadata. Sessions opened before top-ups and gifts existed
 * carry only an orderId (and the order as client_reference_id): they pay for an order.
 */
export function purchaseOfSession(session: Stripe.Checkout.Session): CardPurchase | null {
  const metadata = session.metadata ?? {};
  const pays = metadata.pays ?? "order";
  if (pays !== "order" && pays !== "top_up" && pays !== "gift") return null;
  const id = pays === "order" ? (metadata.orderId ?? session.client_reference_id ?? "") : (metadata[ID_KEY[pays]] ?? "");
  return UUID.test(id) ? { pays, id } : null;
}

export function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

export interface CardSessionRequest {
  purchase: CardPurchase;
  amountMinor: number;
  currency: string;
  /** The line the parent sees on Stripe's page. */
  name: string;
  /** When the session stops taking payment: by default CARD_SESSION_MINUTES from `now`. */
  expiresAt?: Date;
  now?: Date;
  /** The page of ours Stripe sends the parent back to, paid or not: it shows the purchase's state. */
  returnPath: string;
  /** The site's origin for that page (default APP_URL). */
  returnOrigin?: string;
  email?: string;
}

/**
 * Opens a Stripe Checkout Session (mode payment) for one purchase. The idempotency key is the
 * purchase itself, so a retried call opens the same session, never a second one. Throws when Stripe
 * is not configured or cannot be reached; the caller closes its purchase and says so.
 */
export async function openCardSession(request: CardSessionRequest): Promise<{ id: string; url: string }> {
  const stripe = stripeClient();
  if (!stripe) throw new Error("Stripe is not configured");
  const { purchase } = request;
  const returnUrl = `${request.returnOrigin ?? env.APP_URL}${request.returnPath}`;
  const expiresAt = request.expiresAt ?? new Date((request.now ?? new Date()).getTime() + CARD_SESSION_MINUTES * 60_000);
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      client_reference_id: purchase.id,
      metadata: metadataOf(purchase),
      customer_email: request.email,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency.toLowerCase(),
            unit_amount: request.amountMinor,
            product_data: { name: request.name.slice(0, 250) },
          },
        },
      ],
      expires_at: Math.floor(expiresAt.getTime() / 1000),
      success_url: returnUrl,
      cancel_url: returnUrl,
    },
    { idempotencyKey: `${purchase.pays === "order" ? "checkout" : purchase.pays.replace("_", "-")}-${purchase.id}` },
  );
  if (!session.url) throw new Error("Stripe returned a session without a URL");
  return { id: session.id, url: session.url };
}

/**
 * Expires an open Checkout Session at Stripe, so it takes no payment (its seats were released). A
 * session Stripe no longer holds open (expired, complete) or does not know is answered with an
 * invalid request: that is done too. Anything else (Stripe down, a timeout) throws, for the caller's
 * retries. Without Stripe configured there is no session to expire.
 */
export async function expireCardSession(sessionId: string): Promise<"expired" | "not-open" | "no-stripe"> {
  const stripe = stripeClient();
  if (!stripe) return "no-stripe";
  try {
    await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
    return "expired";
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return "not-open";
    throw error;
  }
}

/** Stripe accepts a session's expiry from 30 minutes to 24 hours ahead: a top-up or a gift gets an hour. */
const CARD_SESSION_MINUTES = 60;

/** Links a payment issue to what it concerns. */
export type IssueLink = { orderId: string } | { topUpId: string } | { giftId: string };

/**
 * A purchase waiting for its card payment, locked for the webhook (after its owner's wallet, the
 * ledger's lock order). The webhook checks the amount and currency in one place, then calls one of these.
 */
export interface PendingCardPurchase {
  expected: { amountMinor: number; currency: string };
  link: IssueLink;
  /** The payment matched: enrol, credit or issue the code (or, for a seat taken meanwhile, give the money back). */
  fulfil(tx: Transaction, session: Stripe.Checkout.Session, now: Date): Promise<void>;
  /** Stripe reported another amount or currency: nothing is delivered; an admin looks at it. */
  flag(tx: Transaction, now: Date): Promise<void>;
  /** The session expired (or its asynchronous payment failed) unpaid. */
  expire(tx: Transaction, now: Date): Promise<void>;
}
