import "@/test/stripe-env";

import { eq } from "drizzle-orm";
import type Stripe from "stripe";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { lockPendingOrder } from "@/lib/commerce/payments/order-payment";
import { outbox } from "@/lib/platform/db/schema";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { markReactionsUndelivered } from "@/test/events";
import { mailHarness } from "@/test/mail-harness";
import { startStripeStandIn, STRIPE_STAND_IN_PORT, type StripeStandIn } from "@/test/stripe-stand-in";

import { seatTakenMail } from "./seat-taken-mail";

/**
 * A card payment that came after its seat was taken tells the parent once (order.seat-taken):
 * nobody enrolled, and where the money went.
 */
const { db, mail, deliver, received, emailOf } = mailHarness();
let stripeApi: StripeStandIn;
beforeAll(async () => {
  stripeApi = await startStripeStandIn(STRIPE_STAND_IN_PORT);
});
afterAll(() => stripeApi.close());
const PRICE = 12_000;

/** $30.00 of credit and a $120.00 seat: $90.00 by card, the checkout an hour ago (its hold ran out); a rival takes the seat, then the payment comes. */
async function latePayment(lateRefundTo: "card" | "wallet") {
  const family = await newFamily(db(), 3_000);
  const sectionId = await newSection(db(), { capacity: 1, priceMinor: PRICE });
  const placed = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }], {
    now: new Date(Date.now() - 3_600_000),
    lateRefundTo,
  });
  const rival = await newFamily(db(), PRICE);
  await placeOrder(rival.parentId, [{ sectionId, learnerId: rival.learnerId }]);
  const session = { id: `cs_test_${placed.orderId.slice(0, 8)}`, payment_intent: "pi_test_late" } as Stripe.Checkout.Session;
  await db().transaction(async (tx) => (await lockPendingOrder(tx, placed.orderId))!.fulfil(tx, session, new Date()));
  return { orderId: placed.orderId, parentEmail: await emailOf(family.parentId) };
}

describe("the parent's email about a late payment whose seat was taken", () => {
  it("delivered twice (a crash before the first delivery was recorded): one message, under the order's key", async () => {
    await mail.clear();
    const late = await latePayment("wallet");
    await deliver();
    expect(await markReactionsUndelivered(db(), "order.seat-taken", "seat-taken-mail")).toBeGreaterThan(0);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });

    expect(
      await db()
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `email:order:${late.orderId}:seat-taken`)),
    ).toHaveLength(1);
    const messages = await received(late.parentEmail);
    expect(messages.map((m) => [m.subject, m.messageId])).toEqual([
      ["Your payment came back: the seat was taken", `<email.order.${late.orderId}.seat-taken@localhost>`],
    ]);
    expect(messages[0]!.text).toContain("your card payment of $90.00 went to your");
  });

  it("the handler run twice queues one message, saying where the money went", async () => {
    await mail.clear();
    const late = await latePayment("card");
    await db().delete(outbox);
    for (let i = 0; i < 2; i += 1) await seatTakenMail.handle(db(), { orderId: late.orderId });
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    const messages = await received(late.parentEmail);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain("$90.00 is being refunded to your card");
  });
});
