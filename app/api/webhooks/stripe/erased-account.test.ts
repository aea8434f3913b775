import "@/test/stripe-env";

import { eq } from "drizzle-orm";

import { eraseAccountData } from "@/lib/accounts/erase";
import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { buyGift } from "@/lib/commerce/gifts/gifts";
import { paymentIssues } from "@/lib/platform/db/schema";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { checkoutSessionEvent, signedDelivery, stripeWebhookHarness } from "@/test/stripe-webhook";

import { POST } from "./route";

/**
 * Issue 26 finding 12: an account deleted while its card payment was pending. The payment that
 * comes afterwards has nothing to pay for: it goes back to the card, and admins see it recorded.
 */
const { db, stripeApi, deliverCardRefunds } = stripeWebhookHarness();
const deliver = signedDelivery(POST);
const erase = (databaseId: number) =>
  db().transaction((tx) =>
    eraseAccountData(tx, { email: `gone-${databaseId}@example.com`, emailVerified: true, databaseId, firebaseUid: `uid-${databaseId}` }),
  );
const issuesFor = async (purchaseId: string) =>
  (await db().select().from(paymentIssues).where(eq(paymentIssues.kind, "payment_without_purchase"))).filter(
    (row) => (row.details as { purchaseId?: string }).purchaseId === purchaseId,
  );

test("a card order paid after its account was deleted is refunded to the card, once, and recorded", async () => {
  const family = await newFamily(db(), 3_000);
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  const placed = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  if (placed.status !== "pending") throw new Error("expected a card checkout");
  await erase(family.parentId);

  const paid = checkoutSessionEvent("checkout.session.completed", {
    referenceId: placed.orderId,
    metadata: { orderId: placed.orderId },
    amount: 9_000,
  });
  expect(((await (await deliver(paid)).json()) as { outcome: string }).outcome).toBe("processed");
  expect(((await (await deliver(paid)).json()) as { outcome: string }).outcome).toBe("duplicate");
  await deliverCardRefunds();

  const intent = `pi_test_${placed.orderId.slice(0, 8)}`;
  expect(stripeApi().refunds.filter((refund) => refund.paymentIntent === intent)).toEqual([expect.objectContaining({ amount: 9_000 })]);
  expect(await issuesFor(placed.orderId)).toEqual([
    expect.objectContaining({
      orderId: null,
      details: expect.objectContaining({ amountMinor: 9_000, purchaseGone: true, refundQueued: true }),
    }),
  ]);
});

test("a card gift paid after its buyer was deleted issues no code and is refunded to the card", async () => {
  const buyer = await newFamily(db());
  const { giftId } = await buyGift(
    buyer.parentId,
    { amount: "30", payWith: "card", recipientEmail: "kid@example.com" },
    { emailVerified: true },
  );
  await erase(buyer.parentId);
  await deliver(
    checkoutSessionEvent("checkout.session.completed", { referenceId: giftId, metadata: { pays: "gift", giftId }, amount: 3_000 }),
  );
  await deliverCardRefunds();
  expect(stripeApi().refunds.filter((refund) => refund.paymentIntent === `pi_test_${giftId.slice(0, 8)}`)).toHaveLength(1);
  expect(await issuesFor(giftId)).toEqual([expect.objectContaining({ giftId, details: expect.objectContaining({ purchaseGone: false }) })]);
});
