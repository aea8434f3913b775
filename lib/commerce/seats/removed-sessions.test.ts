import { and, eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { teacherStatement } from "@/lib/commerce/earnings/statements";
import { updateSectionWithRefundsAs } from "@/lib/commerce/refunds/section-close";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import type { Actor } from "@/lib/platform/auth/permissions";
import { bookings, ledgerEntries, sections, sessionCredits } from "@/lib/platform/db/schema";
import { newFamily } from "@/test/commerce-fixtures";
import { insertActor } from "@/test/fixtures";
import { mailHarness } from "@/test/mail-harness";
import { refusal } from "@/test/refusal";
import { storedSectionInput } from "@/test/scheduling-fixtures";
import { entitlementsOf, weeklySection } from "@/test/seat-fixtures";

import { auditMoney } from "./audit";

/**
 * Issue 39: "shortening sessions that families paid for needs an admin and credits them". An admin's
 * edit that removes paid sessions (an earlier end, a weekday dropped) credits each seat the recorded
 * value of every removed session, once, in the edit's transaction, and each paying parent hears of
 * it; a teacher's same edit is refused with a field message and changes nothing.
 */
const { db, deliver, received, emailOf } = mailHarness();

const BOUGHT = new Date("2027-02-01T00:00:00Z");

async function sessionCreditsOf(userId: number) {
  return db()
    .select({ amountMinor: ledgerEntries.amountMinor })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, "session_credit")));
}

test("an admin's earlier end credits the two removed sessions' recorded values once ($8.33 + $8.34 of a $100 seat over 12)", async () => {
  const section = await weeklySection(db(), { priceMinor: 10_000 });
  const family = await newFamily(db(), 10_000);
  await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now: BOUGHT });
  const bought = await entitlementsOf(db(), family.learnerId);
  // 10,000 over 12 sessions, to the cent: session 11 (12 May) 833, session 12 (19 May) 834.
  expect(bought.slice(10).map((row) => row.valueMinor)).toEqual([833, 834]);
  const admin = await insertActor(db(), "admin");
  const now = new Date("2027-04-01T00:00:00Z");

  const shorter = await storedSectionInput(db(), section.id, { endsOn: "2027-05-05" });
  await updateSectionWithRefundsAs(admin, section.id, shorter, "", now);
  const [saved] = await db().select().from(sections).where(eq(sections.id, section.id));
  expect(saved!.endsOn).toBe("2027-05-05");
  expect(await sessionCreditsOf(family.parentId)).toEqual([{ amountMinor: 833 }, { amountMinor: 834 }]);
  expect(await balanceOf(db(), family.parentId)).toBe(1_667);
  const after = await entitlementsOf(db(), family.learnerId);
  expect(after.filter((row) => row.status === "credited").map((row) => row.occurrence.toISOString().slice(0, 10))).toEqual([
    "2027-05-12",
    "2027-05-19",
  ]);
  expect(after.filter((row) => row.status === "open")).toHaveLength(10);
  // The teacher earns none of the removed sessions: May is the 5th alone (833), nothing deducted.
  const may = await teacherStatement(section.teacherId, "2027-05", new Date("2027-06-02T00:00:00Z"));
  expect(may).toMatchObject({ grossMinor: 833, creditsMinor: 0, refundsMinor: 0, sessions: 1 });

  // Saved again (the same end, then a later one): nothing is credited twice.
  await updateSectionWithRefundsAs(admin, section.id, shorter, "", now);
  await updateSectionWithRefundsAs(admin, section.id, await storedSectionInput(db(), section.id, { endsOn: "2027-05-19" }), "", now);
  expect(await balanceOf(db(), family.parentId)).toBe(1_667);
  const [seat] = await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.learnerId, family.learnerId));
  expect(await db().select().from(sessionCredits).where(eq(sessionCredits.bookingId, seat!.id))).toHaveLength(2);

  await deliver();
  const messages = await received(await emailOf(family.parentId));
  const credits = messages.filter((m) => m.subject?.includes("taken off the schedule"));
  expect(credits.map((m) => m.subject).sort()).toEqual([
    "$8.33 credited for a Test course session taken off the schedule",
    "$8.34 credited for a Test course session taken off the schedule",
  ]);
  expect((await auditMoney(db())).mismatches).toEqual([]);
});

test("an admin's edit dropping Mondays credits each seat the 7 Mondays still to come ($30.43 of a $100 seat over 23); a teacher's is refused", async () => {
  const section = await weeklySection(db(), { priceMinor: 10_000, rrule: "FREQ=WEEKLY;BYDAY=MO,WE" });
  const first = await newFamily(db(), 10_000);
  const second = await newFamily(db(), 10_000);
  for (const family of [first, second])
    await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now: BOUGHT });
  expect(await entitlementsOf(db(), first.learnerId)).toHaveLength(23);
  const now = new Date("2027-04-01T00:00:00Z");
  const wednesdaysOnly = await storedSectionInput(db(), section.id, { endsOn: "2027-05-19", weekdays: ["3"] });

  const teacher: Actor = { id: section.teacherId, email: "t@example.com", role: "teacher" };
  const error = await refusal(updateSectionWithRefundsAs(teacher, section.id, wednesdaysOnly, "", now));
  expect(error.code).toBe("conflict");
  expect(error.fieldErrors).toEqual({ endsOn: COMMERCE_MESSAGES.editTakesPaidSessions(7) });
  const [unchanged] = await db().select().from(sections).where(eq(sections.id, section.id));
  expect(unchanged!.rrule).toBe("FREQ=WEEKLY;BYDAY=MO,WE");
  expect(await balanceOf(db(), first.parentId)).toBe(0);

  const admin = await insertActor(db(), "admin");
  await updateSectionWithRefundsAs(admin, section.id, wednesdaysOnly, "", now);
  const [saved] = await db().select().from(sections).where(eq(sections.id, section.id));
  expect(saved!.rrule).toBe("FREQ=WEEKLY;BYDAY=WE");
  for (const family of [first, second]) {
    // 5, 12, 19, 26 April and 3, 10, 17 May: 434 + 435 + 434 + 435 + 435 + 435 + 435.
    expect(await balanceOf(db(), family.parentId)).toBe(3_043);
    const rows = await entitlementsOf(db(), family.learnerId);
    expect(rows.filter((row) => row.status === "credited")).toHaveLength(7);
    // The Mondays already held (8 March to 29 March) stay open: earned by the teacher.
    expect(rows.filter((row) => row.status === "open")).toHaveLength(16);
  }
  expect((await auditMoney(db())).mismatches).toEqual([]);
});
