import "@/test/stripe-env";

import { eq } from "drizzle-orm";

import { addToCart } from "@/lib/commerce/cart/cart";
import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { orderHoldReleased } from "@/lib/commerce/events";
import { bookings, orders, outbox } from "@/lib/platform/db/schema";
import { eventTopic } from "@/lib/platform/events/events";
import { handlerTopic } from "@/lib/platform/events/reactions";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { deliverEvents, markReactionsUndelivered } from "@/test/events";
import { stripeWebhookHarness } from "@/test/stripe-webhook";

/**
 * Issue 26, finding 2: when a card checkout's hold runs out and its seat is released, the Stripe
 * Checkout Session that would have paid for it is expired at Stripe (order.hold-released, through
 * the outbox), so the parent cannot pay for a seat that is no longer held. A payment that still
 * arrives is the late-payment rule's (lib/commerce/payments/order-payment.test.ts).
 */
const { db, stripeApi } = stripeWebhookHarness();

/** A card order for the only seat of a new section, whose hold has run out; its stored session id. */
async function lapsedCardOrder() {
  const family = await newFamily(db());
  const sectionId = await newSection(db(), { capacity: 1 });
  const placed = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  const [order] = await db()
    .update(orders)
    .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, placed.orderId))
    .returning({ sessionId: orders.stripeCheckoutSessionId });
  expect(order!.sessionId).toMatch(/^cs_test_/);
  return { sectionId, orderId: placed.orderId, sessionId: order!.sessionId! };
}

const heldReleasedEvents = async () =>
  (
    await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.topic, eventTopic(orderHoldReleased.name)))
  ).map((row) => row.payload);

const expireCalls = (sessionId: string) =>
  stripeApi().requests.filter((request) => request.path === `/v1/checkout/sessions/${sessionId}/expire`);

test("a hold released by another family's add to cart expires its Checkout Session at Stripe; a second delivery is done, not an error", async () => {
  const lapsed = await lapsedCardOrder();
  const parent = await newFamily(db());
  await addToCart(parent.parentId, { sectionId: lapsed.sectionId, learnerId: parent.learnerId });

  expect(await heldReleasedEvents()).toContainEqual({ orderId: lapsed.orderId, checkoutSessionId: lapsed.sessionId });
  const report = await deliverEvents(db());
  expect(report.failed).toBe(0);
  expect(stripeApi().checkoutSessions.get(lapsed.sessionId)).toBe("expired");
  expect(expireCalls(lapsed.sessionId)).toHaveLength(1);

  // At least once: delivered again, Stripe answers that the session is no longer open, and that is done.
  expect(await markReactionsUndelivered(db(), orderHoldReleased.name, "expire-card-session")).toBeGreaterThan(0);
  expect((await deliverEvents(db())).failed).toBe(0);
  const [row] = await db()
    .select({ deadAt: outbox.deadAt, deliveredAt: outbox.deliveredAt })
    .from(outbox)
    .where(eq(outbox.topic, handlerTopic(orderHoldReleased.name, "expire-card-session")));
  expect(row).toMatchObject({ deadAt: null, deliveredAt: expect.any(Date) });
});

test("a hold released by a rival checkout: the same; a session already paid (complete) is left as it is", async () => {
  const lapsed = await lapsedCardOrder();
  stripeApi().checkoutSessions.set(lapsed.sessionId, "complete");
  const rival = await newFamily(db(), 10_000);
  await placeOrder(rival.parentId, [{ sectionId: lapsed.sectionId, learnerId: rival.learnerId }]);

  expect(await heldReleasedEvents()).toContainEqual({ orderId: lapsed.orderId, checkoutSessionId: lapsed.sessionId });
  expect((await deliverEvents(db())).failed).toBe(0);
  expect(expireCalls(lapsed.sessionId)).toHaveLength(1);
  expect(stripeApi().checkoutSessions.get(lapsed.sessionId)).toBe("complete");
});

test("Stripe failing: the expiry is retried by the outbox, not dropped", async () => {
  const lapsed = await lapsedCardOrder();
  const parent = await newFamily(db());
  await addToCart(parent.parentId, { sectionId: lapsed.sectionId, learnerId: parent.learnerId });
  stripeApi().failing = true;
  try {
    expect((await deliverEvents(db())).failed).toBeGreaterThan(0);
  } finally {
    stripeApi().failing = false;
  }
  const rows = await db()
    .select()
    .from(outbox)
    .where(eq(outbox.topic, handlerTopic(orderHoldReleased.name, "expire-card-session")));
  const waiting = rows.find((row) => (row.payload as { payload: { orderId: string } }).payload.orderId === lapsed.orderId);
  expect(waiting).toMatchObject({ deliveredAt: null, deadAt: null, attempts: 1 });
  expect(stripeApi().checkoutSessions.get(lapsed.sessionId)).toBe("open");

  // Its next attempt, after the backoff.
  expect((await deliverEvents(db(), new Date(Date.now() + 24 * 3_600_000))).failed).toBe(0);
  expect(stripeApi().checkoutSessions.get(lapsed.sessionId)).toBe("expired");
});

test("nothing released, nothing expired: an add to cart with no lapsed hold emits no order.hold-released", async () => {
  const family = await newFamily(db());
  const sectionId = await newSection(db(), { capacity: 3 });
  await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  const before = (await heldReleasedEvents()).length;
  const parent = await newFamily(db());
  await addToCart(parent.parentId, { sectionId, learnerId: parent.learnerId });
  expect(await heldReleasedEvents()).toHaveLength(before);
  expect((await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.sectionId, sectionId)))[0]!.status).toBe("held");
});
