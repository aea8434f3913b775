import { and, eq, inArray } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { CARD_REFUND_TOPIC } from "@/lib/commerce/refunds/card-refunds";
import { teacherStatement } from "@/lib/commerce/earnings/statements";
import { auditMoney } from "@/lib/commerce/seats/audit";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import {
  auditEvents,
  bookings,
  concernReports,
  orders,
  outbox,
  refunds,
  sections,
  seatSessions,
  users,
  waitlistEntries,
} from "@/lib/platform/db/schema";
import { newFamily } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { deliverEvents, markReactionsUndelivered } from "@/test/events";
import { insertActor } from "@/test/fixtures";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";
import { confirmHeldSeat, heldSeatInOrder, weeklySection } from "@/test/seat-fixtures";

import { actOnConcern } from "./concern-actions";

/**
 * Issue 40: suspending a teacher from the concern queue handles every seat by the money rules, in
 * the suspension's transaction: their sections on sale close, each paid seat with sessions to come
 * is withdrawn and those sessions' recorded values go back to the family's Cash (a card-paid seat
 * too), the sessions already held stay the teacher's, card holds are released, and each family is
 * emailed once with the figure and the calendar's CANCEL.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
const db = () => database.db;

// Wednesdays 17:00 New York from 3 March 2027, 12 sessions at $10.00 each.
const RUNNING_PRICE = 12_000;
// Wednesdays from 7 April 2027, 6 sessions at $10.00 each: not started when the teacher is suspended.
const LATER_PRICE = 6_000;
// After the sessions of 3, 10, 17 and 24 March: 4 held, 8 to come.
const SUSPENDED_AT = new Date("2027-03-25T12:00:00Z");
const BEFORE_START = new Date("2027-02-01T12:00:00Z");

const emailOf = async (userId: number) => (await db().select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

async function concernAbout(teacherId: number, reporterId: number) {
  const [row] = await db()
    .insert(concernReports)
    .values({
      reporterId,
      subjectType: "teacher",
      subjectId: String(teacherId),
      subjectLabel: "A teacher",
      reason: "unsafe_contact",
      details: "Asked my child for her phone number.",
    })
    .returning({ id: concernReports.id });
  return row!.id;
}

test("a suspended teacher's seats: the 8 sessions to come of a $120.00 seat ($80.00) and a $60.00 seat not started go back to Cash, card or not; the 4 held stay earned", async () => {
  const teacherId = await newTeacher(db(), "America/New_York", EVERY_DAY(8 * 60, 22 * 60));
  const courseId = await newCourse(db(), teacherId);
  const running = await weeklySection(db(), { priceMinor: RUNNING_PRICE, teacherId, courseId, capacity: 3 });
  const later = await weeklySection(db(), { priceMinor: LATER_PRICE, teacherId, courseId, weeks: 6, startsOn: "2027-04-07" });

  // Paid from Cash before the start; paid by card; paid for the later section; a card checkout still unpaid (its hold).
  const cash = await newFamily(db(), RUNNING_PRICE);
  await placeOrder(cash.parentId, [{ sectionId: running.id, learnerId: cash.learnerId }], { now: BEFORE_START });
  const card = await newFamily(db());
  const cardSeat = await heldSeatInOrder(db(), running.id, card);
  await db().transaction(async (tx) => {
    await confirmHeldSeat(tx, cardSeat, card.parentId, running.id);
    await tx.update(orders).set({ status: "paid", paidAt: BEFORE_START }).where(eq(orders.id, cardSeat.orderId));
  });
  const laterFamily = await newFamily(db(), LATER_PRICE);
  await placeOrder(laterFamily.parentId, [{ sectionId: later.id, learnerId: laterFamily.learnerId }], { now: BEFORE_START });
  const unpaid = await newFamily(db());
  const hold = await heldSeatInOrder(db(), running.id, unpaid);
  const waiting = await newFamily(db());
  await db().insert(waitlistEntries).values({ sectionId: later.id, learnerId: waiting.learnerId, parentId: waiting.parentId });

  const support = await insertActor(db(), "support");
  const concernId = await concernAbout(teacherId, cash.parentId);
  await actOnConcern(support, { concernId, action: "suspend-teacher" }, SUSPENDED_AT);

  // Off sale for good: both sections closed, the waitlist ended.
  const statuses = await db()
    .select({ status: sections.status })
    .from(sections)
    .where(inArray(sections.id, [running.id, later.id]));
  expect(statuses.map((s) => s.status)).toEqual(["closed", "closed"]);
  const [line] = await db().select({ status: waitlistEntries.status }).from(waitlistEntries).where(eq(waitlistEntries.sectionId, later.id));
  expect(line!.status).toBe("closed");

  // Every seat withdrawn; the unpaid hold released.
  const seats = await db()
    .select({ status: bookings.status })
    .from(bookings)
    .where(inArray(bookings.sectionId, [running.id, later.id]));
  expect(seats.map((s) => s.status)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);
  expect((await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, hold.seatId)))[0]!.status).toBe("cancelled");

  // The money: to Cash, the sessions to come at their recorded value; the card is not touched.
  expect(await balanceOf(db(), cash.parentId)).toBe(8_000);
  expect(await balanceOf(db(), card.parentId)).toBe(8_000);
  expect(await balanceOf(db(), laterFamily.parentId)).toBe(6_000);
  expect(await balanceOf(db(), unpaid.parentId)).toBe(0);
  expect(await db().select().from(outbox).where(eq(outbox.topic, CARD_REFUND_TOPIC))).toEqual([]);
  const refundRows = await db()
    .select({ walletMinor: refunds.walletMinor, cardMinor: refunds.cardMinor, reason: refunds.reason })
    .from(refunds);
  expect(refundRows).toEqual(
    expect.arrayContaining([
      { walletMinor: 8_000, cardMinor: 0, reason: "Teacher suspended" },
      { walletMinor: 8_000, cardMinor: 0, reason: "Teacher suspended" },
      { walletMinor: 6_000, cardMinor: 0, reason: "Teacher suspended" },
    ]),
  );
  expect(refundRows).toHaveLength(3);

  // Held sessions stay earned: the running section's 4 March sessions of both seats, $80.00; nothing else.
  const entitlements = await db()
    .select({ status: seatSessions.status, valueMinor: seatSessions.valueMinor })
    .from(seatSessions)
    .where(eq(seatSessions.teacherId, teacherId));
  const total = (status: string) => entitlements.filter((e) => e.status === status).reduce((sum, e) => sum + e.valueMinor, 0);
  expect(total("open")).toBe(8_000);
  expect(total("refunded")).toBe(22_000);
  expect((await teacherStatement(teacherId, "2027-03", new Date("2027-04-02T00:00:00Z"))).grossMinor).toBe(8_000);
  expect((await auditMoney(db())).mismatches).toEqual([]);

  const [audit] = await db()
    .select({ details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "teacher.suspended"), eq(auditEvents.targetId, String(teacherId))));
  expect(audit!.details).toMatchObject({ seatsWithdrawn: 3, refundedMinor: 22_000 });

  // Each paid family hears once, with its figure and the calendar's CANCEL; the unpaid hold and the waitlist hear nothing of it.
  await deliverEvents(db());
  await deliverEvents(db());
  const mail = (await db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.topic, "email"))).map(
    (row) => row.payload as { to: string; subject: string; text: string; invite?: { method: string } },
  );
  const suspended = mail.filter((m) => / are cancelled$/.test(m.subject));
  const addresses = await Promise.all([cash, card, laterFamily].map((f) => emailOf(f.parentId)));
  expect(suspended.map((m) => m.to).sort()).toEqual([...addresses].sort());
  const [toCash] = suspended.filter((m) => m.to === addresses[0]);
  expect(toCash!.text).toContain("$80.00");
  expect(toCash!.text).toMatch(/Sessions already held are not refunded/);
  expect(toCash!.invite?.method).toBe("CANCEL");
  expect(suspended.find((m) => m.to === addresses[2])!.text).toContain("$60.00");
  // No second "refund done" or "learner left" message for the same seats.
  expect(mail.filter((m) => addresses.includes(m.to))).toHaveLength(3);

  // Delivered again (at least once): nothing new.
  const before = mail.length;
  expect(await markReactionsUndelivered(db(), "teacher.suspended", "teacher-suspended-mail")).toBe(1);
  await deliverEvents(db());
  expect((await db().select({ id: outbox.id }).from(outbox).where(eq(outbox.topic, "email"))).length).toBe(before);
});
