import { eq } from "drizzle-orm";

import { bookings, courses, sections, teacherProfiles } from "@/lib/platform/db/schema/index";
import { findCoursePage } from "@/lib/scheduling/course-page";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { refusalMessage } from "@/test/refusal";

import { addToCart, getCart, sectionForGuestCart, sectionsForCart } from "./cart";
import { checkoutCart, placeOrder } from "@/lib/commerce/checkout/checkout";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";

/**
 * Issue 26, finding 9: a section is shown and sold only while it is on sale (open or full), its
 * course published and its teacher approved, wherever it is reached: a course page, `/cart?add=<id>`
 * signed in or out, a cart line, the checkout.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

async function courseOf(sectionId: number) {
  const [row] = await db()
    .select({ courseId: sections.courseId, teacherId: sections.teacherId, slug: courses.slug })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(sections.id, sectionId));
  return row!;
}

const unpublish = async (sectionId: number) =>
  db()
    .update(courses)
    .set({ isPublished: false })
    .where(eq(courses.id, (await courseOf(sectionId)).courseId));
const unapprove = async (sectionId: number) =>
  db()
    .update(teacherProfiles)
    .set({ approvedAt: null })
    .where(eq(teacherProfiles.userId, (await courseOf(sectionId)).teacherId));

test.each([
  ["a draft section", (id: number) => db().update(sections).set({ status: "draft" }).where(eq(sections.id, id))],
  ["a section of an unpublished course", unpublish],
  ["a section of a teacher not approved", unapprove],
])("%s is not shown on /cart?add=, cannot be added signed in or out, and nothing is sold", async (_name, hide) => {
  const sectionId = await newSection(db());
  await hide(sectionId);
  const family = await newFamily(db(), 50_000);

  expect(await sectionsForCart([sectionId], null)).toEqual([]);
  expect(await refusalMessage(sectionForGuestCart(sectionId))).toBe(COMMERCE_MESSAGES.sectionNotOffered);
  expect(await refusalMessage(addToCart(family.parentId, { sectionId, learnerId: family.learnerId }))).toBe(
    COMMERCE_MESSAGES.sectionNotOffered,
  );
  expect((await getCart(family.parentId, "UTC")).lines).toEqual([]);
  expect(await refusalMessage(placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]))).toBe(
    COMMERCE_MESSAGES.sectionNotOpen("Test course"),
  );
  expect(await db().select().from(bookings).where(eq(bookings.sectionId, sectionId))).toEqual([]);
  expect(await balanceOf(db(), family.parentId)).toBe(50_000);
});

test("a cart line whose course is unpublished after it was added is marked closed and the checkout refuses it, nothing charged", async () => {
  const sectionId = await newSection(db());
  const family = await newFamily(db(), 50_000);
  await addToCart(family.parentId, { sectionId, learnerId: family.learnerId });
  await unpublish(sectionId);

  const cart = await getCart(family.parentId, "UTC");
  expect(cart.lines.map((line) => line.problem)).toEqual(["closed"]);
  expect(cart.canCheckout).toBe(false);
  expect(await refusalMessage(checkoutCart(family.parentId))).toBe(COMMERCE_MESSAGES.sectionNotOpen("Test course"));
  expect(await balanceOf(db(), family.parentId)).toBe(50_000);
});

test("the course page lists a section only while it is on sale", async () => {
  const sectionId = await newSection(db());
  const { slug } = await courseOf(sectionId);
  expect((await findCoursePage(slug))?.sections.map((s) => s.id)).toEqual([sectionId]);
  await unapprove(sectionId);
  expect((await findCoursePage(slug))?.sections).toEqual([]);
  await unpublish(sectionId);
  expect(await findCoursePage(slug)).toBeNull();
});
