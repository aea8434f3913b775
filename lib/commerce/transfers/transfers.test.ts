import { and, count, eq } from "drizzle-orm";

import { bookings, learners, orderItems, sections, seatTransfers, waitlistEntries } from "@/lib/platform/db/schema/index";
import { joinWaitlist } from "@/lib/scheduling/waitlist";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { refusal } from "@/test/refusal";
import { newSectionOfSameCourse, orderItemOf, seatOf } from "@/test/transfer-fixtures";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { listEnrolments } from "@/lib/commerce/enrolments";
import { withdrawSeat } from "@/lib/commerce/refunds/refunds";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { transferSeat } from "./transfers";

/**
 * Issue 27, "a family moves between sections of the same course": seat for seat, the price
 * difference through Cash, under checkout's locks. On PostgreSQL (TEST_DATABASE_URL) the parallel
 * transfers really run at once over a pool.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;
const ZONE = "America/Los_Angeles";

async function liveSeats(sectionId: number) {
  const [row] = await db()
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.sectionId, sectionId), eq(bookings.kind, "seat"), eq(bookings.status, "confirmed")));
  return row!.n;
}

async function statusOf(sectionId: number) {
  const [row] = await db().select({ status: sections.status }).from(sections).where(eq(sections.id, sectionId));
  return row!.status;
}

/** Moves a section's first day 10 days ahead: its seats are still refundable (the policy's cutoff is before the first session). */
async function startingLater(sectionId: number) {
  const startsOn = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await db().update(sections).set({ startsOn }).where(eq(sections.id, sectionId));
  return sectionId;
}

/** A family with a paid seat in `sectionId`, and `extraMinor` left in its Cash. */
async function seatedFamily(sectionId: number, priceMinor: number, extraMinor = 0) {
  const family = await newFamily(db(), priceMinor + extraMinor);
  await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  return { ...family, item: await orderItemOf(db(), family.learnerId) };
}

test("money to the cent both ways: a dearer section is charged from Cash, a cheaper one credited, and a later withdrawal refunds what the seat cost", async () => {
  const from = await startingLater(await newSection(db(), { priceMinor: 12_345 }));
  const dearer = await newSectionOfSameCourse(db(), from, { priceMinor: 15_000 });
  const cheaper = await newSectionOfSameCourse(db(), from, { priceMinor: 9_999 });
  const family = await seatedFamily(from, 12_345, 3_000);
  const seat = await seatOf(db(), family.learnerId);
  expect(await balanceOf(db(), family.parentId)).toBe(3_000);

  const up = await transferSeat(family.parentId, { orderItemId: family.item.id, toSectionId: dearer });
  expect(up.differenceMinor).toBe(2_655);
  expect(await balanceOf(db(), family.parentId)).toBe(345);
  expect(up.message).toContain("$26.55 was taken from your Cash");
  const moved = await seatOf(db(), family.learnerId);
  expect(moved).toMatchObject({ id: seat.id, sectionId: dearer, status: "confirmed", token: seat.token });
  expect(await orderItemOf(db(), family.learnerId)).toMatchObject({ id: family.item.id, sectionId: dearer, priceMinor: 15_000 });
  expect(await liveSeats(from)).toBe(0);
  expect(await liveSeats(dearer)).toBe(1);

  const down = await transferSeat(family.parentId, { orderItemId: family.item.id, toSectionId: cheaper });
  expect(down.differenceMinor).toBe(-5_001);
  expect(await balanceOf(db(), family.parentId)).toBe(5_346);
  expect(down.message).toContain("$50.01 was added to your Cash");
  expect(down.sequence).toBeGreaterThan(up.sequence);

  // Paid 12,345 + 2,655 - 5,001 = 9,999 for the seat: a withdrawal gives back exactly that.
  const refund = await withdrawSeat(family.parentId, family.item.id, ZONE);
  expect(refund.walletMinor + refund.cardMinor).toBe(9_999);
  expect(await balanceOf(db(), family.parentId)).toBe(3_000 + 12_345);
  const history = await db().select().from(seatTransfers).where(eq(seatTransfers.bookingId, seat.id));
  expect(history.map((t) => [t.fromSectionId, t.toSectionId, t.differenceMinor])).toEqual([
    [from, dearer, 2_655],
    [dearer, cheaper, -5_001],
  ]);
});

test("a dearer section with too little Cash is refused, suggesting a top-up, and nothing changes", async () => {
  const from = await newSection(db(), { priceMinor: 10_000 });
  const dearer = await newSectionOfSameCourse(db(), from, { priceMinor: 10_500 });
  const family = await seatedFamily(from, 10_000, 499);
  const error = await refusal(transferSeat(family.parentId, { orderItemId: family.item.id, toSectionId: dearer }));
  expect(error.message).toBe(COMMERCE_MESSAGES.transferShortOfCash("$5.00", "$4.99", null));
  expect(error.fieldErrors).toEqual({ toSectionId: error.message });
  expect(await balanceOf(db(), family.parentId)).toBe(499);
  expect((await seatOf(db(), family.learnerId)).sectionId).toBe(from);
  expect(await db().select().from(seatTransfers).where(eq(seatTransfers.orderItemId, family.item.id))).toEqual([]);
});

test("refused with a clear message and nothing changed: full, another course, same section, another family's seat, withdrawn, closed, over, already seated", async () => {
  const from = await startingLater(await newSection(db(), { priceMinor: 10_000 }));
  const full = await newSectionOfSameCourse(db(), from, { capacity: 1 });
  const closed = await newSectionOfSameCourse(db(), from, { status: "closed" });
  const over = await newSectionOfSameCourse(db(), from, { startsOn: "2024-01-01", endsOn: "2024-03-01" });
  const otherCourse = await newSection(db(), { priceMinor: 10_000 });
  const seatedTarget = await newSectionOfSameCourse(db(), from);
  await seatedFamily(full, 10_000);
  const family = await seatedFamily(from, 10_000, 1_000);
  const stranger = await newFamily(db(), 0);
  const move = (toSectionId: number, userId = family.parentId, orderItemId = family.item.id) =>
    refusal(transferSeat(userId, { orderItemId, toSectionId }));

  expect((await move(full)).message).toBe(COMMERCE_MESSAGES.sectionFull("Test course"));
  expect((await move(otherCourse)).message).toBe(COMMERCE_MESSAGES.transferOtherCourse);
  expect((await move(from)).message).toBe(COMMERCE_MESSAGES.transferSameSection("Ada"));
  expect((await move(seatedTarget, stranger.parentId)).message).toBe(COMMERCE_MESSAGES.enrolmentNotFound);
  expect((await move(closed)).message).toBe(COMMERCE_MESSAGES.sectionNotOpen("Test course"));
  expect((await move(over)).message).toBe(COMMERCE_MESSAGES.sectionNoSessionsLeft("Test course"));
  expect((await move(999_999)).message).toBe(COMMERCE_MESSAGES.sectionNotFound);
  expect((await refusal(transferSeat(family.parentId, { orderItemId: family.item.id, toSectionId: "x" }))).code).toBe("invalid");

  // The child already holds a seat there (an old booking, from before one-class-per-course was checked).
  const seat = await seatOf(db(), family.learnerId);
  await db()
    .insert(bookings)
    .values({ ...seat, id: undefined, token: `${seat.token}-2`, sectionId: seatedTarget, meetingRoom: undefined });
  expect((await move(seatedTarget)).message).toBe(COMMERCE_MESSAGES.transferAlreadySeated("Ada"));

  expect(await balanceOf(db(), family.parentId)).toBe(1_000);
  expect((await seatOf(db(), family.learnerId)).sectionId).toBe(from);
  expect(await liveSeats(full)).toBe(1);

  await withdrawSeat(family.parentId, family.item.id, ZONE);
  expect((await move(closed)).message).toBe(COMMERCE_MESSAGES.transferSeatGone("Ada", "Test course"));
  expect(await db().select().from(seatTransfers).where(eq(seatTransfers.orderItemId, family.item.id))).toEqual([]);
});

test("a move to a section starting later does not reopen a refund window that had closed", async () => {
  const from = await newSection(db(), { priceMinor: 5_000 });
  const later = await startingLater(await newSectionOfSameCourse(db(), from));
  const family = await seatedFamily(from, 5_000);
  // An hour before the seat's first session: its window has closed, whatever the day of the run.
  const { startsAt } = await seatOf(db(), family.learnerId);
  const lastHour = new Date(startsAt.getTime() - 3_600_000);
  const closedWindow = (await refusal(withdrawSeat(family.parentId, family.item.id, ZONE, lastHour))).message;
  await transferSeat(family.parentId, { orderItemId: family.item.id, toSectionId: later }, lastHour);
  expect((await refusal(withdrawSeat(family.parentId, family.item.id, ZONE, lastHour))).message).toBe(closedWindow);
  // What the family reads says so, with the first session the seat bought (not the later section's, not one before the sale).
  const [enrolment] = await listEnrolments(family.parentId, ZONE, lastHour);
  expect(enrolment!.canWithdraw).toBe(false);
});

test("10 parallel transfers into the last seat of a section: exactly one wins, no oversell, the others keep their seat and their Cash", async () => {
  const from = await newSection(db(), { priceMinor: 8_000, capacity: 20 });
  const target = await newSectionOfSameCourse(db(), from, { priceMinor: 9_000, capacity: 3 });
  await seatedFamily(target, 9_000);
  await seatedFamily(target, 9_000);
  const families: Array<Awaited<ReturnType<typeof seatedFamily>>> = [];
  for (let i = 0; i < 10; i += 1) families.push(await seatedFamily(from, 8_000, 1_000));

  const outcomes = await Promise.allSettled(families.map((f) => transferSeat(f.parentId, { orderItemId: f.item.id, toSectionId: target })));
  const won = outcomes.flatMap((o, i) => (o.status === "fulfilled" ? [families[i]!] : []));
  const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
  expect(won).toHaveLength(1);
  expect(lost.map((o) => (o.reason as Error).message)).toEqual(Array(9).fill(COMMERCE_MESSAGES.sectionFull("Test course")));
  expect(await liveSeats(target)).toBe(3);
  expect(await liveSeats(from)).toBe(9);
  expect(await statusOf(target)).toBe("full");
  for (const family of families) {
    const isWinner = won.includes(family);
    expect(await balanceOf(db(), family.parentId)).toBe(isWinner ? 0 : 1_000);
    expect((await seatOf(db(), family.learnerId)).sectionId).toBe(isWinner ? target : from);
  }
});

test("the seat left in a full section goes to the first family on its waitlist", async () => {
  const from = await newSection(db(), { priceMinor: 5_000, capacity: 1 });
  const target = await newSectionOfSameCourse(db(), from, { priceMinor: 5_000 });
  const family = await seatedFamily(from, 5_000);
  expect(await statusOf(from)).toBe("full");
  const waiting = await newFamily(db(), 0);
  await joinWaitlist(waiting.parentId, { sectionId: from, learnerId: waiting.learnerId });

  await transferSeat(family.parentId, { orderItemId: family.item.id, toSectionId: target });
  const [entry] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.learnerId, waiting.learnerId));
  expect(entry!.status).toBe("offered");
  expect(await liveSeats(from)).toBe(0);
});

test("a child already on the target's waitlist who moves there leaves the list", async () => {
  // Ten days ahead (the target copies the date): the seated family's withdrawal is inside the refund window whatever the day of the run.
  const from = await startingLater(await newSection(db(), { priceMinor: 5_000 }));
  const target = await newSectionOfSameCourse(db(), from, { priceMinor: 5_000, capacity: 1 });
  const seated = await seatedFamily(target, 5_000);
  const family = await seatedFamily(from, 5_000);
  const sibling = await addChild(db(), family.parentId, "Grace");
  await joinWaitlist(family.parentId, { sectionId: target, learnerId: family.learnerId });
  await withdrawSeat(seated.parentId, seated.item.id, ZONE);
  // The freed seat is offered to Ada: her move takes it.
  await transferSeat(family.parentId, { orderItemId: family.item.id, toSectionId: target });
  const [entry] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.learnerId, family.learnerId));
  expect(entry!.status).toBe("accepted");
  expect(await liveSeats(target)).toBe(1);
  const [grace] = await db().select().from(learners).where(eq(learners.id, sibling));
  expect(grace!.firstName).toBe("Grace");
  const [item] = await db().select().from(orderItems).where(eq(orderItems.id, family.item.id));
  expect(item!.sectionId).toBe(target);
});
