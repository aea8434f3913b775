import "@/test/stripe-env";

import { and, count, eq } from "drizzle-orm";
import Stripe from "stripe";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { listOpenPaymentIssues } from "@/lib/commerce/checkout/order-view";
import { COMMERCE_MESSAGES, ORDER_NOTICES } from "@/lib/commerce/schema";
import { bookings, orders, outbox, payments, sections, stripeEvents } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { insertActor } from "@/test/fixtures";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { checkoutSessionEvent, signatureFor, signedDelivery, stripeWebhookHarness, type SessionEventType } from "@/test/stripe-webhook";

import { POST } from "./route";

/**
 * Issue 18, card payments: the real webhook handler fed events signed with the SDK's own
 * generateTestHeaderString; the calls the app makes to Stripe (Checkout Session, refund) go to a
 * local stand-in through the SDK's host/port/protocol options.
 */
const { db, stripeApi: standIn, deliverCardRefunds } = stripeWebhookHarness();
const sdk = new Stripe("sk_test_jest");
const deliver = signedDelivery(POST);

function sessionEvent(
  type: SessionEventType,
  session: { orderId: string; amount: number; currency?: string; paymentIntent?: string },
  id?: string,
) {
  const { orderId, ...rest } = session;
  return checkoutSessionEvent(type, { referenceId: orderId, metadata: { orderId }, ...rest }, id);
}

async function seatStatuses(sectionId: number) {
  const rows = await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.sectionId, sectionId));
  return rows.map((r) => r.status).sort();
}

async function sectionStatus(sectionId: number) {
  const [row] = await db().select({ status: sections.status }).from(sections).where(eq(sections.id, sectionId));
  return row!.status;
}

async function orderOf(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** A parent with 30.00 of credit buys a 120.00 seat: 30.00 from the wallet, 90.00 by card on Stripe Checkout. */
async function pendingCardOrder(options: { capacity?: number; now?: Date } = {}) {
  const family = await newFamily(db(), 3_000);
  const sectionId = await newSection(db(), { capacity: options.capacity ?? 5, priceMinor: 12_000 });
  const result = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }], { now: options.now });
  if (result.status !== "pending") throw new Error("expected a card checkout");
  return { ...family, sectionId, orderId: result.orderId, checkoutUrl: result.checkoutUrl };
}

test("the card part opens a Stripe Checkout Session for the rest after '{product} Cash'; the seat is held meanwhile", async () => {
  const order = await pendingCardOrder();
  expect(order.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  const call = standIn().requests.find((r) => r.form.get("client_reference_id") === order.orderId)!;
  expect(call.path).toBe("/v1/checkout/sessions");
  expect(call.form.get("line_items[0][price_data][unit_amount]")).toBe("9000");
  expect(call.form.get("line_items[0][price_data][currency]")).toBe("usd");
  expect(call.idempotencyKey).toBe(`checkout-${order.orderId}`);
  expect(await orderOf(order.orderId)).toMatchObject({ status: "pending", walletMinor: 3_000, cardMinor: 9_000 });
  expect(await seatStatuses(order.sectionId)).toEqual(["held"]);
  expect(await balanceOf(db(), order.parentId)).toBe(0);
});

test("the same completed event delivered 10 times at once: one payment, one enrolment", async () => {
  const order = await pendingCardOrder();
  const event = sessionEvent("checkout.session.completed", { orderId: order.orderId, amount: 9_000 });

  const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));

  expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  const outcomes = await Promise.all(answers.map(async (a) => ((await a.json()) as { outcome: string }).outcome));
  expect(outcomes.filter((o) => o === "processed")).toHaveLength(1);
  expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(9);
  expect(await seatStatuses(order.sectionId)).toEqual(["confirmed"]);
  const cards = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.orderId), eq(payments.method, "card")));
  expect(cards).toHaveLength(1);
  expect(cards[0]).toMatchObject({
    amountMinor: 9_000,
    status: "succeeded",
    stripePaymentIntentId: `pi_test_${order.orderId.slice(0, 8)}`,
  });
  expect(await orderOf(order.orderId)).toMatchObject({ status: "paid" });
  expect(await balanceOf(db(), order.parentId)).toBe(0);
});

test("a tampered or missing signature: 400, nothing changed", async () => {
  const order = await pendingCardOrder();
  const event = sessionEvent("checkout.session.completed", { orderId: order.orderId, amount: 9_000 });
  const [before] = await db().select({ n: count() }).from(stripeEvents);

  const goodHeader = signatureFor(JSON.stringify(event));
  const tamperedBody = { ...event, data: { object: { ...event.data.object, amount_total: 1 } } };
  const tampered = await deliver(tamperedBody, goodHeader);
  const wrongSecret = await deliver(
    event,
    sdk.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: "whsec_other" }),
  );
  const missing = await deliver(event, null);

  for (const answer of [tampered, wrongSecret, missing]) {
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe("The Stripe signature is missing or does not match.");
  }
  const [after] = await db().select({ n: count() }).from(stripeEvents);
  expect(after!.n).toBe(before!.n);
  expect(await orderOf(order.orderId)).toMatchObject({ status: "pending" });
  expect(await seatStatuses(order.sectionId)).toEqual(["held"]);
});

test("an amount or currency that does not match the order is refused and flagged for admins", async () => {
  const order = await pendingCardOrder();
  const answer = await deliver(sessionEvent("checkout.session.completed", { orderId: order.orderId, amount: 100 }));
  expect(answer.status).toBe(200);

  expect(await orderOf(order.orderId)).toMatchObject({ status: "flagged", notice: ORDER_NOTICES.flagged("$30.00") });
  expect(await seatStatuses(order.sectionId)).toEqual(["cancelled"]);
  expect(await balanceOf(db(), order.parentId)).toBe(3_000);
  const cards = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.orderId), eq(payments.method, "card")));
  expect(cards).toHaveLength(0);

  const other = await pendingCardOrder();
  await deliver(sessionEvent("checkout.session.completed", { orderId: other.orderId, amount: 9_000, currency: "eur" }));
  expect(await orderOf(other.orderId)).toMatchObject({ status: "flagged" });

  const admin = await insertActor(db(), "admin");
  const issues = await listOpenPaymentIssues(admin);
  expect(issues.find((i) => i.orderId === order.orderId)).toMatchObject({
    kind: "amount_mismatch",
    details: { expected: { amountMinor: 9_000, currency: "USD" }, received: { amountMinor: 100, currency: "USD" } },
  });
  expect(issues.find((i) => i.orderId === other.orderId)).toMatchObject({ kind: "currency_mismatch" });
  const parent = await insertActor(db(), "student");
  await expect(listOpenPaymentIssues(parent)).rejects.toThrow("You are not allowed to do that.");
});

test("a payment that completes after its seat was taken meanwhile is refunded in full and the parent told", async () => {
  // The card checkout started an hour ago: its 30-minute hold has run out.
  const order = await pendingCardOrder({ capacity: 1, now: new Date(Date.now() - 3_600_000) });
  const rival = await newFamily(db(), 20_000);
  await placeOrder(rival.parentId, [{ sectionId: order.sectionId, learnerId: rival.learnerId }]);
  expect(await seatStatuses(order.sectionId)).toEqual(["cancelled", "confirmed"]);

  const answer = await deliver(
    sessionEvent("checkout.session.completed", { orderId: order.orderId, amount: 9_000, paymentIntent: "pi_late" }),
  );
  expect(answer.status).toBe(200);
  // Queued with the decision, sent to Stripe by the outbox.
  await deliverCardRefunds();

  const refund = standIn().requests.find((r) => r.path === "/v1/refunds" && r.form.get("payment_intent") === "pi_late")!;
  expect(refund.form.get("amount")).toBe("9000");
  expect(refund.idempotencyKey).toBe(`refund-${order.orderId}`);
  expect(await orderOf(order.orderId)).toMatchObject({ status: "refunded", notice: ORDER_NOTICES.seatTaken("$90.00", "$30.00", "card") });
  const [card] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.orderId), eq(payments.method, "card")));
  expect(card).toMatchObject({ status: "refunded", amountMinor: 9_000 });
  expect(card!.stripeRefundId).toMatch(/^re_/);
  expect(await balanceOf(db(), order.parentId)).toBe(3_000);
  // Still one seat, the rival's.
  expect(await seatStatuses(order.sectionId)).toEqual(["cancelled", "confirmed"]);
});

/** A card payment ($90.00 of a $120.00 seat) that completes an hour late, after a rival took the only seat. */
async function lateCardPayment(paymentIntent: string, beforeWebhook = () => {}) {
  const order = await pendingCardOrder({ capacity: 1, now: new Date(Date.now() - 3_600_000) });
  const rival = await newFamily(db(), 20_000);
  await placeOrder(rival.parentId, [{ sectionId: order.sectionId, learnerId: rival.learnerId }]);
  beforeWebhook();
  const answer = await deliver(sessionEvent("checkout.session.completed", { orderId: order.orderId, amount: 9_000, paymentIntent }));
  expect(answer.status).toBe(200);
  const cardPayment = async () =>
    (
      await db()
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.orderId), eq(payments.method, "card")))
    )[0]!;
  return { ...order, cardPayment };
}

test("a late payment's refund while Stripe is unreachable is queued with the decision and sent once Stripe is back, once", async () => {
  let order;
  try {
    order = await lateCardPayment("pi_late_outage", () => (standIn().failing = true));
    // Nothing was sent while the webhook answered; the first delivery meets the outage and waits.
    expect(await deliverCardRefunds(new Date(Date.now() + 1_000))).toEqual({ delivered: 0, failed: 1 });
  } finally {
    standIn().failing = false;
  }
  expect(await orderOf(order.orderId)).toMatchObject({ status: "refunded", notice: ORDER_NOTICES.seatTaken("$90.00", "$30.00", "card") });
  const payment = await order.cardPayment();
  expect(payment).toMatchObject({ status: "refunded", stripeRefundId: null });
  const queued = await db()
    .select()
    .from(outbox)
    .where(eq(outbox.dedupeKey, `stripe.refund:payment:${payment.id}`));
  expect(queued).toEqual([expect.objectContaining({ payload: { of: "payment", paymentId: payment.id }, attempts: 1, deadAt: null })]);

  expect(await deliverCardRefunds(new Date(Date.now() + 20_000))).toEqual({ delivered: 1, failed: 0 });
  const created = standIn().refunds.filter((r) => r.paymentIntent === "pi_late_outage");
  expect(created).toEqual([
    { id: expect.stringMatching(/^re_/), amount: 9_000, paymentIntent: "pi_late_outage", idempotencyKey: `refund-${order.orderId}` },
  ]);
  expect((await order.cardPayment()).stripeRefundId).toBe(created[0]!.id);

  // Delivered again after a crash before anything was recorded: Stripe's idempotency answers the same refund.
  await db().update(payments).set({ stripeRefundId: null }).where(eq(payments.id, payment.id));
  await db().update(outbox).set({ deliveredAt: null }).where(eq(outbox.id, queued[0]!.id));
  expect(await deliverCardRefunds(new Date(Date.now() + 20_000))).toEqual({ delivered: 1, failed: 0 });
  expect(standIn().refunds.filter((r) => r.paymentIntent === "pi_late_outage")).toEqual(created);
  expect((await order.cardPayment()).stripeRefundId).toBe(created[0]!.id);
});

test("a late payment's refund that Stripe refuses for good: the payment shows refund_failed and admins get an issue, tried once", async () => {
  const order = await lateCardPayment("pi_late_refused");
  standIn().refusingRefunds = "No such payment_intent: 'pi_late_refused'";
  const error = jest.spyOn(console, "error").mockImplementation(() => {});
  try {
    expect(await deliverCardRefunds(new Date(Date.now() + 1_000))).toEqual({ delivered: 0, failed: 1 });
    expect(await deliverCardRefunds(new Date(Date.now() + 86_400_000))).toEqual({ delivered: 0, failed: 0 });
  } finally {
    standIn().refusingRefunds = null;
    error.mockRestore();
  }
  const payment = await order.cardPayment();
  expect(payment).toMatchObject({ status: "refund_failed", stripeRefundId: null });
  expect(standIn().requests.filter((r) => r.path === "/v1/refunds" && r.form.get("payment_intent") === "pi_late_refused")).toHaveLength(1);
  const admin = await insertActor(db(), "admin");
  expect((await listOpenPaymentIssues(admin)).filter((issue) => issue.orderId === order.orderId)).toEqual([
    expect.objectContaining({
      kind: "refund_failed",
      details: {
        paymentId: payment.id,
        paymentIntentId: "pi_late_refused",
        amountMinor: 9_000,
        error: "No such payment_intent: 'pi_late_refused'",
      },
    }),
  ]);
});

test("a payment after the hold ran out still enrols when a seat is free", async () => {
  const order = await pendingCardOrder({ capacity: 3, now: new Date(Date.now() - 3_600_000) });
  await deliver(sessionEvent("checkout.session.completed", { orderId: order.orderId, amount: 9_000 }));
  expect(await orderOf(order.orderId)).toMatchObject({ status: "paid" });
  expect((await seatStatuses(order.sectionId)).filter((s) => s === "confirmed")).toHaveLength(1);
});

test("an expired Checkout Session releases the seat and gives the wallet part back", async () => {
  const order = await pendingCardOrder();
  await deliver(sessionEvent("checkout.session.expired", { orderId: order.orderId, amount: 9_000 }));
  expect(await orderOf(order.orderId)).toMatchObject({ status: "expired", notice: ORDER_NOTICES.expired("$30.00") });
  expect(await seatStatuses(order.sectionId)).toEqual(["cancelled"]);
  expect(await balanceOf(db(), order.parentId)).toBe(3_000);
});

test("a card checkout holding the last seat sets the section full; its expired session opens it again", async () => {
  const order = await pendingCardOrder({ capacity: 1 });
  expect(await sectionStatus(order.sectionId)).toBe("full");
  await deliver(sessionEvent("checkout.session.expired", { orderId: order.orderId, amount: 9_000 }));
  expect(await sectionStatus(order.sectionId)).toBe("open");
});

test("a hold that ran out on a full section: the next checkout releases it and takes the seat, and the section is full again", async () => {
  const order = await pendingCardOrder({ capacity: 1, now: new Date(Date.now() - 3_600_000) });
  expect(await sectionStatus(order.sectionId)).toBe("full");
  const next = await newFamily(db(), 20_000);
  await expect(placeOrder(next.parentId, [{ sectionId: order.sectionId, learnerId: next.learnerId }])).resolves.toMatchObject({
    status: "paid",
  });
  expect(await seatStatuses(order.sectionId)).toEqual(["cancelled", "confirmed"]);
  expect(await sectionStatus(order.sectionId)).toBe("full");
});

test("Stripe unreachable at checkout: a clear message, the seat released and the wallet part back", async () => {
  const family = await newFamily(db(), 3_000);
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  standIn().failing = true;
  try {
    const error = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(COMMERCE_MESSAGES.cardUnavailable);
  } finally {
    standIn().failing = false;
  }
  expect(await seatStatuses(sectionId)).toEqual(["cancelled"]);
  expect(await balanceOf(db(), family.parentId)).toBe(3_000);
});
