import "server-only";

import Stripe from "stripe";

import { env } from "@/lib/platform/env";

let client: Stripe | undefined;

/** host/port/protocol of STRIPE_API_URL (a local stand-in in tests), or Stripe's own API. */
function apiTarget(url: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!url) return {};
  const parsed = new URL(url);
  const protocol = parsed.protocol === "http:" ? "http" : "https";
  return { host: parsed.hostname, port: parsed.port || (protocol === "http" ? 80 : 443), protocol };
}

/** Card payments are offered only when a Stripe secret key is configured (the embedded default has none). */
export function isCardPaymentAvailable(): boolean {
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
}

/** The Stripe SDK client, or null when card payments are not configured. */
export function stripeClient(): Stripe | null {
  if (!isCardPaymentAvailable() || !env.STRIPE_SECRET_KEY) return null;
  client ??= new Stripe(env.STRIPE_SECRET_KEY, { ...apiTarget(env.STRIPE_API_URL), maxNetworkRetries: 1, timeout: 15_000 });
  return client;
}

/**
 * A webhook delivery as a Stripe event, or null when its signature does not verify (tampered,
 * missing, too old, or no secret configured): the SDK's own check, on the raw body.
 */
export function verifyStripeEvent(rawBody: string, signature: string | null): Stripe.Event | null {
  const stripe = stripeClient();
  if (!stripe || !env.STRIPE_WEBHOOK_SECRET || !signature) return null;
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch {
    return null;
  }
}
