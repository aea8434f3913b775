import { eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { refundOrderAsAdmin } from "@/lib/commerce/refunds/refunds";
import { creditCancelledSessions } from "@/lib/commerce/session-credits";
import { transferSeat } from "@/lib/commerce/transfers/transfers";
import type { Actor } from "@/lib/platform/auth/permissions";
import { ledgerEntries, moneyAudits, seatSessions } from "@/lib/platform/db/schema";
import { cancelSession } from "@/lib/scheduling/session-changes";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { newFamily } from "@/test/commerce-fixtures";
import { openTestDatabase, skipMoneyAudit } from "@/test/database";
import { orderItemOf, weeklySection } from "@/test/seat-fixtures";

import { auditMoney, lastMoneyAudit, runDailyMoneyAudit } from "./audit";

/**
 * Issue 39, "a money audit": for every seat, price = refunds + credits + earnings + platform share +
 * the value of sessions not yet held; every wallet at or above zero. It lists every mismatch.
 */
// It breaks a seat and a wallet by hand to see the audit list them.
skipMoneyAudit("the audit's own test leaves a broken seat and a negative wallet");
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

const admin: Actor = { id: 1, email: "admin@example.com", role: "admin" };

test("seats bought, moved, credited and refunded add up; a seat or a wallet that does not is listed, and the daily run tells admins once a day", async () => {
  const BOUGHT = new Date("2027-02-01T00:00:00Z");
  const section = await weeklySection(db(), { priceMinor: 24_000 });
  const other = await weeklySection(db(), { priceMinor: 12_345, courseId: section.courseId, startsOn: "2027-03-10", weeks: 9 });
  const [a, b, c] = [await newFamily(db(), 40_000), await newFamily(db(), 24_000), await newFamily(db(), 24_000)];
  for (const family of [a, b, c])
    await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now: BOUGHT });
  // A moves after three sessions; the fifth session is cancelled and credited; C is refunded by an admin.
  await transferSeat(
    a.parentId,
    { orderItemId: (await orderItemOf(db(), a.learnerId)).id, toSectionId: other.id },
    new Date("2027-03-20T00:00:00Z"),
  );
  const fifth = sectionSessions(section, BOUGHT, new Date("2027-06-01T00:00:00Z"))[4]!;
  await cancelSession({ id: section.teacherId, email: "t@example.com", role: "teacher" }, section.id, { occurrence: fifth.startsAt });
  await creditCancelledSessions(db(), new Date("2027-04-20T00:00:00Z"));
  await refundOrderAsAdmin(
    admin,
    { orderId: (await orderItemOf(db(), c.learnerId)).orderId, reason: "Moved away" },
    new Date("2027-04-21T00:00:00Z"),
  );

  const clean = await auditMoney(db());
  expect(clean.mismatches).toEqual([]);
  expect(clean.checkedSeats).toBe(3);

  // A seat's session worth a cent more than was paid, and a wallet below zero: both listed.
  const item = await orderItemOf(db(), b.learnerId);
  const [row] = await db().select().from(seatSessions).where(eq(seatSessions.orderItemId, item.id)).limit(1);
  await db()
    .update(seatSessions)
    .set({ valueMinor: row!.valueMinor + 1 })
    .where(eq(seatSessions.id, row!.id));
  await db()
    .insert(ledgerEntries)
    .values({ userId: b.parentId, kind: "adjustment", amountMinor: -50_000, currency: "USD", reason: "test" });
  const broken = await auditMoney(db());
  expect(broken.mismatches).toEqual([
    { kind: "seat", id: item.id, message: `order item ${item.id}: price 24000 ≠ entitlements 24001` },
    { kind: "wallet", id: b.parentId, message: `account ${b.parentId}: Cash balance ${await balance(b.parentId)} below zero` },
  ]);

  const now = new Date("2027-05-01T06:00:00Z");
  const logged = jest.spyOn(console, "error").mockImplementation(() => {});
  expect((await runDailyMoneyAudit(db(), now))?.mismatches).toHaveLength(2);
  expect(await runDailyMoneyAudit(db(), new Date(now.getTime() + 3_600_000))).toBeNull();
  expect(await db().select().from(moneyAudits)).toHaveLength(1);
  expect(logged).toHaveBeenCalledWith("[commerce] money audit: 2 mismatches");
  logged.mockRestore();
  expect(await lastMoneyAudit(db())).toMatchObject({ ranAt: now, checkedSeats: 3, total: 2 });
});

async function balance(userId: number) {
  const rows = await db().select({ amountMinor: ledgerEntries.amountMinor }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  return rows.reduce((sum, r) => sum + r.amountMinor, 0);
}
