import { eq } from "drizzle-orm";

import { cartItems, sections } from "@/lib/platform/db/schema";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { addToCart, getCart } from "./cart";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
const db = () => database.db;

/** Another section (another day) of the same course as `sectionId`. */
async function sameCourseSection(sectionId: number): Promise<number> {
  const [{ id: _id, ...row }] = (await db().select().from(sections).where(eq(sections.id, sectionId))) as [typeof sections.$inferSelect];
  const [other] = await db()
    .insert(sections)
    .values({ ...row, rrule: "FREQ=WEEKLY;BYDAY=SA" })
    .returning({ id: sections.id });
  return other!.id;
}

test("a child enrolled in a course is not put in another section of it without a word; a sibling can be (issue 31)", async () => {
  const family = await newFamily(db(), 50_000);
  const tuesdays = await newSection(db(), { priceMinor: 10_000 });
  const saturdays = await sameCourseSection(tuesdays);
  await placeOrder(family.parentId, [{ sectionId: tuesdays, learnerId: family.learnerId }]);

  await expect(addToCart(family.parentId, { sectionId: saturdays, learnerId: family.learnerId })).rejects.toThrow(
    COMMERCE_MESSAGES.alreadyEnrolled("Ada", "Test course"),
  );
  expect(await db().select().from(cartItems).where(eq(cartItems.userId, family.parentId))).toEqual([]);

  const sibling = await addChild(db(), family.parentId, "Ben");
  await expect(addToCart(family.parentId, { sectionId: saturdays, learnerId: sibling })).resolves.toMatchObject({ learnerName: "Ben" });

  // A line put in the cart before the first seat was paid shows why it cannot be paid.
  await db().insert(cartItems).values({ userId: family.parentId, sectionId: saturdays, learnerId: family.learnerId });
  const cart = await getCart(family.parentId, "America/Los_Angeles");
  expect(cart.lines.map((line) => [line.learnerName, line.problem])).toEqual([
    ["Ben", null],
    ["Ada", "enrolled"],
  ]);
  expect(cart.canCheckout).toBe(false);
});
