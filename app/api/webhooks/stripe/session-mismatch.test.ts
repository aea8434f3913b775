import "@/test/stripe-env";

import { and, eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { startTopUp } from "@/lib/commerce/payments/top-ups";
import { bookings, orderItems, orders, outbox, paymentIssues, payments, topUps } from "@/lib/platform/db/schema";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { checkoutSessionEvent, signedDelivery, stripeWebhookHarness, type SessionEventType } from "@/test/stripe-webhook";

import { POST } from "./route";

/**
 * Issue 26, finding 11: a Checkout Session event is trusted only for the session this purchase
 * opened (the id stored on the order, top-up or gift). A session naming the purchase in its metadata
 * but not the one we opened fulfils nothing: admins see a payment issue, and money it took goes back
 * to the card, as for a payment without a purchase.
 */
const { db } = stripeWebhookHarness();
const deliver = signedDelivery(POST);

/** A session event for the purchase, as Stripe would send it for another session than ours. */
function foreignSessionEvent(type: SessionEventType, referenceId: string, metadata: Record<string, string>, amount: number) {
  const event = checkoutSessionEvent(type, { referenceId, metadata, amount, paymentIntent: `pi_foreign_${referenceId.slice(0, 8)}` });
  event.data.object.id = `cs_test_foreign_${referenceId.slice(0, 8)}`;
  return event;
}

async function outcomeOf(event: unknown) {
  const answer = await deliver(event);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { outcome: string }).outcome;
}

const refundsQueuedFor = async (paymentIntentId: string) =>
  (await db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.topic, "stripe.refund"))).filter(
    (row) => (row.payload as { paymentIntentId?: string }).paymentIntentId === paymentIntentId,
  );

test("a paid session for a pending order that is not the session we opened: no seat confirmed, a payment issue, the money back to the card", async () => {
  const family = await newFamily(db());
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  const placed = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  const [opened] = await db().select({ sessionId: orders.stripeCheckoutSessionId }).from(orders).where(eq(orders.id, placed.orderId));

  const event = foreignSessionEvent("checkout.session.completed", placed.orderId, { orderId: placed.orderId }, 12_000);
  expect(await outcomeOf(event)).toBe("processed");

  const [order] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
  expect(order).toMatchObject({ status: "pending", stripeCheckoutSessionId: opened!.sessionId });
  const seats = await db()
    .select({ status: bookings.status })
    .from(orderItems)
    .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(eq(orderItems.orderId, placed.orderId));
  expect(seats).toEqual([{ status: "held" }]);
  expect(
    await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, placed.orderId), eq(payments.method, "card"))),
  ).toEqual([]);
  const issues = await db().select().from(paymentIssues).where(eq(paymentIssues.orderId, placed.orderId));
  expect(issues).toEqual([
    expect.objectContaining({
      kind: "session_mismatch",
      stripeEventId: event.id,
      details: expect.objectContaining({
        expectedSessionId: opened!.sessionId,
        checkoutSessionId: event.data.object.id,
        amountMinor: 12_000,
        refundQueued: true,
      }),
    }),
  ]);
  expect(await refundsQueuedFor(event.data.object.payment_intent)).toHaveLength(1);

  // Our own session's payment still completes the order.
  const ours = checkoutSessionEvent("checkout.session.completed", {
    referenceId: placed.orderId,
    metadata: { orderId: placed.orderId },
    amount: 12_000,
  });
  expect(ours.data.object.id).toBe(opened!.sessionId);
  expect(await outcomeOf(ours)).toBe("processed");
  expect((await db().select().from(orders).where(eq(orders.id, placed.orderId)))[0]!.status).toBe("paid");
});

test("a paid foreign session for an order already paid through ours: refunded and flagged, not kept", async () => {
  const family = await newFamily(db());
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  const placed = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  const ours = checkoutSessionEvent("checkout.session.completed", {
    referenceId: placed.orderId,
    metadata: { orderId: placed.orderId },
    amount: 12_000,
  });
  expect(await outcomeOf(ours)).toBe("processed");

  const event = foreignSessionEvent("checkout.session.completed", placed.orderId, { orderId: placed.orderId }, 12_000);
  expect(await outcomeOf(event)).toBe("processed");
  expect(await db().select({ kind: paymentIssues.kind }).from(paymentIssues).where(eq(paymentIssues.orderId, placed.orderId))).toEqual([
    { kind: "session_mismatch" },
  ]);
  expect(await refundsQueuedFor(event.data.object.payment_intent)).toHaveLength(1);
});

test("an expired event for another session does not end the order our open session may still pay", async () => {
  const family = await newFamily(db());
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  const placed = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  const event = foreignSessionEvent("checkout.session.expired", placed.orderId, { orderId: placed.orderId }, 12_000);
  expect(await outcomeOf(event)).toBe("ignored");
  expect((await db().select().from(orders).where(eq(orders.id, placed.orderId)))[0]!.status).toBe("pending");
});

test("a top-up paid through a session that is not ours credits nothing", async () => {
  const family = await newFamily(db());
  const { topUpId } = await startTopUp(family.parentId, { amount: "25.00" }, { returnOrigin: "http://localhost:3000" });
  const event = foreignSessionEvent("checkout.session.completed", topUpId, { pays: "top_up", topUpId }, 2_500);
  expect(await outcomeOf(event)).toBe("processed");
  expect(await balanceOf(db(), family.parentId)).toBe(0);
  expect((await db().select().from(topUps).where(eq(topUps.id, topUpId)))[0]!.status).toBe("pending");
  expect(await db().select({ kind: paymentIssues.kind }).from(paymentIssues).where(eq(paymentIssues.topUpId, topUpId))).toEqual([
    { kind: "session_mismatch" },
  ]);
});
