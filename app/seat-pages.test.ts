import "@/test/stripe-env";

import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { areTagsExpired, tagsManifest } from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";

import { checkoutAction, addToCartAction } from "@/app/(account)/cart/actions";
import { withdrawEnrolmentAction } from "@/app/(account)/my-courses/enrolment-actions";
import { refundOrderAction } from "@/app/(dashboards)/admin/orders/actions";
import { createSectionAction, updateSectionAction } from "@/app/(dashboards)/teacher/sections/actions";
import { cancelSessionAction, moveSessionAction } from "@/app/(dashboards)/teacher/sections/session-actions";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { addToCart } from "@/lib/commerce/cart/cart";
import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { orderItems, orders, sections } from "@/lib/platform/db/schema";
import { reactBeforeTheAnswerWith } from "@/lib/platform/events/reactions";
import { REACTIONS } from "@/lib/reactions/table";
import { SEAT_PAGES_TAG } from "@/lib/scheduling/seat-pages";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { actionContext, signedInAs } from "@/test/action-context";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { insertActor } from "@/test/fixtures";
import { newCourse, newTeacher } from "@/test/scheduling-fixtures";
import { checkoutSessionEvent, signedDelivery, stripeWebhookHarness } from "@/test/stripe-webhook";
import { deliverSeatPageExpiries } from "@/test/seat-pages-expiry";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
jest.mock("next/cache", () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn() }));
jest.mock("next/navigation", () => ({ ...jest.requireActual("next/navigation"), redirect: jest.fn() }));

/**
 * Issue 26, finding 14: every server action and route handler that changes seats or sections
 * expires the pages that show them (the tag SEAT_PAGES_TAG, at once). Issue 42: by one road, the
 * reactions table's expire-seat-pages on the change's event; a server action runs it before its
 * answer (runAction, as the server's start wires it: reactBeforeTheAnswerWith), a route handler's
 * events through the outbox. Checked on Next's own tags manifest, which the cache handler's
 * expiry writes: "expired since the action began".
 */
const { db } = stripeWebhookHarness();
beforeAll(() => reactBeforeTheAnswerWith(REACTIONS));
afterAll(() => reactBeforeTheAnswerWith(undefined));

/** Forgets earlier expiries, so the next check answers for what happened after this call. */
const fromNow = () => tagsManifest.clear();
const seatPagesExpired = () => areTagsExpired([SEAT_PAGES_TAG], 0);

const deliverExpiries = () => deliverSeatPageExpiries(db());

afterAll(() => {
  actionContext.user = null;
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

/** A paid seat (from the wallet) in a new section; its order and order item. */
async function paidSeat() {
  const family = await newFamily(db(), 20_000);
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  // Starting in a month: well before the refund policy's cut-off.
  const startsOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await db().update(sections).set({ startsOn }).where(eq(sections.id, sectionId));
  const placed = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  const [item] = await db().select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, placed.orderId));
  return { ...family, sectionId, orderId: placed.orderId, itemId: item!.id };
}

test("a checkout (Pay) expires the seat pages", async () => {
  const family = await newFamily(db(), 20_000);
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  await addToCart(family.parentId, { sectionId, learnerId: family.learnerId });
  signedInAs(family.parentId, "student");
  fromNow();
  expect(await checkoutAction(null, form({ expectedTotalMinor: "12000" }))).toMatchObject({ ok: true });
  expect(seatPagesExpired()).toBe(true);
});

test("an add to cart expires them when it released a lapsed card hold, and not otherwise", async () => {
  const holder = await newFamily(db());
  const sectionId = await newSection(db(), { capacity: 1 });
  const placed = await placeOrder(holder.parentId, [{ sectionId, learnerId: holder.learnerId }]);

  const parent = await newFamily(db());
  signedInAs(parent.parentId, "student");
  const add = form({ sectionId: String(sectionId), learnerId: String(parent.learnerId) });
  // The hold is still running: the section is full, nothing released, nothing to refresh.
  fromNow();
  expect(await addToCartAction(null, add)).toMatchObject({ ok: false });
  expect(seatPagesExpired()).toBe(false);

  await db()
    .update(orders)
    .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, placed.orderId));
  fromNow();
  expect(await addToCartAction(null, add)).toMatchObject({ ok: true });
  expect(seatPagesExpired()).toBe(true);
});

test("a parent's withdrawal and an admin's refund expire them", async () => {
  const withdrawn = await paidSeat();
  signedInAs(withdrawn.parentId, "student");
  fromNow();
  expect(await withdrawEnrolmentAction(null, form({ orderItemId: String(withdrawn.itemId) }))).toMatchObject({ ok: true });
  expect(seatPagesExpired()).toBe(true);

  const refunded = await paidSeat();
  const admin = await insertActor(db(), "admin");
  signedInAs(admin.id, "admin");
  fromNow();
  expect(await refundOrderAction(null, form({ orderId: refunded.orderId, reason: "Class moved" }))).toMatchObject({ ok: true });
  expect(seatPagesExpired()).toBe(true);
});

test("a section created or edited (closed too) expires them", async () => {
  const teacherId = await newTeacher(db(), "Europe/London", []);
  const courseId = await newCourse(db(), teacherId);
  signedInAs(teacherId, "teacher");
  const values = {
    courseId: String(courseId),
    teacherId: String(teacherId),
    classType: "group",
    capacity: "6",
    price: "149.50",
    currency: "USD",
    startsOn: "2030-03-04",
    endsOn: "",
    weekdays: "2",
    startTime: "16:00",
    timezone: "Europe/London",
    durationMinutes: "60",
    meetingUrl: "",
    status: "open",
  };
  fromNow();
  const created = await createSectionAction(form(values));
  expect(created).toMatchObject({ ok: true });
  expect(seatPagesExpired()).toBe(true);
  const id = Number(/Section (\d+)/.exec(created.message ?? "")?.[1]);
  fromNow();
  expect(await updateSectionAction(id, form({ ...values, status: "closed" }))).toMatchObject({ ok: true });
  expect(seatPagesExpired()).toBe(true);
});

test("the Stripe webhook expires them when it processed an event, not for a replay", async () => {
  const family = await newFamily(db());
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  const placed = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  const event = checkoutSessionEvent("checkout.session.completed", {
    referenceId: placed.orderId,
    metadata: { orderId: placed.orderId },
    amount: 12_000,
  });
  const deliver = signedDelivery(stripeWebhook);
  // Earlier tests' events, delivered first, so what follows answers for this webhook only.
  await deliverExpiries();
  fromNow();
  expect((await deliver(event)).status).toBe(200);
  await deliverExpiries();
  expect(seatPagesExpired()).toBe(true);
  fromNow();
  expect((await deliver(event)).status).toBe(200);
  await deliverExpiries();
  expect(seatPagesExpired()).toBe(false);
});

test("a session moved or cancelled expires them (the cards' next class, the course and teacher pages)", async () => {
  const sectionId = await newSection(db());
  const [section] = await db().select().from(sections).where(eq(sections.id, sectionId));
  const from = new Date(Date.now() + 2 * 86_400_000);
  const [first, second] = sectionSessions(section!, from, new Date(from.getTime() + 14 * 86_400_000));
  signedInAs(section!.teacherId, "teacher");
  fromNow();
  expect(await cancelSessionAction(sectionId, null, form({ occurrence: first!.startsAt }))).toMatchObject({ ok: true });
  expect(seatPagesExpired()).toBe(true);
  // An hour later, in the section's zone.
  const later = DateTime.fromISO(second!.startsAt).setZone(section!.timezone).plus({ hours: 1 }).toFormat("yyyy-MM-dd'T'HH:mm");
  fromNow();
  expect(await moveSessionAction(sectionId, null, form({ occurrence: second!.startsAt, startsAt: later }))).toMatchObject({ ok: true });
  expect(seatPagesExpired()).toBe(true);
});
