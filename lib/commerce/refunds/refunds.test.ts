import { and, count, eq } from "drizzle-orm";

import { auditEvents, bookings, orderItems, orders, refunds, sections } from "@/lib/platform/db/schema/index";
import { brandLabels } from "@/lib/platform/brand";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { listEnrolments, sectionRosters } from "@/lib/commerce/enrolments";
import { balanceOf, getWallet } from "@/lib/commerce/wallet/ledger";
import { REFUND_POLICY, refundPolicyText } from "./refund-policy";
import { refundOrderAsAdmin, withdrawSeat } from "./refunds";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { refusalMessage } from "@/test/refusal";

/** Issue 18: withdraw and refund by the published policy; admins refund any order, audited. */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;
const ZONE = "America/Los_Angeles";
const HOUR = 3_600_000;

/** A family enrolled in a new section, paid from the wallet; the seat's first session and order item. */
async function enrolled(priceMinor = 12_000, credit = 20_000) {
  const family = await newFamily(db(), credit);
  const sectionId = await newSection(db(), { priceMinor, capacity: 2 });
  const { orderId } = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  const [item] = await db()
    .select({ id: orderItems.id, bookingId: orderItems.bookingId, startsAt: bookings.startsAt })
    .from(orderItems)
    .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(eq(orderItems.orderId, orderId));
  return { ...family, sectionId, orderId, itemId: item!.id, bookingId: item!.bookingId!, firstSession: item!.startsAt };
}

async function bookingStatus(id: string) {
  const [row] = await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
  return row!.status;
}

async function orderStatus(id: string) {
  const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row!.status;
}

test("the policy is the configured one and the terms state it", () => {
  expect(REFUND_POLICY).toEqual({ cutoffHours: 24, cardPartTo: "card" });
  expect(refundPolicyText().join(" ")).toContain("at least 1 day before its first session is refunded in full");
  expect(refundPolicyText({ cutoffHours: 48, cardPartTo: "wallet" }).join(" ")).toMatch(
    /at least 2 days .*including any part paid by card/,
  );
});

test("withdraw before the cutoff: the seat is freed, the price goes back to the wallet, the order shows the refund", async () => {
  const family = await enrolled();
  expect(await balanceOf(db(), family.parentId)).toBe(8_000);
  const before = new Date(family.firstSession.getTime() - 25 * HOUR);
  expect((await listEnrolments(family.parentId, ZONE, before)).map((e) => [e.learnerName, e.canWithdraw])).toEqual([["Ada", true]]);
  // The confirmation before it says what comes back and where: the same split as the withdrawal.
  expect((await listEnrolments(family.parentId, ZONE, before))[0]!.refundPreview).toBe(`$120.00 goes back to your ${brandLabels.cash}.`);
  expect((await listEnrolments(family.parentId, ZONE, new Date(family.firstSession.getTime() - HOUR)))[0]).toMatchObject({
    canWithdraw: false,
    refundPreview: null,
  });

  const outcome = await withdrawSeat(family.parentId, String(family.itemId), ZONE, before);

  expect(outcome.message).toBe(`Ada has been withdrawn from Test course. $120.00 went back to your ${brandLabels.cash}.`);
  expect(outcome).toMatchObject({ walletMinor: 12_000, cardMinor: 0 });
  expect(await balanceOf(db(), family.parentId)).toBe(20_000);
  expect(await bookingStatus(family.bookingId)).toBe("cancelled");
  expect(await orderStatus(family.orderId)).toBe("refunded");
  const wallet = await getWallet(family.parentId);
  expect(wallet.entries[0]).toMatchObject({ kind: "refund", amountMinor: 12_000, orderId: family.orderId, orderStatus: "refunded" });
  // The history names what the order was for, not its id (issue 31).
  expect(wallet.entries[0]!.orderSummary).toBe("Test course for Ada");
  expect(await listEnrolments(family.parentId, ZONE, before)).toEqual([]);

  // Withdrawing again: a clear message, nothing more refunded.
  expect(await refusalMessage(withdrawSeat(family.parentId, family.itemId, ZONE, before))).toBe(
    COMMERCE_MESSAGES.alreadyWithdrawn("Ada", "Test course"),
  );
  expect(await balanceOf(db(), family.parentId)).toBe(20_000);

  // The freed seat can be bought again.
  const other = await newFamily(db(), 20_000);
  await expect(placeOrder(other.parentId, [{ sectionId: family.sectionId, learnerId: other.learnerId }])).resolves.toMatchObject({
    status: "paid",
  });
});

test("withdraw after the cutoff: refused with the deadline, nothing changed", async () => {
  const family = await enrolled();
  const late = new Date(family.firstSession.getTime() - 23 * HOUR);
  expect((await listEnrolments(family.parentId, ZONE, late))[0]).toMatchObject({ canWithdraw: false });

  const message = await refusalMessage(withdrawSeat(family.parentId, family.itemId, ZONE, late));

  expect(message).toMatch(
    /^Withdrawals from Test course with a refund closed on .* Pacific Time \(Los Angeles\), as our refund policy says\./,
  );
  expect(await balanceOf(db(), family.parentId)).toBe(8_000);
  expect(await bookingStatus(family.bookingId)).toBe("confirmed");
  expect(await orderStatus(family.orderId)).toBe("paid");
  const [n] = await db().select({ n: count() }).from(refunds).where(eq(refunds.orderId, family.orderId));
  expect(n!.n).toBe(0);
});

test("someone else's enrolment, or an id that is not one: not on your account, nothing changed", async () => {
  const family = await enrolled();
  const stranger = await newFamily(db(), 0);
  const early = new Date(family.firstSession.getTime() - 48 * HOUR);
  expect(await refusalMessage(withdrawSeat(stranger.parentId, family.itemId, ZONE, early))).toBe(COMMERCE_MESSAGES.enrolmentNotFound);
  expect(await refusalMessage(withdrawSeat(stranger.parentId, "1 or 1=1", ZONE, early))).toBe(COMMERCE_MESSAGES.enrolmentNotFound);
  expect(await bookingStatus(family.bookingId)).toBe("confirmed");
  expect(await balanceOf(db(), stranger.parentId)).toBe(0);
  expect(await balanceOf(db(), family.parentId)).toBe(8_000);
});

test("parallel withdrawals of one seat refund it once", async () => {
  const family = await enrolled();
  const early = new Date(family.firstSession.getTime() - 48 * HOUR);
  const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => withdrawSeat(family.parentId, family.itemId, ZONE, early)));
  expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
  expect(await balanceOf(db(), family.parentId)).toBe(20_000);
});

test("an admin refunds any order, after the cutoff too, with a reason, audited; others and a missing reason are refused", async () => {
  const family = await enrolled();
  const admin = await insertActor(db(), "admin");
  const support = await insertActor(db(), "support");
  const late = new Date(family.firstSession.getTime() + HOUR);

  expect(await refusalMessage(refundOrderAsAdmin(support, { orderId: family.orderId, reason: "Teacher ill" }, late))).toBe(
    "You are not allowed to do that.",
  );
  expect(await refusalMessage(refundOrderAsAdmin(admin, { orderId: family.orderId, reason: " " }, late))).toBe(
    COMMERCE_MESSAGES.refundReasonRequired,
  );
  expect(await refusalMessage(refundOrderAsAdmin(admin, { orderId: "not-an-order", reason: "Teacher ill" }, late))).toBe(
    COMMERCE_MESSAGES.orderNotFound,
  );
  expect(await balanceOf(db(), family.parentId)).toBe(8_000);

  const outcome = await refundOrderAsAdmin(admin, { orderId: family.orderId, reason: "Teacher ill, class cancelled" }, late);

  expect(outcome).toMatchObject({ walletMinor: 12_000, cardMinor: 0 });
  expect(await balanceOf(db(), family.parentId)).toBe(20_000);
  expect(await bookingStatus(family.bookingId)).toBe("cancelled");
  expect(await orderStatus(family.orderId)).toBe("refunded");
  const audit = await db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, "order"), eq(auditEvents.targetId, family.orderId)));
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({
    actorId: admin.id,
    action: "order.refund",
    details: expect.objectContaining({ reason: "Teacher ill, class cancelled", walletMinor: 12_000 }),
  });

  expect(await refusalMessage(refundOrderAsAdmin(admin, { orderId: family.orderId, reason: "Again" }, late))).toBe(
    COMMERCE_MESSAGES.orderNotRefundable,
  );
  expect(await balanceOf(db(), family.parentId)).toBe(20_000);
});

test("the roster: a teacher sees first name and grade of their own sections' learners only", async () => {
  const family = await enrolled();
  const [section] = await db().select({ teacherId: sections.teacherId }).from(sections).where(eq(sections.id, family.sectionId));
  const teacher = { id: section!.teacherId, email: "t@example.com", role: "teacher" as const };
  const otherTeacher = await insertActor(db(), "teacher");

  expect((await sectionRosters(teacher, [family.sectionId])).get(family.sectionId)).toEqual([{ firstName: "Ada", grade: 5 }]);
  expect((await sectionRosters(otherTeacher, [family.sectionId])).get(family.sectionId)).toEqual([]);
  await expect(sectionRosters({ id: family.parentId, email: "p@example.com", role: "student" }, [family.sectionId])).rejects.toThrow(
    "You are not allowed to do that.",
  );
});
