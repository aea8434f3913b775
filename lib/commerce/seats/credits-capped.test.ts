import { and, eq, sql } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { refundOrderAsAdmin } from "@/lib/commerce/refunds/refunds";
import { creditCancelledSessions } from "@/lib/commerce/session-credits";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import type { Actor } from "@/lib/platform/auth/permissions";
import { ledgerEntries, refunds, sessionChanges, wallets } from "@/lib/platform/db/schema";
import { asAnotherRequest } from "@/test/another-request";
import { cancelSession } from "@/lib/scheduling/session-changes";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { newFamily } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { entitlementsOf, orderItemOf, weeklySection } from "@/test/seat-fixtures";

/**
 * Issue 39: "session credits have no ceiling" (an open-ended section credited price/n per cancelled
 * session for as long as sessions were cancelled) and "a credit and a staff refund can both pay the
 * same share" (the credit job wrote the credit before taking the wallet lock refunds take first).
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

const teacher = (id: number): Actor => ({ id, email: `t${id}@example.com`, role: "teacher" });
const admin: Actor = { id: 1, email: "admin@example.com", role: "admin" };
const BOUGHT = new Date("2027-02-01T00:00:00Z");
const LATER = new Date("2027-09-01T00:00:00Z");

async function creditedTo(userId: number) {
  const [row] = await db()
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, "session_credit")));
  return Number(row!.total);
}

test("an open-ended $100 section with eight sessions cancelled credits $100 in all, each session it bought once at its value, not $20 for ever", async () => {
  const section = await weeklySection(db(), { priceMinor: 10_000, weeks: null });
  const family = await newFamily(db(), 10_000);
  await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now: BOUGHT });
  const bought = await entitlementsOf(db(), family.learnerId);
  // Four weeks of sessions (the open-ended policy), 3 to 31 March: five Wednesdays (31 March falls inside once New York's clocks go forward).
  expect(bought.map((row) => row.valueMinor)).toEqual([2_000, 2_000, 2_000, 2_000, 2_000]);

  const sessions = sectionSessions(section, BOUGHT, new Date("2027-05-01T00:00:00Z")).slice(0, 8);
  expect(sessions).toHaveLength(8);
  for (const session of sessions) await cancelSession(teacher(section.teacherId), section.id, { occurrence: session.startsAt });
  await creditCancelledSessions(db(), LATER);
  await creditCancelledSessions(db(), LATER);

  expect(await creditedTo(family.parentId)).toBe(10_000);
  expect(await balanceOf(db(), family.parentId)).toBe(10_000);
  expect((await entitlementsOf(db(), family.learnerId)).map((row) => row.status)).toEqual(Array(5).fill("credited"));
  // Every cancelled session left the job's scan, credited or not.
  const open = await db()
    .select()
    .from(sessionChanges)
    .where(and(eq(sessionChanges.sectionId, section.id), sql`${sessionChanges.creditedAt} is null`));
  expect(open).toEqual([]);
});

/**
 * The race: an admin's refund and the credit job for one seat at once. A third transaction holds the
 * family's wallet lock while the refund queues for it, then the credit job; once it lets go the refund
 * runs first. Before issue 39 the job had written its credit before it queued, the refund could not
 * see it, and the family got the share twice. On PostgreSQL (TEST_DATABASE_URL) the three really
 * overlap; PGlite runs one transaction at a time, so there it checks the same end state in sequence.
 */
test("a refund and the credit job racing for the same seat pay its cancelled session once: $100 back in all", async () => {
  const section = await weeklySection(db(), { priceMinor: 10_000, weeks: 7 });
  const family = await newFamily(db(), 10_000);
  await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now: BOUGHT });
  const item = await orderItemOf(db(), family.learnerId);
  const [third] = sectionSessions(section, BOUGHT, LATER).slice(2);
  await cancelSession(teacher(section.teacherId), section.id, { occurrence: third!.startsAt });

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let refund: Promise<unknown> | undefined;
  let credit: Promise<number> | undefined;
  await db().transaction(async (tx) => {
    await tx.select().from(wallets).where(eq(wallets.userId, family.parentId)).for("update");
    // Two other requests, outside this transaction: the admin's refund and the credit job.
    refund = asAnotherRequest(() => refundOrderAsAdmin(admin, { orderId: item.orderId, reason: "Teacher ill" }, LATER));
    await pause(300);
    credit = asAnotherRequest(() => creditCancelledSessions(db(), LATER));
    await pause(300);
  });
  await Promise.all([refund, credit]);

  const [refunded] = await db().select().from(refunds).where(eq(refunds.orderItemId, item.id));
  const back = refunded!.walletMinor + refunded!.cardMinor + (await creditedTo(family.parentId));
  expect(back).toBe(10_000);
  expect(await balanceOf(db(), family.parentId)).toBe(10_000);
});
