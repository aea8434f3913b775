// The embedded card-payment default, shared by `npm start` and `npm run dev` (issue 31): with no
// STRIPE_SECRET_KEY configured (in the environment or a .env file), run the local stand-in
// (scripts/stripe-local.mjs) on a free loopback port with keys made for this run, and point the app
// at it, so a newcomer can pay by card with a test card. With a real key, Stripe as configured.
import { randomBytes } from "node:crypto";
import path from "node:path";

import { isLoopbackHost } from "../lib/platform/loopback.mjs";
import { configuredVariable } from "./configured-variable.mjs";
import { startStripeLocal, stripeLocalRefusal } from "./stripe-local.mjs";

function hostnameOf(url) {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

/**
 * Whether the start scripts run the stand-in, and why (not). As the mailbox and the demo accounts:
 * on this machine only (a loopback HOST and APP_URL), never with NODE_ENV=production, never in front
 * of a database on another machine; LOCAL_CARD_PAYMENTS=off keeps the site wallet-only.
 */
export function stripeStandInDecision(root, env = process.env, { host }) {
  if (configuredVariable(root, "STRIPE_SECRET_KEY", env))
    return { start: false, reason: "STRIPE_SECRET_KEY is configured: card payments go through Stripe" };
  if (env.LOCAL_CARD_PAYMENTS === "off") return { start: false, reason: "LOCAL_CARD_PAYMENTS=off: paid with Cash only" };
  const refusal = stripeLocalRefusal({ host, env });
  if (refusal) return { start: false, reason: `refused, ${refusal}; paid with Cash only` };
  if (env.APP_URL && !isLoopbackHost(hostnameOf(env.APP_URL))) {
    return { start: false, reason: `refused, APP_URL=${env.APP_URL} is not this machine; paid with Cash only` };
  }
  if (env.DATABASE_URL && !isLoopbackHost(hostnameOf(env.DATABASE_URL))) {
    return {
      start: false,
      reason: "refused, DATABASE_URL is on another machine: test cards would enrol real families; paid with Cash only",
    };
  }
  return { start: true, reason: "no STRIPE_SECRET_KEY, and the server is for this machine only" };
}

/**
 * Starts the stand-in when the decision allows: returns the variables for the app (test keys
 * `sk_test_local_…`, a webhook secret, STRIPE_API_URL), the running stand-in (null when not started)
 * and the decision. Webhooks go to the app at host:port.
 */
export async function startEmbeddedStripe(root, env = process.env, { host, port }) {
  const decision = stripeStandInDecision(root, env, { host });
  if (!decision.start) return { env: {}, server: null, decision };
  const apiKey = `sk_test_local_${randomBytes(16).toString("hex")}`;
  const webhookSecret = `whsec_local_${randomBytes(24).toString("hex")}`;
  const appHost = host.includes(":") ? `[${host}]` : host;
  const server = await startStripeLocal({
    host: "127.0.0.1",
    apiKey,
    webhookSecret,
    webhookUrl: `http://${appHost}:${port}/api/webhooks/stripe`,
    // Refunds of payments made before a restart (a withdrawal next week) still find them.
    paymentsFile: path.resolve(root, env.STRIPE_LOCAL_DIR || ".data/stripe-local", "payments.json"),
    env,
  });
  return {
    env: { STRIPE_SECRET_KEY: apiKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: server.url },
    server,
    decision,
  };
}
