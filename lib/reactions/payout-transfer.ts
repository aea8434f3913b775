import "server-only";

import type { payoutRequested } from "@/lib/commerce/events";
import { sendPayoutTransfer } from "@/lib/commerce/earnings/payouts";
import type { Database } from "@/lib/platform/db/client";
import type { EventPayload } from "@/lib/platform/events/events";
import type { Handler } from "@/lib/platform/events/reactions";

type PayoutRequested = EventPayload<typeof payoutRequested>;

/**
 * An admin paid a statement through Stripe (earnings.payout-requested): the Stripe transfer to the
 * teacher's connected account. Idempotent by the statement's status and Stripe's idempotency key
 * (lib/commerce/earnings/payouts.ts); Stripe unreachable throws, and the outbox retries.
 */
export const payoutTransfer: Handler<PayoutRequested> = {
  name: "stripe-transfer",
  async handle(db: Database, { statementId, attempt }: PayoutRequested): Promise<void> {
    await sendPayoutTransfer(db, statementId, attempt);
  },
};
