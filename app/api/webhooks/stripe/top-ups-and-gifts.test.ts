import "@/test/stripe-env";

import { and, eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { GIFT_MESSAGES } from "@/lib/commerce/gifts/gift-schema";
import { buyGift, getGiftForBuyer, redeemGift } from "@/lib/commerce/gifts/gifts";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { TOP_UP_MESSAGES } from "@/lib/commerce/payments/top-up-schema";
import { findOwnTopUp, startTopUp, topUpReturnPath } from "@/lib/commerce/payments/top-ups";
import { COMMERCE_MESSAGES, ORDER_NOTICES } from "@/lib/commerce/schema";
import { gifts, ledgerEntries, orders, outbox, paymentIssues, payments, topUps } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { deliverEvents } from "@/test/events";
import { checkoutSessionEvent, signedDelivery, stripeWebhookHarness, type SessionEventType } from "@/test/stripe-webhook";

import { POST } from "./route";

/**
 * Issue 18: top-ups and gifts paid by card, and the parent's choice for a late payment whose seat
 * was taken. The real webhook handler, fed events signed with the SDK's generateTestHeaderString;
 * Checkout Sessions and refunds go to the local stand-in.
 */
const { db, stripeApi: standIn, deliverCardRefunds } = stripeWebhookHarness();
const deliver = signedDelivery(POST);

type Pays = { pays: "top_up"; topUpId: string } | { pays: "gift"; giftId: string } | { pays: "order"; orderId: string };

function sessionEvent(type: SessionEventType, metadata: Pays, amount: number, currency = "usd") {
  const referenceId = "topUpId" in metadata ? metadata.topUpId : "giftId" in metadata ? metadata.giftId : metadata.orderId;
  return checkoutSessionEvent(type, { referenceId, metadata, amount, currency });
}

async function deliverTenTimes(event: unknown) {
  const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
  expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  return Promise.all(answers.map(async (a) => ((await a.json()) as { outcome: string }).outcome));
}

const topUpOf = async (id: string) => (await db().select().from(topUps).where(eq(topUps.id, id)))[0]!;
const giftOf = async (id: string) => (await db().select().from(gifts).where(eq(gifts.id, id)))[0]!;
const issuesOf = (column: typeof paymentIssues.topUpId | typeof paymentIssues.giftId, id: string) =>
  db().select().from(paymentIssues).where(eq(column, id));

describe("top-up by card", () => {
  test("opens a Checkout Session (mode payment, idempotency key, metadata naming the top-up) and credits nothing yet", async () => {
    const family = await newFamily(db());
    const { topUpId, checkoutUrl } = await startTopUp(family.parentId, { amount: "25.50" }, { returnOrigin: "http://localhost:3000" });
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const call = standIn().requests.find((r) => r.form.get("metadata[topUpId]") === topUpId)!;
    expect(call.path).toBe("/v1/checkout/sessions");
    expect(call.form.get("mode")).toBe("payment");
    expect(call.form.get("metadata[pays]")).toBe("top_up");
    expect(call.form.get("line_items[0][price_data][unit_amount]")).toBe("2550");
    expect(call.form.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(call.form.get("success_url")).toBe(`http://localhost:3000${topUpReturnPath(topUpId)}`);
    expect(call.form.get("success_url")).toContain(`?top_up=${topUpId}`);
    expect(call.idempotencyKey).toBe(`top-up-${topUpId}`);
    expect(await topUpOf(topUpId)).toMatchObject({
      status: "pending",
      amountMinor: 2_550,
      stripeCheckoutSessionId: expect.stringMatching(/^cs_test_/),
    });
    expect(await balanceOf(db(), family.parentId)).toBe(0);
    expect(await findOwnTopUp(family.parentId, topUpId)).toEqual({ amount: "$25.50", status: "pending" });
    const stranger = await newFamily(db());
    expect(await findOwnTopUp(stranger.parentId, topUpId)).toBeNull();
  });

  test("an amount outside $5 to $1,000 is refused with a field message, and nothing is stored", async () => {
    const family = await newFamily(db());
    for (const amount of ["4.99", "1000.01", "abc", "", "-10"]) {
      const error = await startTopUp(family.parentId, { amount }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).fieldErrors).toEqual({ amount: TOP_UP_MESSAGES.amount });
    }
    expect(await db().select().from(topUps).where(eq(topUps.userId, family.parentId))).toHaveLength(0);
  });

  test("the completed event delivered 10 times at once credits one top_up entry linked to its top-up", async () => {
    const family = await newFamily(db(), 1_000);
    const { topUpId } = await startTopUp(family.parentId, { amount: "40" });
    const outcomes = await deliverTenTimes(sessionEvent("checkout.session.completed", { pays: "top_up", topUpId }, 4_000));
    expect(outcomes.filter((o) => o === "processed")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(9);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.topUpId, topUpId));
    expect(entries).toEqual([expect.objectContaining({ userId: family.parentId, kind: "top_up", amountMinor: 4_000 })]);
    expect(await balanceOf(db(), family.parentId)).toBe(5_000);
    expect(await topUpOf(topUpId)).toMatchObject({ status: "paid", stripePaymentIntentId: `pi_test_${topUpId.slice(0, 8)}` });
    // A later event for the same top-up (another id) changes nothing either.
    await deliver(sessionEvent("checkout.session.completed", { pays: "top_up", topUpId }, 4_000));
    expect(await balanceOf(db(), family.parentId)).toBe(5_000);
  });

  test("an amount or currency that does not match is flagged for admins and nothing is credited", async () => {
    const family = await newFamily(db());
    const { topUpId } = await startTopUp(family.parentId, { amount: "40" });
    expect((await deliver(sessionEvent("checkout.session.completed", { pays: "top_up", topUpId }, 400))).status).toBe(200);
    expect(await topUpOf(topUpId)).toMatchObject({ status: "flagged" });
    expect(await balanceOf(db(), family.parentId)).toBe(0);
    expect(await issuesOf(paymentIssues.topUpId, topUpId)).toEqual([
      expect.objectContaining({
        kind: "amount_mismatch",
        details: expect.objectContaining({
          expected: { amountMinor: 4_000, currency: "USD" },
          received: { amountMinor: 400, currency: "USD" },
        }),
      }),
    ]);

    const other = await startTopUp(family.parentId, { amount: "40" });
    await deliver(sessionEvent("checkout.session.completed", { pays: "top_up", topUpId: other.topUpId }, 4_000, "eur"));
    expect(await topUpOf(other.topUpId)).toMatchObject({ status: "flagged" });
    expect(await issuesOf(paymentIssues.topUpId, other.topUpId)).toEqual([expect.objectContaining({ kind: "currency_mismatch" })]);
    expect(await balanceOf(db(), family.parentId)).toBe(0);
  });

  test("an expired session closes the top-up; a completed event after it credits nothing", async () => {
    const family = await newFamily(db());
    const { topUpId } = await startTopUp(family.parentId, { amount: "40" });
    await deliver(sessionEvent("checkout.session.expired", { pays: "top_up", topUpId }, 4_000));
    expect(await topUpOf(topUpId)).toMatchObject({ status: "expired" });
    const late = await deliver(sessionEvent("checkout.session.completed", { pays: "top_up", topUpId }, 4_000));
    expect(((await late.json()) as { outcome: string }).outcome).toBe("ignored");
    expect(await balanceOf(db(), family.parentId)).toBe(0);
  });

  test("Stripe unreachable: a clear message and the top-up closed", async () => {
    const family = await newFamily(db());
    standIn().failing = true;
    try {
      await expect(startTopUp(family.parentId, { amount: "40" })).rejects.toThrow(COMMERCE_MESSAGES.cardUnavailable);
    } finally {
      standIn().failing = false;
    }
    const rows = await db().select().from(topUps).where(eq(topUps.userId, family.parentId));
    expect(rows).toEqual([expect.objectContaining({ status: "expired" })]);
  });
});

describe("gift paid by card", () => {
  const recipientEmail = "grandchild@example.com";
  /** The recipient's email, once the gift's events have been handed to their handlers. */
  const giftMail = async (giftId: string) => {
    await deliverEvents(db());
    return db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `email:gift:${giftId}:recipient`));
  };

  test("is created unpaid with no code and no email until the webhook confirms the payment", async () => {
    const buyer = await newFamily(db());
    const { giftId, checkoutUrl } = await buyGift(
      buyer.parentId,
      { amount: "30", payWith: "card", recipientEmail },
      { emailVerified: true },
    );
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const call = standIn().requests.find((r) => r.form.get("metadata[giftId]") === giftId)!;
    expect(call.form.get("metadata[pays]")).toBe("gift");
    expect(call.form.get("line_items[0][price_data][unit_amount]")).toBe("3000");
    expect(call.idempotencyKey).toBe(`gift-${giftId}`);
    expect(await giftOf(giftId)).toMatchObject({ status: "pending", code: null, paidBy: "card" });
    expect(await getGiftForBuyer(buyer.parentId, giftId)).toMatchObject({ status: "pending", code: null });
    expect(await giftMail(giftId)).toHaveLength(0);
    // The buyer's wallet is not touched by a card gift.
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.giftId, giftId))).toHaveLength(0);
  });

  test("the completed event delivered 10 times issues one code and queues one email", async () => {
    const buyer = await newFamily(db());
    const { giftId } = await buyGift(buyer.parentId, { amount: "30", payWith: "card", recipientEmail }, { emailVerified: true });
    const outcomes = await deliverTenTimes(sessionEvent("checkout.session.completed", { pays: "gift", giftId }, 3_000));
    expect(outcomes.filter((o) => o === "processed")).toHaveLength(1);
    const gift = await giftOf(giftId);
    expect(gift).toMatchObject({ status: "paid", code: expect.stringMatching(/^[0-9A-Z]{28}$/) });
    expect(await giftMail(giftId)).toHaveLength(1);
    // The code now works, once.
    const recipient = await newFamily(db());
    const view = await getGiftForBuyer(buyer.parentId, giftId);
    expect(await redeemGift(recipient.parentId, "198.51.100.77", { code: view!.code })).toEqual({ amount: "$30.00", balance: "$30.00" });
  });

  test("an amount mismatch flags the gift: no code, no email, an issue for admins", async () => {
    const buyer = await newFamily(db());
    const { giftId } = await buyGift(buyer.parentId, { amount: "30", payWith: "card", recipientEmail }, { emailVerified: true });
    await deliver(sessionEvent("checkout.session.completed", { pays: "gift", giftId }, 300));
    expect(await giftOf(giftId)).toMatchObject({ status: "flagged", code: null });
    expect(await giftMail(giftId)).toHaveLength(0);
    expect(await issuesOf(paymentIssues.giftId, giftId)).toEqual([expect.objectContaining({ kind: "amount_mismatch" })]);
  });

  test("an expired session closes the gift without a code", async () => {
    const buyer = await newFamily(db());
    const { giftId } = await buyGift(buyer.parentId, { amount: "30", payWith: "card" }, { emailVerified: true });
    await deliver(sessionEvent("checkout.session.expired", { pays: "gift", giftId }, 3_000));
    expect(await giftOf(giftId)).toMatchObject({ status: "expired", code: null });
    await deliver(sessionEvent("checkout.session.completed", { pays: "gift", giftId }, 3_000));
    expect(await giftOf(giftId)).toMatchObject({ status: "expired", code: null });
  });

  test("a payment choice other than wallet or card is refused with a field message", async () => {
    const buyer = await newFamily(db(), 10_000);
    const error = await buyGift(buyer.parentId, { amount: "30", payWith: "cheque" }, { emailVerified: true }).catch((e: unknown) => e);
    expect((error as AppError).fieldErrors).toEqual({ payWith: GIFT_MESSAGES.payWith });
    expect(await balanceOf(db(), buyer.parentId)).toBe(10_000);
  });
});

describe("a late card payment whose seat was taken: the parent's choice", () => {
  /** 30.00 of credit, a 120.00 seat: 90.00 by card, the checkout started an hour ago (its hold ran out), then a rival takes the seat. */
  async function lateOrder(lateRefundTo: "card" | "wallet") {
    const family = await newFamily(db(), 3_000);
    const sectionId = await newSection(db(), { capacity: 1, priceMinor: 12_000 });
    const placed = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }], {
      now: new Date(Date.now() - 3_600_000),
      lateRefundTo,
    });
    const rival = await newFamily(db(), 20_000);
    await placeOrder(rival.parentId, [{ sectionId, learnerId: rival.learnerId }]);
    const answer = await deliver(sessionEvent("checkout.session.completed", { pays: "order", orderId: placed.orderId }, 9_000));
    expect(answer.status).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
    await deliverEvents(db());
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `email:order:${placed.orderId}:seat-taken`));
    return { ...family, order: order!, mail: mail?.payload as { text: string; subject: string } | undefined };
  }

  test("as {product} Cash: a refund entry linked to the order, no Stripe refund; the notice and the email say so", async () => {
    const { order, parentId, mail } = await lateOrder("wallet");
    expect(order).toMatchObject({
      status: "refunded",
      lateRefundTo: "wallet",
      notice: ORDER_NOTICES.seatTaken("$90.00", "$30.00", "wallet"),
    });
    await deliverCardRefunds();
    expect(standIn().requests.filter((r) => r.path === "/v1/refunds" && r.form.get("metadata[orderId]") === order.id)).toHaveLength(0);
    const refunds = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, "refund")));
    expect(refunds.map((r) => r.amountMinor).sort()).toEqual([3_000, 9_000]);
    expect(await balanceOf(db(), parentId)).toBe(12_000);
    const [card] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.method, "card")));
    expect(card).toMatchObject({ status: "refunded", stripeRefundId: null });
    expect(mail?.text).toContain("your card payment of $90.00 went to your");
  });

  test("back to the card (the default): a Stripe refund; the notice and the email say so", async () => {
    const { order, parentId, mail } = await lateOrder("card");
    expect(order).toMatchObject({ status: "refunded", lateRefundTo: "card", notice: ORDER_NOTICES.seatTaken("$90.00", "$30.00", "card") });
    await deliverCardRefunds();
    const refund = standIn().requests.find((r) => r.path === "/v1/refunds" && r.form.get("metadata[orderId]") === order.id)!;
    expect(refund.form.get("amount")).toBe("9000");
    expect(await balanceOf(db(), parentId)).toBe(3_000);
    expect(mail?.text).toContain("$90.00 is being refunded to your card");
  });
});
