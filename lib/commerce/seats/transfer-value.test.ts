import { eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { transferSeat } from "@/lib/commerce/transfers/transfers";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { bookings, seatTransfers } from "@/lib/platform/db/schema";
import { newFamily } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { refusal } from "@/test/refusal";
import { entitlementsOf, orderItemOf, weeklySection } from "@/test/seat-fixtures";

/**
 * Issue 39, "a used seat can be moved": after 11 of 12 sessions of a $240 section, a move to a $60
 * section of the same course gave $180 back and a whole new seat. A move carries only the sessions
 * not yet held, at the value they were bought at, into as many of the target's sessions at its price
 * per session; a seat with nothing left cannot move.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

const BOUGHT = new Date("2027-02-01T00:00:00Z");
/** After the 11th Wednesday (12 May), before the 12th (19 May). */
const AFTER_ELEVEN = new Date("2027-05-13T12:00:00Z");
/** After the last (19 May, 17:00 New York). */
const AFTER_LAST = new Date("2027-05-20T12:00:00Z");

async function boughtTwelve(priceMinor: number) {
  const section = await weeklySection(db(), { priceMinor });
  const family = await newFamily(db(), priceMinor);
  await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now: BOUGHT });
  return { section, family, item: await orderItemOf(db(), family.learnerId) };
}

test("the $240 seat moved after 11 of its 12 sessions to a $60 section: $20 of value moves into one $5 session, $15 is credited, not $180", async () => {
  const { section, family, item } = await boughtTwelve(24_000);
  const cheaper = await weeklySection(db(), { priceMinor: 6_000, courseId: section.courseId, startsOn: "2027-05-19" });
  expect(await balanceOf(db(), family.parentId)).toBe(0);

  const moved = await transferSeat(family.parentId, { orderItemId: item.id, toSectionId: cheaper.id }, AFTER_ELEVEN);

  expect(moved.differenceMinor).toBe(-1_500);
  expect(moved.message).toContain("$15.00 was added to your Cash");
  expect(await balanceOf(db(), family.parentId)).toBe(1_500);
  const rows = await entitlementsOf(db(), family.learnerId);
  // The 11 held stay where they were taught; the unused 12th moved; one session of the target, at its $5.
  expect(rows.filter((r) => r.sectionId === section.id && r.status === "open")).toHaveLength(11);
  expect(rows.filter((r) => r.status === "transferred").map((r) => r.valueMinor)).toEqual([2_000]);
  expect(rows.filter((r) => r.sectionId === cheaper.id).map((r) => [r.occurrence.toISOString(), r.valueMinor, r.status])).toEqual([
    ["2027-05-19T21:00:00.000Z", 500, "open"],
  ]);
  // The seat cost $225 in all: $220 held, $5 to come.
  expect((await orderItemOf(db(), family.learnerId)).priceMinor).toBe(22_500);
  const [transfer] = await db().select().from(seatTransfers).where(eq(seatTransfers.orderItemId, item.id));
  expect(transfer).toMatchObject({ fromPriceMinor: 2_000, toPriceMinor: 500, differenceMinor: -1_500 });
});

test("a move after the last session is refused with a clear message, at any price, and nothing changes", async () => {
  const { section, family, item } = await boughtTwelve(24_000);
  const same = await weeklySection(db(), { priceMinor: 24_000, courseId: section.courseId, startsOn: "2027-05-26" });
  const before = await entitlementsOf(db(), family.learnerId);

  const error = await refusal(transferSeat(family.parentId, { orderItemId: item.id, toSectionId: same.id }, AFTER_LAST));

  expect(error.code).toBe("conflict");
  expect(error.message).toBe(COMMERCE_MESSAGES.transferNothingLeft("Ada", "Test course"));
  expect(error.fieldErrors).toEqual({ toSectionId: error.message });
  expect(await balanceOf(db(), family.parentId)).toBe(0);
  expect(await entitlementsOf(db(), family.learnerId)).toEqual(before);
  const [seat] = await db().select().from(bookings).where(eq(bookings.id, item.bookingId!));
  expect(seat!.sectionId).toBe(section.id);
  expect(await db().select().from(seatTransfers).where(eq(seatTransfers.orderItemId, item.id))).toEqual([]);
});

test("a move into a finished section of the same course is refused and nothing changes", async () => {
  const { section, family, item } = await boughtTwelve(24_000);
  const finished = await weeklySection(db(), { priceMinor: 6_000, courseId: section.courseId, startsOn: "2027-03-03", weeks: 4 });
  const error = await refusal(transferSeat(family.parentId, { orderItemId: item.id, toSectionId: finished.id }, AFTER_ELEVEN));
  expect(error.code).toBe("conflict");
  expect(error.fieldErrors?.toSectionId).toBeTruthy();
  expect(await balanceOf(db(), family.parentId)).toBe(0);
  expect((await entitlementsOf(db(), family.learnerId)).every((r) => r.status === "open" && r.sectionId === section.id)).toBe(true);
});
