import { eq } from "drizzle-orm";

import { courses, orderItems, orders, refunds, sections } from "@/lib/platform/db/schema/index";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase, skipMoneyAudit } from "@/test/database";
import { insertActor } from "@/test/fixtures";

import { getRevenue } from "./revenue";

// The revenue figures read orders and refunds only: they are written by hand, without seats or entitlements.
skipMoneyAudit("paid orders written by hand for the revenue figures, without seats or entitlements");
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

const NOW = new Date("2026-03-20T12:00:00Z");
const at = (day: string) => new Date(`${day}T15:00:00Z`);

/** A paid (or unpaid) order of one seat in `sectionId` at `priceMinor`, paid on `paidDay`. */
async function order(sectionId: number, priceMinor: number, paidDay: string | null, currency = "USD") {
  const family = await newFamily(db());
  const [row] = await db()
    .insert(orders)
    .values({
      userId: family.parentId,
      status: paidDay ? "paid" : "expired",
      currency,
      totalMinor: priceMinor,
      walletMinor: priceMinor,
      cardMinor: 0,
      paidAt: paidDay ? at(paidDay) : null,
    })
    .returning({ id: orders.id });
  const [item] = await db()
    .insert(orderItems)
    .values({ orderId: row!.id, sectionId, learnerId: family.learnerId, priceMinor })
    .returning({ id: orderItems.id });
  return { orderId: row!.id, itemId: item!.id };
}

async function titled(sectionId: number, title: string) {
  const [section] = await db().select({ courseId: sections.courseId }).from(sections).where(eq(sections.id, sectionId));
  await db().update(courses).set({ title }).where(eq(courses.id, section!.courseId));
}

test("revenue per day and per course: paid seats minus refunds, in the configured currency, within 30 days; admins only", async () => {
  const python = await newSection(db(), { priceMinor: 10_000 });
  const piano = await newSection(db(), { priceMinor: 6_000 });
  await titled(python, "Python");
  await titled(piano, "Piano");

  await order(python, 10_000, "2026-03-18");
  const refundedSeat = await order(python, 10_000, "2026-03-18");
  await order(piano, 6_000, "2026-03-19");
  await order(piano, 6_000, null); // never paid: not revenue
  await order(piano, 9_999, "2026-03-19", "EUR"); // another currency: not in these figures
  await order(python, 10_000, "2026-01-01"); // before the window
  // Refunded on the 20th: a wallet part and a card part.
  await db()
    .insert(refunds)
    .values({
      orderId: refundedSeat.orderId,
      orderItemId: refundedSeat.itemId,
      kind: "withdrawal",
      walletMinor: 4_000,
      cardMinor: 6_000,
      currency: "USD",
      createdAt: at("2026-03-20"),
    });

  const revenue = await getRevenue(await insertActor(db(), "admin"), NOW);
  expect(revenue.perDay).toHaveLength(30);
  expect(revenue.perDay[0]!.day).toBe("2026-02-19");
  const byDay = Object.fromEntries(revenue.perDay.filter((d) => d.netMinor !== 0).map((d) => [d.day, d.netMinor]));
  expect(byDay).toEqual({ "2026-03-18": 20_000, "2026-03-19": 6_000, "2026-03-20": -10_000 });
  expect(revenue.totalNetMinor).toBe(16_000);
  expect(revenue.byCourse).toEqual(
    [
      { title: "Piano", seats: 1, grossMinor: 6_000, refundedMinor: 0, netMinor: 6_000 },
      { title: "Python", seats: 2, grossMinor: 20_000, refundedMinor: 10_000, netMinor: 10_000 },
    ].sort((a, b) => b.netMinor - a.netMinor),
  );
  expect(revenue.otherCourses).toBeNull();

  await expect(getRevenue(await insertActor(db(), "support"), NOW)).rejects.toThrow("You are not allowed to do that.");
});

test("revenue per day counts the admin's days when given their zone (issue 41: one clock); the amounts are the same", async () => {
  const sectionId = await newSection(db(), { priceMinor: 5_000 });
  const admin = await insertActor(db(), "admin");
  const before = await getRevenue(admin, NOW, "America/Los_Angeles");
  // Paid at 6:59 AM UTC on Mar 17: Mar 17 in UTC, still Mar 16 (11:59 PM) in Los Angeles (PDT, 7 hours behind).
  const [row] = await db()
    .insert(orders)
    .values({
      userId: (await newFamily(db())).parentId,
      status: "paid",
      currency: "USD",
      totalMinor: 5_000,
      walletMinor: 5_000,
      cardMinor: 0,
      paidAt: new Date("2026-03-17T06:59:00Z"),
    })
    .returning({ id: orders.id });
  await db()
    .insert(orderItems)
    .values({ orderId: row!.id, sectionId, learnerId: (await newFamily(db())).learnerId, priceMinor: 5_000 });
  const utc = await getRevenue(admin, NOW);
  const la = await getRevenue(admin, NOW, "America/Los_Angeles");
  const on = (revenue: typeof la, day: string) => revenue.perDay.find((d) => d.day === day)?.netMinor;
  expect(on(la, "2026-03-16")! - on(before, "2026-03-16")!).toBe(5_000);
  expect(on(la, "2026-03-17")).toBe(on(before, "2026-03-17"));
  expect(on(utc, "2026-03-17")).toBe(5_000);
  expect(la.perDay).toHaveLength(30);
  expect([la.perDay[0]!.day, la.perDay.at(-1)!.day]).toEqual(["2026-02-19", "2026-03-20"]);
  expect(la.totalNetMinor - before.totalNetMinor).toBe(5_000);
});
