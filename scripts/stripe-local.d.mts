// Types for stripe-local.mjs (tsconfig has allowJs off).

export interface StripeLocalState {
  /** Every API request: its path, form fields and idempotency key. */
  requests: Array<{ path: string; form: URLSearchParams; idempotencyKey: string | null }>;
  /** The refunds it created (a repeated idempotency key answers the first one and creates none). */
  refunds: Array<{ id: string; amount: number; paymentIntent: string | null; idempotencyKey: string | null }>;
  /** The transfers it created to connected accounts (a repeated idempotency key answers the first one and creates none). */
  transfers: Array<{ id: string; amount: number; currency: string; destination: string; idempotencyKey: string | null }>;
  /** Every webhook delivery attempt, with the app's status or the error. */
  deliveries: Array<{
    type: string;
    event: { id: string; type: string; data: { object: Record<string, unknown> } };
    status: number | null;
    error: string | null;
  }>;
  /** Makes every API call fail with a Stripe api_error (500). */
  failing: boolean;
  /** When set, refunds are refused as Stripe refuses an invalid request (400), with this message. */
  refusingRefunds: string | null;
  /** When set, transfers are refused as Stripe refuses an invalid request (400), with this message. */
  refusingTransfers: string | null;
  /** Moves the stand-in's clock (ms ahead): an idempotency key older than 24 hours by it is forgotten, as Stripe forgets it. */
  clockOffsetMs: number;
}

export interface RunningStripeLocal {
  port: number;
  /** Its origin, http://127.0.0.1:PORT: STRIPE_API_URL for the app. */
  url: string;
  state: StripeLocalState;
  sessionStatus(id: string): string | undefined;
  setSessionStatus(id: string, status: string): void;
  /** A connected account (Express) as the stand-in holds it. */
  account(id: string): { id: string; payouts_enabled: boolean; email: string | null } | undefined;
  /** Completes an account's onboarding, as its TEST page does (payouts enabled, account.updated sent). */
  completeOnboarding(accountId: string): Promise<unknown>;
  stop(): Promise<void>;
}

export function stripeLocalRefusal(options: { host: string | undefined; env?: Record<string, string | undefined> }): string | null;

export function decodeForm(body: string): Record<string, unknown>;

export function startStripeLocal(options?: {
  host?: string;
  port?: number;
  apiKey?: string | null;
  webhookSecret?: string;
  webhookUrl?: string | null;
  strict?: boolean;
  pageOrigin?: string | null;
  paymentsFile?: string | null;
  sessionIdOf?: ((params: Record<string, unknown>) => string) | null;
  env?: Record<string, string | undefined>;
}): Promise<RunningStripeLocal>;
