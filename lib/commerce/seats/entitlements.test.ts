import "@/test/stripe-env";

import { eq } from "drizzle-orm";
import type Stripe from "stripe";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { handleStripeEvent } from "@/lib/commerce/payments/webhook";
import { seatsConfirmed } from "@/lib/commerce/events";
import { cartItems, outbox, seatSessions } from "@/lib/platform/db/schema";
import { eventTopic } from "@/lib/platform/events/events";
import { newFamily } from "@/test/commerce-fixtures";
import { entitlementsOf, orderItemOf, weeklySection } from "@/test/seat-fixtures";
import { checkoutSessionEvent, stripeWebhookHarness } from "@/test/stripe-webhook";

import { giveExistingSeatsEntitlements } from "./backfill";
import { splitValue } from "./entitlements";

/**
 * Issue 39: "when a seat is paid, it records the sessions it bought and the value of each in minor
 * units, exact to the cent, summing to what was paid", written by one confirmSeats for a wallet
 * checkout and the card webhook alike.
 */
const { db } = stripeWebhookHarness();

const sum = (rows: Array<{ valueMinor: number }>) => rows.reduce((total, row) => total + row.valueMinor, 0);

test("a price split over its sessions is exact to the cent, by the teachers' published rule", () => {
  expect(splitValue(24_000, 12)).toEqual(Array(12).fill(2_000));
  expect(splitValue(10_000, 7)).toEqual([1_428, 1_429, 1_428, 1_429, 1_428, 1_429, 1_429]);
  expect(splitValue(8_900, 28).reduce((a, b) => a + b, 0)).toBe(8_900);
  expect(splitValue(5, 0)).toEqual([]);
});

test("a wallet checkout records the seat's twelve sessions at $20.00 each, summing to the $240 paid", async () => {
  const section = await weeklySection(db(), { priceMinor: 24_000 });
  const family = await newFamily(db(), 24_000);
  await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now: new Date("2027-02-01T00:00:00Z") });
  const rows = await entitlementsOf(db(), family.learnerId);
  expect(rows).toHaveLength(12);
  expect(rows.map((row) => row.valueMinor)).toEqual(Array(12).fill(2_000));
  expect(rows[0]!.occurrence.toISOString()).toBe("2027-03-03T22:00:00.000Z");
  expect(rows[11]!.occurrence.toISOString()).toBe("2027-05-19T21:00:00.000Z");
  expect(rows.every((row) => row.status === "open")).toBe(true);
});

test("a card payment confirmed by the webhook records its entitlements through the same confirmation: once, however often Stripe retries", async () => {
  const section = await weeklySection(db(), { priceMinor: 10_000, weeks: 7 });
  const family = await newFamily(db());
  await db().insert(cartItems).values({ userId: family.parentId, sectionId: section.id, learnerId: family.learnerId });
  const placed = await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }]);
  expect(placed.status).toBe("pending");
  expect(await entitlementsOf(db(), family.learnerId)).toEqual([]);

  const event = checkoutSessionEvent("checkout.session.completed", {
    referenceId: placed.orderId,
    metadata: { orderId: placed.orderId },
    amount: 10_000,
  }) as unknown as Stripe.Event;
  expect(await handleStripeEvent(event)).toBe("processed");
  await handleStripeEvent(event);

  const rows = await entitlementsOf(db(), family.learnerId);
  expect(rows.map((row) => row.valueMinor)).toEqual([1_428, 1_429, 1_428, 1_429, 1_428, 1_429, 1_429]);
  expect(sum(rows)).toBe(10_000);
  // The rest of the confirmation: the cart line gone, one enrolment announced.
  expect(await db().select().from(cartItems).where(eq(cartItems.userId, family.parentId))).toEqual([]);
  const item = await orderItemOf(db(), family.learnerId);
  const announced = (
    await db()
      .select()
      .from(outbox)
      .where(eq(outbox.topic, eventTopic(seatsConfirmed.name)))
  ).filter((row) => (row.payload as { bookingIds: string[] }).bookingIds.includes(item.bookingId!));
  expect(announced).toHaveLength(1);
});

test("the data migration gives seats paid before entitlements theirs, keeping a credit already paid, and writes nothing twice", async () => {
  const section = await weeklySection(db(), { priceMinor: 24_000 });
  const family = await newFamily(db(), 24_000);
  await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now: new Date("2027-02-01T00:00:00Z") });
  const item = await orderItemOf(db(), family.learnerId);
  await db().delete(seatSessions).where(eq(seatSessions.orderItemId, item.id));

  expect(await giveExistingSeatsEntitlements(db())).toBe(1);
  const rows = await entitlementsOf(db(), family.learnerId);
  expect(rows).toHaveLength(12);
  expect(sum(rows)).toBe(24_000);
  expect(await giveExistingSeatsEntitlements(db())).toBe(0);
  expect(await entitlementsOf(db(), family.learnerId)).toHaveLength(12);
});
