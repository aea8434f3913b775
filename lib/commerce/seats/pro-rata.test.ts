import { eq } from "drizzle-orm";

import { sectionsForCart } from "@/lib/commerce/cart/cart";
import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { courses } from "@/lib/platform/db/schema";
import { findCoursePage } from "@/lib/scheduling/course-page";
import { SEAT_PRICE_RULE } from "@/lib/scheduling/section-facts";
import { newFamily } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { entitlementsOf, orderItemOf, weeklySection } from "@/test/seat-fixtures";

/**
 * Issue 39, "a seat bought into a running class pays for what it gets": a running class read
 * "28 still to come · $2.41 a session" while a new seat paid $89.00 for those 28 ($3.18 each). Its
 * price is the price per session shown times the sessions left, on the course page, the cart and
 * the checkout alike.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

test("an $89.00 class of 37 sessions with 28 to come: shown and charged at $2.41 a session, $67.48 for the seat", async () => {
  // Wednesdays from 6 January 2027, 37 weeks; after the ninth (3 March), before the tenth.
  const section = await weeklySection(db(), { priceMinor: 8_900, weeks: 37, startsOn: "2027-01-06" });
  const now = new Date("2027-03-05T12:00:00Z");

  const [course] = await db().select({ slug: courses.slug }).from(courses).where(eq(courses.id, section.courseId));
  const page = await findCoursePage(course!.slug, now);
  const shown = page!.sections.find((s) => s.id === section.id)!;
  expect(shown.facts).toContain("28 still to come · $2.41 a session");
  expect(shown.price).toBe("$67.48");

  const [inCart] = await sectionsForCart([section.id], "America/New_York", now);
  expect(inCart).toMatchObject({ priceMinor: 6_748, price: "$67.48" });
  expect(inCart!.facts).toContain("28 still to come · $2.41 a session");

  const family = await newFamily(db(), 10_000);
  await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now, expectedTotalMinor: 6_748 });
  expect(await balanceOf(db(), family.parentId)).toBe(10_000 - 6_748);
  expect((await orderItemOf(db(), family.learnerId)).priceMinor).toBe(6_748);
  const rows = await entitlementsOf(db(), family.learnerId);
  expect(rows).toHaveLength(28);
  expect(new Set(rows.map((r) => r.valueMinor))).toEqual(new Set([241]));

  // Before the first session the seat costs the class's price; the terms state the rule.
  const early = await newFamily(db(), 8_900);
  const other = await weeklySection(db(), { priceMinor: 8_900, weeks: 37, startsOn: "2027-01-06" });
  await placeOrder(early.parentId, [{ sectionId: other.id, learnerId: early.learnerId }], { now: new Date("2027-01-01T00:00:00Z") });
  expect(await balanceOf(db(), early.parentId)).toBe(0);
  expect(SEAT_PRICE_RULE).toContain("times the sessions still to come");
});
