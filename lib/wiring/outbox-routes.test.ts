import "@/test/stripe-env";

import { eq } from "drizzle-orm";

import { CARD_REFUND_TOPIC } from "@/lib/commerce/refunds/card-refunds";
import { outbox, paymentIssues } from "@/lib/platform/db/schema";
import { deliverOutbox, startOutboxWorker, stopOutboxWorker } from "@/lib/platform/outbox/worker";
import { stripeWebhookHarness } from "@/test/stripe-webhook";

import { outboxRoutes } from "./outbox-routes";

/** With Stripe configured, the worker sends card refunds and hands the ones it gives up on to admins. */
const { db } = stripeWebhookHarness();

test("a card refund the outbox gives up on becomes a refund_failed payment issue through the registered handler", async () => {
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  const error = jest.spyOn(console, "error").mockImplementation(() => {});
  try {
    startOutboxWorker(outboxRoutes());
    // A late payment's refund whose payment no longer exists: refused for good at once.
    await db()
      .insert(outbox)
      .values({
        topic: CARD_REFUND_TOPIC,
        dedupeKey: "stripe.refund:payment:999999",
        payload: { of: "payment", paymentId: 999_999 },
        nextAttemptAt: new Date(Date.now() - 1_000),
      });

    expect(await deliverOutbox(db())).toEqual({ delivered: 0, failed: 1 });
  } finally {
    stopOutboxWorker();
    warn.mockRestore();
    error.mockRestore();
  }

  const [row] = await db().select().from(outbox).where(eq(outbox.dedupeKey, "stripe.refund:payment:999999"));
  expect(row).toMatchObject({ attempts: 1, deadAt: expect.any(Date), lastError: "the refund or payment no longer exists" });
  expect(await db().select().from(paymentIssues)).toEqual([
    expect.objectContaining({
      orderId: null,
      kind: "refund_failed",
      details: {
        of: "payment",
        paymentId: 999_999,
        paymentIntentId: null,
        amountMinor: null,
        error: "the refund or payment no longer exists",
      },
    }),
  ]);
});
