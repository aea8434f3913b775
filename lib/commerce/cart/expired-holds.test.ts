import "@/test/stripe-env";

import { eq } from "drizzle-orm";

import { bookings, sections } from "@/lib/platform/db/schema";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { stripeWebhookHarness } from "@/test/stripe-webhook";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { addToCart } from "./cart";

/** Issue 26, finding 2: a hold that ran out is released wherever seats are counted, adding to the cart too. */
const { db } = stripeWebhookHarness();

test("a section filled by a card hold that ran out: adding it to the cart releases the hold and the seat can be chosen", async () => {
  const holder = await newFamily(db());
  const sectionId = await newSection(db(), { capacity: 1 });
  await placeOrder(holder.parentId, [{ sectionId, learnerId: holder.learnerId }], { now: new Date(Date.now() - 3_600_000) });
  const [full] = await db().select({ status: sections.status }).from(sections).where(eq(sections.id, sectionId));
  expect(full!.status).toBe("full");

  const parent = await newFamily(db());
  await expect(addToCart(parent.parentId, { sectionId, learnerId: parent.learnerId })).resolves.toMatchObject({ learnerName: "Ada" });

  expect(await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.sectionId, sectionId))).toEqual([
    { status: "cancelled" },
  ]);
  const [open] = await db().select({ status: sections.status }).from(sections).where(eq(sections.id, sectionId));
  expect(open!.status).toBe("open");
});
