import "@/test/stripe-env";

import { eq } from "drizzle-orm";

import { GIFT_MESSAGES } from "@/lib/commerce/gifts/gift-schema";
import { buyGift, getGiftForBuyer, redeemGift } from "@/lib/commerce/gifts/gifts";
import { startTopUp } from "@/lib/commerce/payments/top-ups";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { cardReversals, gifts, ledgerEntries, paymentIssues } from "@/lib/platform/db/schema";
import { newFamily } from "@/test/commerce-fixtures";
import { chargeRefundedEvent, checkoutSessionEvent, disputeEvent, signedDelivery, stripeWebhookHarness } from "@/test/stripe-webhook";

import { POST } from "./route";

/**
 * Issue 26 finding 11: a card payment refunded from Stripe's dashboard, or disputed, takes back
 * the {product} Cash it gave (never below zero: the rest is a debt on the admins' payment issues)
 * and freezes a gift's code; a dispute won gives it all back. The real webhook, signed events.
 */
const { db } = stripeWebhookHarness();
const deliver = signedDelivery(POST);
const outcomeOf = async (answer: Response) => ((await answer.json()) as { outcome: string }).outcome;
const issuesOfKind = (kind: "card_refunded" | "dispute_opened" | "dispute_closed", intent: string) =>
  db()
    .select()
    .from(paymentIssues)
    .where(eq(paymentIssues.kind, kind))
    .then((rows) => rows.filter((row) => (row.details as { paymentIntentId?: string }).paymentIntentId === intent));

/** A parent whose $40 top-up was paid by card; its payment intent. */
async function paidTopUp() {
  const family = await newFamily(db());
  const { topUpId } = await startTopUp(family.parentId, { amount: "40" });
  await deliver(
    checkoutSessionEvent("checkout.session.completed", { referenceId: topUpId, metadata: { pays: "top_up", topUpId }, amount: 4_000 }),
  );
  expect(await balanceOf(db(), family.parentId)).toBe(4_000);
  return { ...family, topUpId, intent: `pi_test_${topUpId.slice(0, 8)}` };
}

/** A $30 card gift, paid; its code and payment intent. */
async function paidGift() {
  const buyer = await newFamily(db());
  const { giftId } = await buyGift(buyer.parentId, { amount: "30", payWith: "card" }, { emailVerified: true });
  await deliver(
    checkoutSessionEvent("checkout.session.completed", { referenceId: giftId, metadata: { pays: "gift", giftId }, amount: 3_000 }),
  );
  const view = await getGiftForBuyer(buyer.parentId, giftId);
  return { giftId, code: view!.code!, intent: `pi_test_${giftId.slice(0, 8)}` };
}

test("a top-up refunded in Stripe takes its Cash back, never below zero: the spent part is a debt admins see; once per event", async () => {
  const family = await paidTopUp();
  // The parent spent $30 of it meanwhile (a purchase is an order's; an adjustment stands in for it here).
  await db()
    .insert(ledgerEntries)
    .values({ userId: family.parentId, kind: "adjustment", amountMinor: -3_000, currency: "USD", reason: "spent" });

  const refunded = chargeRefundedEvent({ paymentIntent: family.intent, amount: 4_000, amountRefunded: 4_000 });
  expect(await outcomeOf(await deliver(refunded))).toBe("processed");
  expect(await balanceOf(db(), family.parentId)).toBe(0);
  expect(await db().select().from(cardReversals).where(eq(cardReversals.topUpId, family.topUpId))).toEqual([
    expect.objectContaining({
      kind: "refund",
      status: "taken",
      amountMinor: 4_000,
      takenMinor: 1_000,
      shortfallMinor: 3_000,
      userId: family.parentId,
    }),
  ]);
  expect(await issuesOfKind("card_refunded", family.intent)).toEqual([
    expect.objectContaining({
      topUpId: family.topUpId,
      resolvedAt: null,
      details: expect.objectContaining({ cashTakenMinor: 1_000, shortfallMinor: 3_000 }),
    }),
  ]);

  // The same event again, and another event reporting the same refunded total: nothing more is taken.
  expect(await outcomeOf(await deliver(refunded))).toBe("duplicate");
  expect(await outcomeOf(await deliver(chargeRefundedEvent({ paymentIntent: family.intent, amount: 4_000, amountRefunded: 4_000 })))).toBe(
    "ignored",
  );
  expect(await db().select().from(cardReversals).where(eq(cardReversals.topUpId, family.topUpId))).toHaveLength(1);
  expect(await balanceOf(db(), family.parentId)).toBe(0);
});

test("a partial refund in Stripe takes back only what was refunded, and a later one only the difference", async () => {
  const family = await paidTopUp();
  await deliver(chargeRefundedEvent({ paymentIntent: family.intent, amount: 4_000, amountRefunded: 1_000 }));
  expect(await balanceOf(db(), family.parentId)).toBe(3_000);
  await deliver(chargeRefundedEvent({ paymentIntent: family.intent, amount: 4_000, amountRefunded: 2_500 }));
  expect(await balanceOf(db(), family.parentId)).toBe(1_500);
});

test("a dispute on a redeemed card gift holds the recipient's Cash; won, it is given back and the issue settled", async () => {
  const gift = await paidGift();
  const recipient = await newFamily(db());
  await redeemGift(recipient.parentId, "198.51.100.80", { code: gift.code });
  const dispute = { id: `dp_${gift.giftId.slice(0, 8)}`, paymentIntent: gift.intent, amount: 3_000 };

  expect(await outcomeOf(await deliver(disputeEvent("charge.dispute.created", dispute)))).toBe("processed");
  expect(await balanceOf(db(), recipient.parentId)).toBe(0);
  expect(await db().select().from(cardReversals).where(eq(cardReversals.stripeDisputeId, dispute.id))).toEqual([
    expect.objectContaining({ status: "held", takenMinor: 3_000, shortfallMinor: 0, userId: recipient.parentId }),
  ]);
  expect(await issuesOfKind("dispute_opened", gift.intent)).toEqual([expect.objectContaining({ giftId: gift.giftId, resolvedAt: null })]);

  expect(await outcomeOf(await deliver(disputeEvent("charge.dispute.closed", { ...dispute, status: "won" })))).toBe("processed");
  expect(await balanceOf(db(), recipient.parentId)).toBe(3_000);
  expect(await db().select().from(cardReversals).where(eq(cardReversals.stripeDisputeId, dispute.id))).toEqual([
    expect.objectContaining({ status: "released", shortfallMinor: 0, closedAt: expect.any(Date) }),
  ]);
  expect(await issuesOfKind("dispute_opened", gift.intent)).toEqual([expect.objectContaining({ resolvedAt: expect.any(Date) })]);
  // A second close (another event id) gives nothing twice.
  expect(await outcomeOf(await deliver(disputeEvent("charge.dispute.closed", { ...dispute, status: "won" })))).toBe("ignored");
  expect(await balanceOf(db(), recipient.parentId)).toBe(3_000);
});

test("a dispute freezes an unredeemed gift's code; lost, it stays frozen and the admins' issue stays open", async () => {
  const gift = await paidGift();
  const dispute = { id: `dp_${gift.giftId.slice(0, 8)}`, paymentIntent: gift.intent, amount: 3_000 };
  await deliver(disputeEvent("charge.dispute.created", dispute));
  const recipient = await newFamily(db());
  await expect(redeemGift(recipient.parentId, "198.51.100.81", { code: gift.code })).rejects.toThrow(GIFT_MESSAGES.codeFrozen);

  await deliver(disputeEvent("charge.dispute.closed", { ...dispute, status: "lost" }));
  await expect(redeemGift(recipient.parentId, "198.51.100.81", { code: gift.code })).rejects.toThrow(GIFT_MESSAGES.codeFrozen);
  expect(await balanceOf(db(), recipient.parentId)).toBe(0);
  expect((await db().select().from(gifts).where(eq(gifts.id, gift.giftId)))[0]).toMatchObject({
    frozenAt: expect.any(Date),
    redeemedAt: null,
  });
  expect(await issuesOfKind("dispute_opened", gift.intent)).toEqual([expect.objectContaining({ resolvedAt: null })]);
  expect(await issuesOfKind("dispute_closed", gift.intent)).toEqual([
    expect.objectContaining({ details: expect.objectContaining({ status: "lost", won: false }) }),
  ]);
});
