// Imported first by Stripe tests, before anything reads lib/platform/env.ts: card payments on, the
// SDK pointed at the local stand-in (test/stripe-stand-in.ts) on this worker's port.
import { STRIPE_STAND_IN_PORT } from "./stripe-stand-in";

export const TEST_WEBHOOK_SECRET = "whsec_test_secret_for_jest";
process.env.STRIPE_SECRET_KEY = "sk_test_jest";
process.env.STRIPE_WEBHOOK_SECRET = TEST_WEBHOOK_SECRET;
process.env.STRIPE_API_URL = `http://127.0.0.1:${STRIPE_STAND_IN_PORT}`;
