// Types for embedded-stripe.mjs (tsconfig has allowJs off).
import type { RunningStripeLocal } from "./stripe-local.mjs";

export interface StandInDecision {
  start: boolean;
  reason: string;
}

export function stripeStandInDecision(root: string, env: Record<string, string | undefined>, options: { host: string }): StandInDecision;

export function startEmbeddedStripe(
  root: string,
  env: Record<string, string | undefined>,
  options: { host: string; port: string | number },
): Promise<{
  env: { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_API_URL?: string };
  server: RunningStripeLocal | null;
  decision: StandInDecision;
}>;
