import { startStripeLocal } from "@/scripts/stripe-local.mjs";

/**
 * The Stripe endpoints the app calls (Checkout Sessions: create, expire; refunds; Connect accounts,
 * account links and transfers), served on
 * loopback for the SDK reached through STRIPE_API_URL (host/port/protocol options): the embedded
 * default's local stand-in (scripts/stripe-local.mjs), relaxed for the tests (any API key, no
 * webhooks, the tests' own clocks and payment intents). It answers as Stripe does, in shape, and
 * records each request's form fields and idempotency key.
 */
export interface StripeStandIn {
  port: number;
  requests: Array<{ path: string; form: URLSearchParams; idempotencyKey: string | null }>;
  /** Makes the next calls fail with a Stripe API error (for "Stripe unreachable"). */
  failing: boolean;
  /** When set, refunds are refused as Stripe refuses an invalid request (400), with this message. */
  refusingRefunds: string | null;
  /** The refunds it created (a repeated idempotency key answers the first one and creates none). */
  refunds: Array<{ id: string; amount: number; paymentIntent: string | null; idempotencyKey: string | null }>;
  /** Each Checkout Session's status by id (open, complete, expired), as Stripe keeps it. */
  checkoutSessions: { get(id: string): string | undefined; set(id: string, status: "open" | "complete" | "expired"): void };
  /** When set, transfers are refused as Stripe refuses an invalid request (400), with this message. */
  refusingTransfers: string | null;
  /** The transfers it created (a repeated idempotency key answers the first one and creates none). */
  transfers: Array<{ id: string; amount: number; currency: string; destination: string; idempotencyKey: string | null }>;
  /** Moves the stand-in's clock (ms ahead): idempotency keys older than 24 hours by it are forgotten, as Stripe forgets them. */
  clockOffsetMs: number;
  /** Completes a connected account's onboarding, as its TEST page does (payouts enabled). */
  completeOnboarding(accountId: string): Promise<unknown>;
  /** A connected account as the stand-in holds it. */
  account(id: string): { id: string; payouts_enabled: boolean; email: string | null } | undefined;
  close(): Promise<void>;
}

export async function startStripeStandIn(port: number): Promise<StripeStandIn> {
  // The hosted page's address as the tests have always seen it: they never open it.
  const local = await startStripeLocal({
    port,
    strict: false,
    pageOrigin: "https://checkout.stripe.test",
    // Named after its purchase as test/stripe-webhook.ts's events name theirs, so an event matches the session opened.
    sessionIdOf: (params) => `cs_test_${String(params.client_reference_id ?? Math.random().toString(36).slice(2)).slice(0, 8)}`,
    env: {},
  });
  const { state } = local;
  return {
    port: local.port,
    get requests() {
      return state.requests;
    },
    get refunds() {
      return state.refunds;
    },
    get refusingTransfers() {
      return state.refusingTransfers;
    },
    set refusingTransfers(value: string | null) {
      state.refusingTransfers = value;
    },
    get transfers() {
      return state.transfers;
    },
    completeOnboarding: (accountId: string) => local.completeOnboarding(accountId),
    account: (id: string) => local.account(id),
    get failing() {
      return state.failing;
    },
    get clockOffsetMs() {
      return state.clockOffsetMs;
    },
    set clockOffsetMs(value: number) {
      state.clockOffsetMs = value;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    get refusingRefunds() {
      return state.refusingRefunds;
    },
    set refusingRefunds(value: string | null) {
      state.refusingRefunds = value;
    },
    // Each session's status by id, as Stripe keeps it: the tests read it and set it to play Stripe's side.
    checkoutSessions: {
      get: (id: string) => local.sessionStatus(id),
      set: (id: string, status: string) => local.setSessionStatus(id, status),
    },
    close: () => local.stop(),
  };
}

/** A port for this Jest worker's stand-in, chosen before the app's env module reads STRIPE_API_URL. */
export const STRIPE_STAND_IN_PORT = 21_000 + (process.pid % 8_000);
