import "@/test/stripe-env";

import { eq } from "drizzle-orm";

import { bookings, cartItems, courses, orders, sections } from "@/lib/platform/db/schema";
import { findCoursePage } from "@/lib/scheduling/course-page";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { stripeWebhookHarness } from "@/test/stripe-webhook";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { addToCart, getCart } from "./cart";

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

/** The course's slug, for findCoursePage. */
async function slugOf(sectionId: number): Promise<string> {
  const [row] = await db()
    .select({ slug: courses.slug })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(sections.id, sectionId));
  return row!.slug;
}

test("the course page and the cart count a card hold that ran out as a free seat, before anything releases it", async () => {
  const holder = await newFamily(db());
  const sectionId = await newSection(db(), { capacity: 2 });
  const other = await newFamily(db());
  // One seat held by a lapsed checkout, one by a checkout still within its hold: the section is full.
  const lapsed = await placeOrder(holder.parentId, [{ sectionId, learnerId: holder.learnerId }]);
  await placeOrder(other.parentId, [{ sectionId, learnerId: other.learnerId }]);
  await db()
    .update(orders)
    .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, lapsed.orderId));
  const [full] = await db().select({ status: sections.status }).from(sections).where(eq(sections.id, sectionId));
  expect(full!.status).toBe("full");

  const page = await findCoursePage(await slugOf(sectionId));
  expect(page!.sections.find((s) => s.id === sectionId)?.seatsLeft).toBe(1);

  const visitor = await newFamily(db());
  await db().insert(cartItems).values({ userId: visitor.parentId, sectionId, learnerId: visitor.learnerId });
  const cart = await getCart(visitor.parentId, "America/New_York");
  expect(cart.lines).toMatchObject([{ sectionId, seatsLeft: 1, problem: null }]);
  // Nothing was released by reading: the hold is still there for a checkout to release under the lock.
  expect(
    (await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.sectionId, sectionId))).map((b) => b.status),
  ).toEqual(["held", "held"]);
});

test("a section a teacher set full with seats to spare stays full on the course page, lapsed holds or not", async () => {
  const holder = await newFamily(db());
  const sectionId = await newSection(db(), { capacity: 3 });
  await placeOrder(holder.parentId, [{ sectionId, learnerId: holder.learnerId }], { now: new Date(Date.now() - 3_600_000) });
  await db().update(sections).set({ status: "full" }).where(eq(sections.id, sectionId));
  const page = await findCoursePage(await slugOf(sectionId));
  expect(page!.sections.find((s) => s.id === sectionId)?.seatsLeft).toBe(0);
});
