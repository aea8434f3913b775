import "@/test/stripe-env";

import { eq } from "drizzle-orm";

import { bookings, orders } from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { refusalMessage } from "@/test/refusal";
import { stripeWebhookHarness } from "@/test/stripe-webhook";

import { placeOrder } from "./checkout";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";

/**
 * Issue 26, finding 2: unpaid card checkouts cost nothing, so one account may hold at most
 * UNPAID_SEATS_PER_ACCOUNT seats while its card payments are pending (counted under its wallet lock).
 */
const { db } = stripeWebhookHarness();

/** A parent with as many children as the cap, and no Cash: every seat is paid by card. */
async function familyOfCapSize() {
  const family = await newFamily(db());
  const learnerIds = [family.learnerId];
  while (learnerIds.length < env.UNPAID_SEATS_PER_ACCOUNT)
    learnerIds.push(await addChild(db(), family.parentId, `Kid${learnerIds.length}`));
  return { ...family, learnerIds };
}

test("an account holding the cap in unpaid seats cannot hold one more, in any section; nothing is written", async () => {
  const family = await familyOfCapSize();
  const sectionId = await newSection(db(), { capacity: 20 });
  await placeOrder(
    family.parentId,
    family.learnerIds.map((learnerId) => ({ sectionId, learnerId })),
  );
  const other = await newSection(db(), { capacity: 20 });

  expect(await refusalMessage(placeOrder(family.parentId, [{ sectionId: other, learnerId: family.learnerId }]))).toBe(
    COMMERCE_MESSAGES.tooManyUnpaidSeats(env.UNPAID_SEATS_PER_ACCOUNT),
  );
  expect(await db().select().from(bookings).where(eq(bookings.sectionId, other))).toEqual([]);
  expect(await db().select().from(orders).where(eq(orders.userId, family.parentId))).toHaveLength(1);
});

test("one checkout of more seats than the cap by card is refused; holds that ran out do not count", async () => {
  const family = await familyOfCapSize();
  const extra = await addChild(db(), family.parentId, "Extra");
  const sectionId = await newSection(db(), { capacity: 20 });
  const tooMany = [...family.learnerIds, extra].map((learnerId) => ({ sectionId, learnerId }));
  expect(await refusalMessage(placeOrder(family.parentId, tooMany))).toBe(
    COMMERCE_MESSAGES.tooManyUnpaidSeats(env.UNPAID_SEATS_PER_ACCOUNT),
  );

  // Held an hour ago: the hold has run out, so the same account may hold seats again.
  await placeOrder(
    family.parentId,
    family.learnerIds.map((learnerId) => ({ sectionId, learnerId })),
    { now: new Date(Date.now() - 3_600_000) },
  );
  const other = await newSection(db(), { capacity: 20 });
  await expect(placeOrder(family.parentId, [{ sectionId: other, learnerId: extra }])).resolves.toMatchObject({ status: "pending" });
});
