import "@/test/stripe-env";

import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";

import { bookings, orderItems, outbox, paymentIssues, refunds } from "@/lib/platform/db/schema/index";
import { emit } from "@/lib/platform/events/events";
import { listDeadLetters, MAX_ATTEMPTS } from "@/lib/platform/outbox/outbox";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { insertActor } from "@/test/fixtures";
import { checkoutSessionEvent, stripeWebhookHarness } from "@/test/stripe-webhook";

import { CARD_REFUND_TOPIC } from "./card-refunds";
import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { listOpenPaymentIssues } from "@/lib/commerce/checkout/order-view";
import { refundOrderAsAdmin, withdrawSeat } from "./refunds";
import { handleStripeEvent } from "@/lib/commerce/payments/webhook";

// emit() as it is, and a way to make the refund's transaction fail after its rows were written.
jest.mock("@/lib/platform/events/events", () => {
  const actual = jest.requireActual<typeof import("@/lib/platform/events/events")>("@/lib/platform/events/events");
  return { ...actual, emit: jest.fn(actual.emit) };
});

/**
 * Card refunds are never lost (ARCHITECTURE: every call to an outside service goes through the
 * outbox): the refund is queued in the transaction that decides it and sent to Stripe by the
 * outbox, retried through an outage, sent once however often it is delivered, and handed to admins
 * as a `refund_failed` payment issue once the outbox gives up on it.
 */
const { db, stripeApi, deliverCardRefunds } = stripeWebhookHarness();
const ZONE = "America/Los_Angeles";
const HOUR = 3_600_000;
/** Later than anything queued so far (PostgreSQL's now() has microseconds a Date has not). */
const soon = (ms = 1_000) => new Date(Date.now() + ms);

/** A seat of $120.00 paid $30.00 from the family's Cash and $90.00 by card; its order item and first session. */
async function paidPartlyByCard() {
  const family = await newFamily(db(), 3_000);
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  const { orderId } = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  const paymentIntent = `pi_${orderId.slice(0, 8)}`;
  const event = checkoutSessionEvent("checkout.session.completed", {
    referenceId: orderId,
    metadata: { pays: "order", orderId },
    amount: 9_000,
    paymentIntent,
  });
  expect(await handleStripeEvent(event as unknown as Stripe.Event)).toBe("processed");
  const [item] = await db()
    .select({ id: orderItems.id, startsAt: bookings.startsAt })
    .from(orderItems)
    .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(eq(orderItems.orderId, orderId));
  return { ...family, orderId, paymentIntent, itemId: item!.id, beforeCutoff: new Date(item!.startsAt!.getTime() - 48 * HOUR) };
}

const refundOf = async (orderId: string) => (await db().select().from(refunds).where(eq(refunds.orderId, orderId)))[0];
const queuedFor = (refundId: number) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, CARD_REFUND_TOPIC), eq(outbox.dedupeKey, `${CARD_REFUND_TOPIC}:refund:${refundId}`)));
const stripeRefundsWithKey = (key: string) => stripeApi().refunds.filter((refund) => refund.idempotencyKey === key);
const issuesOf = (orderId: string) => db().select().from(paymentIssues).where(eq(paymentIssues.orderId, orderId));

test("a withdrawal while Stripe is unreachable: the family is told the card refund is on its way, and the outbox sends it once Stripe is back", async () => {
  const family = await paidPartlyByCard();
  stripeApi().failing = true;
  let outcome: Awaited<ReturnType<typeof withdrawSeat>> | undefined;
  try {
    outcome = await withdrawSeat(family.parentId, family.itemId, ZONE, family.beforeCutoff);
    // Stripe is still down at the first delivery: nothing is lost, the refund waits for its backoff.
    expect(await deliverCardRefunds(soon())).toEqual({ delivered: 0, failed: 1 });
  } finally {
    stripeApi().failing = false;
  }
  expect(outcome?.message).toContain("$90.00 is being refunded to your card");
  const refund = await refundOf(family.orderId);
  expect(refund).toMatchObject({ cardMinor: 9_000, stripeRefundId: null });
  expect(await queuedFor(refund!.id)).toEqual([
    expect.objectContaining({ payload: { of: "refund", refundId: refund!.id }, attempts: 1, deliveredAt: null, deadAt: null }),
  ]);
  expect(stripeRefundsWithKey(`refund-seat-${refund!.id}`)).toEqual([]);
  expect(await issuesOf(family.orderId)).toEqual([]);

  // Stripe is back: the next round after the backoff sends it.
  expect(await deliverCardRefunds(soon(20_000))).toEqual({ delivered: 1, failed: 0 });

  const sent = stripeRefundsWithKey(`refund-seat-${refund!.id}`);
  expect(sent).toEqual([
    { id: expect.stringMatching(/^re_/), amount: 9_000, paymentIntent: family.paymentIntent, idempotencyKey: `refund-seat-${refund!.id}` },
  ]);
  expect((await refundOf(family.orderId))!.stripeRefundId).toBe(sent[0]!.id);
  expect(await issuesOf(family.orderId)).toEqual([]);
});

test("the card refund is queued in the transaction that decides it: a refund that rolls back queues nothing", async () => {
  const family = await paidPartlyByCard();
  const queuedBefore = await db().select().from(outbox).where(eq(outbox.topic, CARD_REFUND_TOPIC));
  // The refund's own transaction fails after the refund row and its card refund were written (writing its first event).
  jest.mocked(emit).mockRejectedValueOnce(new Error("the refund's transaction fails"));
  await expect(withdrawSeat(family.parentId, family.itemId, ZONE, family.beforeCutoff)).rejects.toThrow("the refund's transaction fails");
  expect(await refundOf(family.orderId)).toBeUndefined();
  expect(await db().select().from(outbox).where(eq(outbox.topic, CARD_REFUND_TOPIC))).toHaveLength(queuedBefore.length);
  await deliverCardRefunds(soon());
  expect(stripeApi().refunds.filter((refund) => refund.paymentIntent === family.paymentIntent)).toEqual([]);

  // The same withdrawal, committed: its card refund is queued with it, once.
  await withdrawSeat(family.parentId, family.itemId, ZONE, family.beforeCutoff);
  const refund = await refundOf(family.orderId);
  expect(await queuedFor(refund!.id)).toHaveLength(1);
});

/** The refund's outbox row due again, as after a crash before its delivery was recorded. */
async function markUndelivered(refundId: number) {
  await db()
    .update(outbox)
    .set({ deliveredAt: null })
    .where(eq(outbox.dedupeKey, `${CARD_REFUND_TOPIC}:refund:${refundId}`));
}

test("delivering the same refund twice (a crash after Stripe answered) creates one Stripe refund", async () => {
  const family = await paidPartlyByCard();
  await withdrawSeat(family.parentId, family.itemId, ZONE, family.beforeCutoff);
  const refund = await refundOf(family.orderId);
  const key = `refund-seat-${refund!.id}`;
  await deliverCardRefunds(soon());
  const [first] = stripeRefundsWithKey(key);
  expect(first).toBeDefined();

  // The process stopped after Stripe answered and before anything was recorded: the row is due again.
  await db().update(refunds).set({ stripeRefundId: null }).where(eq(refunds.id, refund!.id));
  await markUndelivered(refund!.id);
  expect(await deliverCardRefunds(soon())).toEqual({ delivered: 1, failed: 0 });

  expect(stripeApi().requests.filter((r) => r.path === "/v1/refunds" && r.idempotencyKey === key)).toHaveLength(2);
  expect(stripeRefundsWithKey(key)).toEqual([first]);
  expect((await refundOf(family.orderId))!.stripeRefundId).toBe(first!.id);

  // Delivered once more with its Stripe id recorded: done without asking Stripe at all.
  await markUndelivered(refund!.id);
  expect(await deliverCardRefunds(soon())).toEqual({ delivered: 1, failed: 0 });
  expect(stripeApi().requests.filter((r) => r.path === "/v1/refunds" && r.idempotencyKey === key)).toHaveLength(2);
});

test("Stripe refuses the refund for good (already refunded): one attempt, a refund_failed issue for admins, no endless retries", async () => {
  const family = await paidPartlyByCard();
  const admin = await insertActor(db(), "admin");
  const outcome = await refundOrderAsAdmin(admin, { orderId: family.orderId, reason: "Teacher ill" });
  expect(outcome.message).toBe("Order refunded: $120.00 ($30.00 to the wallet, $90.00 to the card).");
  const refund = await refundOf(family.orderId);
  const key = `refund-seat-${refund!.id}`;

  stripeApi().refusingRefunds = "Charge ch_1 has already been refunded.";
  const error = jest.spyOn(console, "error").mockImplementation(() => {});
  try {
    expect(await deliverCardRefunds(soon())).toEqual({ delivered: 0, failed: 1 });
  } finally {
    stripeApi().refusingRefunds = null;
    error.mockRestore();
  }

  const [row] = await queuedFor(refund!.id);
  expect(row).toMatchObject({
    attempts: 1,
    deadAt: expect.any(Date),
    deliveredAt: null,
    lastError: "Charge ch_1 has already been refunded.",
  });
  expect((await listDeadLetters(db())).map((dead) => dead.id)).toContain(row!.id);
  const issues = (await listOpenPaymentIssues(admin)).filter((issue) => issue.orderId === family.orderId);
  expect(issues).toEqual([
    expect.objectContaining({
      kind: "refund_failed",
      details: {
        refundId: refund!.id,
        paymentIntentId: family.paymentIntent,
        amountMinor: 9_000,
        error: "Charge ch_1 has already been refunded.",
      },
    }),
  ]);

  // A day later: not tried again (an admin may send it again from /admin/outbox), no second issue.
  const tries = stripeApi().requests.filter((r) => r.idempotencyKey === key).length;
  await deliverCardRefunds(soon(24 * HOUR));
  expect(stripeApi().requests.filter((r) => r.idempotencyKey === key)).toHaveLength(tries);
  expect(await issuesOf(family.orderId)).toHaveLength(1);
  expect((await refundOf(family.orderId))!.stripeRefundId).toBeNull();
});

test("Stripe down for about 12 hours: the outbox gives up after its last attempt and admins get a refund_failed issue", async () => {
  const family = await paidPartlyByCard();
  await withdrawSeat(family.parentId, family.itemId, ZONE, family.beforeCutoff);
  const refund = await refundOf(family.orderId);
  // Every attempt but the last has failed already.
  await db()
    .update(outbox)
    .set({ attempts: MAX_ATTEMPTS - 1 })
    .where(eq(outbox.dedupeKey, `${CARD_REFUND_TOPIC}:refund:${refund!.id}`));

  stripeApi().failing = true;
  const error = jest.spyOn(console, "error").mockImplementation(() => {});
  try {
    expect(await deliverCardRefunds(soon())).toEqual({ delivered: 0, failed: 1 });
  } finally {
    stripeApi().failing = false;
    error.mockRestore();
  }

  expect((await queuedFor(refund!.id))[0]).toMatchObject({ attempts: MAX_ATTEMPTS, deadAt: expect.any(Date) });
  expect(await issuesOf(family.orderId)).toEqual([
    expect.objectContaining({ kind: "refund_failed", details: expect.objectContaining({ refundId: refund!.id, amountMinor: 9_000 }) }),
  ]);
});
