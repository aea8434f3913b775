import { and, eq, isNull } from "drizzle-orm";

import { auditEvents, gifts, orders, paymentIssues, sections, topUps } from "@/lib/platform/db/schema/index";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";

import { listOrdersForAdmin, listPurchasesForAdmin, orderDateRange, parseOrderFilters, resolvePaymentIssue } from "./admin-orders";
import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { refundOrderAsAdmin } from "@/lib/commerce/refunds/refunds";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

test("the admin orders list filters by status, course and date; refunded orders show what went back; others are refused", async () => {
  const admin = await insertActor(db(), "admin");
  const a = await newFamily(db(), 50_000);
  const b = await newFamily(db(), 50_000);
  const sectionA = await newSection(db(), { priceMinor: 10_000 });
  const sectionB = await newSection(db(), { priceMinor: 7_000 });
  const first = await placeOrder(a.parentId, [{ sectionId: sectionA, learnerId: a.learnerId }]);
  const second = await placeOrder(b.parentId, [{ sectionId: sectionB, learnerId: b.learnerId }]);
  await refundOrderAsAdmin(admin, { orderId: second.orderId, reason: "Duplicate" });

  const all = await listOrdersForAdmin(admin, parseOrderFilters({}));
  expect(all.map((o) => o.id)).toEqual(expect.arrayContaining([first.orderId, second.orderId]));
  const refunded = await listOrdersForAdmin(admin, parseOrderFilters({ status: "refunded" }));
  expect(refunded.map((o) => [o.id, o.refunded, o.canRefund])).toEqual([[second.orderId, "$70.00", false]]);
  const paid = await listOrdersForAdmin(admin, parseOrderFilters({ status: "paid" }));
  expect(paid.find((o) => o.id === first.orderId)).toMatchObject({ items: "Test course (Ada)", total: "$100.00", canRefund: true });
  const [section] = await db().select({ courseId: sections.courseId }).from(sections).where(eq(sections.id, sectionA));
  expect((await listOrdersForAdmin(admin, parseOrderFilters({ course: String(section!.courseId) }))).map((o) => o.id)).toEqual([
    first.orderId,
  ]);
  expect(await listOrdersForAdmin(admin, parseOrderFilters({ from: "2001-01-01", to: "2001-01-02" }))).toEqual([]);
  // Bad filters are no filters, never an error.
  expect((await listOrdersForAdmin(admin, parseOrderFilters({ status: "nope", course: "x", from: "yesterday" }))).length).toBe(all.length);

  await expect(listOrdersForAdmin(await insertActor(db(), "support"), {})).rejects.toThrow("You are not allowed to do that.");
});

test("resolving a payment issue closes it once and is audited", async () => {
  const admin = await insertActor(db(), "admin");
  const [issue] = await db()
    .insert(paymentIssues)
    .values({ kind: "refund_failed", details: { error: "test" } })
    .returning({ id: paymentIssues.id });
  await resolvePaymentIssue(admin, String(issue!.id));
  const open = await db()
    .select()
    .from(paymentIssues)
    .where(and(eq(paymentIssues.id, issue!.id), isNull(paymentIssues.resolvedAt)));
  expect(open).toEqual([]);
  await expect(resolvePaymentIssue(admin, issue!.id)).rejects.toThrow("already resolved");
  const audit = await db().select().from(auditEvents).where(eq(auditEvents.action, "payment_issue.resolve"));
  expect(audit).toHaveLength(1);
  await expect(resolvePaymentIssue(await insertActor(db(), "teacher"), issue!.id)).rejects.toThrow("You are not allowed to do that.");
});

test("gifts and card top-ups show with the orders: buyer, amount, how paid and what became of a gift, never its code (issue 31)", async () => {
  const admin = await insertActor(db(), "admin");
  const buyer = await newFamily(db());
  const code = "GIFT-SECRET-CODE-1234";
  await db().insert(gifts).values({ buyerId: buyer.parentId, amountMinor: 5_000, currency: "USD", code, recipientName: "Grandchild" });
  await db().insert(topUps).values({ userId: buyer.parentId, amountMinor: 2_500, currency: "USD", status: "paid", paidAt: new Date() });

  const purchases = await listPurchasesForAdmin(admin, parseOrderFilters({}));
  const mine = purchases.filter((p) => p.amount === "$50.00" || p.amount === "$25.00");
  expect(mine.map(({ kind, amount, paidBy, status, note }) => ({ kind, amount, paidBy, status, note }))).toEqual(
    expect.arrayContaining([
      { kind: "Gift", amount: "$50.00", paidBy: "Cash", status: "paid", note: "not redeemed yet" },
      { kind: "Top-up", amount: "$25.00", paidBy: "card", status: "paid", note: null },
    ]),
  );
  expect(JSON.stringify(purchases)).not.toContain(code);
  expect(await listPurchasesForAdmin(admin, parseOrderFilters({ from: "2001-01-01", to: "2001-01-02" }))).toEqual([]);
  await expect(listPurchasesForAdmin(await insertActor(db(), "support"), parseOrderFilters({}))).rejects.toThrow("You are not allowed");
});

describe("the date filter's days are the admin's, on their clock (issue 41: one clock)", () => {
  test("a day is midnight to midnight in the admin's zone, To included; UTC without a zone", () => {
    const range = (from: string, to: string, zone?: string) => {
      const { from: start, to: end } = orderDateRange(parseOrderFilters({ from, to }, zone));
      return [start?.toISOString(), end?.toISOString()];
    };
    expect(range("2019-11-12", "2019-11-12", "America/Los_Angeles")).toEqual(["2019-11-12T08:00:00.000Z", "2019-11-13T08:00:00.000Z"]);
    expect(range("2019-11-12", "2019-11-13", "Asia/Kolkata")).toEqual(["2019-11-11T18:30:00.000Z", "2019-11-13T18:30:00.000Z"]);
    expect(range("2019-11-12", "2019-11-12")).toEqual(["2019-11-12T00:00:00.000Z", "2019-11-13T00:00:00.000Z"]);
    // The day the clocks go back is 25 hours long in Los Angeles; a zone that is none reads as UTC.
    expect(range("2019-11-03", "2019-11-03", "America/Los_Angeles")).toEqual(["2019-11-03T07:00:00.000Z", "2019-11-04T08:00:00.000Z"]);
    expect(range("2019-11-12", "2019-11-12", "Not/AZone")).toEqual(["2019-11-12T00:00:00.000Z", "2019-11-13T00:00:00.000Z"]);
    // Where the clocks skip midnight (Santiago, September 2019), the day starts at 1:00 AM.
    expect(range("2019-09-08", "2019-09-08", "America/Santiago")[0]).toBe("2019-09-08T04:00:00.000Z");
  });

  test("orders and purchases late in a Los Angeles evening are listed on that day for a Los Angeles admin, the next day in UTC", async () => {
    const admin = await insertActor(db(), "admin");
    const family = await newFamily(db(), 50_000);
    const sectionId = await newSection(db(), { priceMinor: 1_000 });
    const lateEvening = new Date("2019-11-12T06:30:00Z"); // Mon, Nov 11, 10:30 PM in Los Angeles
    const afterMidnight = new Date("2019-11-12T08:30:00Z"); // Tue, Nov 12, 12:30 AM in Los Angeles
    const placed: string[] = [];
    for (const [at, learnerId] of [
      [lateEvening, family.learnerId],
      [afterMidnight, await addChild(db(), family.parentId, "Bo")],
    ] as const) {
      const { orderId } = await placeOrder(family.parentId, [{ sectionId, learnerId }]);
      await db().update(orders).set({ createdAt: at }).where(eq(orders.id, orderId));
      placed.push(orderId);
    }
    const [topUp] = await db()
      .insert(topUps)
      .values({ userId: family.parentId, amountMinor: 700, currency: "USD", status: "paid", paidAt: lateEvening, createdAt: lateEvening })
      .returning({ id: topUps.id });
    const listed = async (query: Record<string, string>, zone?: string) =>
      (await listOrdersForAdmin(admin, parseOrderFilters(query, zone))).map((o) => o.id).sort();
    const purchases = async (query: Record<string, string>, zone?: string) =>
      (await listPurchasesForAdmin(admin, parseOrderFilters(query, zone))).map((p) => p.id);

    const la = "America/Los_Angeles";
    expect(await listed({ from: "2019-11-11", to: "2019-11-11" }, la)).toEqual([placed[0]]);
    expect(await listed({ from: "2019-11-12", to: "2019-11-12" }, la)).toEqual([placed[1]]);
    expect(await listed({ from: "2019-11-11", to: "2019-11-12" }, la)).toEqual([...placed].sort());
    expect(await purchases({ from: "2019-11-11", to: "2019-11-11" }, la)).toEqual([topUp!.id]);
    expect(await purchases({ from: "2019-11-12", to: "2019-11-12" }, la)).toEqual([]);
    // In UTC both are on Nov 12; in Kolkata (5:30 ahead), Nov 12 too.
    expect(await listed({ from: "2019-11-12", to: "2019-11-12" })).toEqual([...placed].sort());
    expect(await listed({ from: "2019-11-11", to: "2019-11-11" })).toEqual([]);
    expect(await listed({ from: "2019-11-12", to: "2019-11-12" }, "Asia/Kolkata")).toEqual([...placed].sort());
    expect(await purchases({ from: "2019-11-12", to: "2019-11-12" }, "Asia/Kolkata")).toEqual([topUp!.id]);
  });
});
