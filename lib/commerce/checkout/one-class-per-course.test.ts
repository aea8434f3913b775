import { and, count, eq } from "drizzle-orm";

import { bookings, courses } from "@/lib/platform/db/schema/index";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { refusalMessage } from "@/test/refusal";
import { newSectionOfSameCourse } from "@/test/transfer-fixtures";

import { addToCart } from "@/lib/commerce/cart/cart";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { checkoutCart, placeOrder } from "./checkout";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";

/**
 * One child, one class per course, decided by checkout under its locks (the cart checks it too,
 * but two lines of one cart, or two checkouts, pass the cart's check before either is paid).
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

async function seatsOf(learnerId: number) {
  const [row] = await db()
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.learnerId, learnerId), eq(bookings.kind, "seat")));
  return row!.n;
}

test("a cart with the same child in two sections of one course is refused at checkout, nothing charged; a sibling in the other section is fine", async () => {
  const first = await newSection(db(), { priceMinor: 4_000 });
  const second = await newSectionOfSameCourse(db(), first, { priceMinor: 4_000 });
  const family = await newFamily(db(), 20_000);
  await addToCart(family.parentId, { sectionId: first, learnerId: family.learnerId });
  await addToCart(family.parentId, { sectionId: second, learnerId: family.learnerId });

  expect(await refusalMessage(checkoutCart(family.parentId))).toBe(COMMERCE_MESSAGES.alreadyEnrolled("Ada", "Test course"));
  expect(await seatsOf(family.learnerId)).toBe(0);
  expect(await balanceOf(db(), family.parentId)).toBe(20_000);

  const sibling = await addChild(db(), family.parentId, "Grace");
  await placeOrder(family.parentId, [
    { sectionId: first, learnerId: family.learnerId },
    { sectionId: second, learnerId: sibling },
  ]);
  expect(await balanceOf(db(), family.parentId)).toBe(12_000);
});

test("a child with a seat in one section of a course cannot buy another section of it, in parallel or one after the other", async () => {
  const first = await newSection(db(), { priceMinor: 4_000 });
  const second = await newSectionOfSameCourse(db(), first, { priceMinor: 4_000 });
  const family = await newFamily(db(), 20_000);
  const outcomes = await Promise.allSettled([
    placeOrder(family.parentId, [{ sectionId: first, learnerId: family.learnerId }]),
    placeOrder(family.parentId, [{ sectionId: second, learnerId: family.learnerId }]),
  ]);
  expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
  expect(await seatsOf(family.learnerId)).toBe(1);
  expect(await refusalMessage(placeOrder(family.parentId, [{ sectionId: first, learnerId: family.learnerId }]))).toBe(
    COMMERCE_MESSAGES.alreadyEnrolled("Ada", "Test course"),
  );
  expect(await refusalMessage(placeOrder(family.parentId, [{ sectionId: second, learnerId: family.learnerId }]))).toBe(
    COMMERCE_MESSAGES.alreadyEnrolled("Ada", "Test course"),
  );
  expect(await balanceOf(db(), family.parentId)).toBe(16_000);
  const [course] = await db().select({ n: count() }).from(courses);
  expect(course!.n).toBeGreaterThan(0);
});
