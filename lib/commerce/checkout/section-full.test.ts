import { eq } from "drizzle-orm";

import { courses, courseTeachers, sections } from "@/lib/platform/db/schema/index";
import { findCoursePage } from "@/lib/scheduling/course-page";
import { courseTeacherIds } from "@/lib/scheduling/slots";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";

import { addToCart, getCart, sectionForGuestCart } from "@/lib/commerce/cart/cart";
import { checkoutCart, placeOrder } from "./checkout";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { refusalMessage } from "@/test/refusal";

/**
 * A section whose last seat is sold is set `full` by that checkout, in its transaction; families
 * still see it, as full (never as closed, never gone), and a freed seat opens it again
 * (section-reopen.test.ts). The card checkout's held seat counts the same (route.test.ts of the webhook).
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;
const ZONE = "America/Los_Angeles";

async function statusOf(sectionId: number) {
  const [row] = await db().select({ status: sections.status }).from(sections).where(eq(sections.id, sectionId));
  return row!.status;
}

async function courseOf(sectionId: number) {
  const [row] = await db()
    .select({ id: courses.id, slug: courses.slug })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(sections.id, sectionId));
  return row!;
}

test("the checkout that takes the last seat sets the section full; one that leaves a seat does not", async () => {
  const sectionId = await newSection(db(), { capacity: 3 });
  const first = await newFamily(db(), 50_000);
  await placeOrder(first.parentId, [{ sectionId, learnerId: first.learnerId }]);
  expect(await statusOf(sectionId)).toBe("open");

  // Two children in one order take the last two seats.
  const second = await newFamily(db(), 50_000);
  const sibling = await addChild(db(), second.parentId, "Grace");
  await placeOrder(second.parentId, [
    { sectionId, learnerId: second.learnerId },
    { sectionId, learnerId: sibling },
  ]);
  expect(await statusOf(sectionId)).toBe("full");
});

test("a full section reads as full everywhere a family looks: course page, cart, guest cart, add to cart, checkout", async () => {
  const sectionId = await newSection(db(), { capacity: 1, priceMinor: 5_000 });
  const course = await courseOf(sectionId);
  const waiting = await newFamily(db(), 50_000);
  await addToCart(waiting.parentId, { sectionId, learnerId: waiting.learnerId });
  const buyer = await newFamily(db(), 50_000);
  await addToCart(buyer.parentId, { sectionId, learnerId: buyer.learnerId });

  await checkoutCart(buyer.parentId);
  expect(await statusOf(sectionId)).toBe("full");

  // Still on the course page, with no seat left (the page says "This class is full").
  const page = await findCoursePage(course.slug);
  expect(page!.sections.map((s) => [s.id, s.seatsLeft])).toEqual([[sectionId, 0]]);
  // The other family's cart line is marked full, not "no longer open", and cannot be paid.
  const cart = await getCart(waiting.parentId, ZONE);
  expect(cart.lines.map((l) => [l.seatsLeft, l.problem])).toEqual([[0, "full"]]);
  expect(cart.canCheckout).toBe(false);
  expect(await refusalMessage(checkoutCart(waiting.parentId))).toBe(COMMERCE_MESSAGES.sectionFull("Test course"));
  const another = await newFamily(db(), 50_000);
  expect(await refusalMessage(addToCart(another.parentId, { sectionId, learnerId: another.learnerId }))).toBe(
    COMMERCE_MESSAGES.sectionFull("Test course"),
  );
  expect(await refusalMessage(sectionForGuestCart(sectionId))).toBe(COMMERCE_MESSAGES.sectionFull("Test course"));
  expect(await refusalMessage(placeOrder(another.parentId, [{ sectionId, learnerId: another.learnerId }]))).toBe(
    COMMERCE_MESSAGES.sectionFull("Test course"),
  );
});

test("a section its teacher set full with seats to spare shows no seat left and is refused as full", async () => {
  const sectionId = await newSection(db(), { capacity: 5, status: "full" });
  const family = await newFamily(db(), 50_000);
  const page = await findCoursePage((await courseOf(sectionId)).slug);
  expect(page!.sections.map((s) => s.seatsLeft)).toEqual([0]);
  expect(await refusalMessage(placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]))).toBe(
    COMMERCE_MESSAGES.sectionFull("Test course"),
  );
});

test("the teacher of a sold-out section still offers the course's free demos", async () => {
  const sectionId = await newSection(db(), { capacity: 1 });
  const course = await courseOf(sectionId);
  // Nobody is listed as teaching the course: its teachers are those of its sections.
  await db().delete(courseTeachers).where(eq(courseTeachers.courseId, course.id));
  const before = await courseTeacherIds(db(), course.id);
  const family = await newFamily(db(), 50_000);
  await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  expect(await statusOf(sectionId)).toBe("full");
  expect(await courseTeacherIds(db(), course.id)).toEqual(before);
  expect(before).toHaveLength(1);
});
