import { and, eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import type { Actor } from "@/lib/platform/auth/permissions";
import { bookings, ledgerEntries, orderItems, sections, sessionChanges, sessionCredits } from "@/lib/platform/db/schema";
import { updateSection } from "@/lib/scheduling/sections";
import { cancelSession, setMakeupSession } from "@/lib/scheduling/session-changes";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { newFamily } from "@/test/commerce-fixtures";
import { mailHarness } from "@/test/mail-harness";
import { EVERY_DAY, newCourse, newTeacher, storedSectionInput } from "@/test/scheduling-fixtures";

import { creditCancelledSessions } from "./session-credits";
import { splitValue } from "./seats/entitlements";
import { SESSION_CREDIT_POLICY, sessionCreditPolicyText } from "./session-credit-policy";
import { balanceOf } from "./wallet/ledger";

/**
 * Issue 27: "a cancelled session with no make-up by the deadline credits each paid seat exactly
 * once (run the job twice)". The share is the session's value recorded when the seat was bought (issue 39).
 */

const { db, mail, deliver, received, emailOf } = mailHarness();

const HOUR = 3_600_000;

/** Weekly on Wednesdays at 17:00 in New York, 7 sessions from 3 March 2027; price 10,000 cents (1,428 or 1,429 a session, to the cent: the third 1,428). */
async function weeklySection() {
  const teacherId = await newTeacher(db(), "America/New_York", EVERY_DAY(8 * 60, 22 * 60));
  const courseId = await newCourse(db(), teacherId);
  const [row] = await db()
    .insert(sections)
    .values({
      courseId,
      teacherId,
      classType: "group",
      capacity: 10,
      priceMinor: 10_000,
      currency: "USD",
      startsOn: "2027-03-03",
      endsOn: "2027-04-14",
      startMinute: 17 * 60,
      timezone: "America/New_York",
      rrule: "FREQ=WEEKLY;BYDAY=WE",
      durationMinutes: 60,
      status: "open",
    })
    .returning();
  return row!;
}

const teacher = (id: number): Actor => ({ id, email: `t${id}@example.com`, role: "teacher" });

async function creditsOf(userId: number) {
  return db()
    .select({ amountMinor: ledgerEntries.amountMinor, orderId: ledgerEntries.orderId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, "session_credit")));
}

describe("the credit of a cancelled session without a make-up", () => {
  it("credits each paid seat its share exactly once, however often the job runs, and tells each family", async () => {
    const section = await weeklySection();
    const first = await newFamily(db(), 10_000);
    const second = await newFamily(db(), 10_000);
    await placeOrder(first.parentId, [{ sectionId: section.id, learnerId: first.learnerId }]);
    await placeOrder(second.parentId, [{ sectionId: section.id, learnerId: second.learnerId }]);
    await deliver();
    await mail.clear();

    const sessions = sectionSessions(section, new Date("2027-03-01T00:00:00Z"), new Date("2027-05-01T00:00:00Z"));
    expect(sessions).toHaveLength(7);
    const cancelled = sessions[2]!.startsAt; // 17 March
    await cancelSession(teacher(section.teacherId), section.id, { occurrence: cancelled });
    const [change] = await db().select().from(sessionChanges).where(eq(sessionChanges.sectionId, section.id));
    const deadline = change!.creditDueAt!;
    expect(deadline.getTime()).toBe(Date.parse(cancelled) + SESSION_CREDIT_POLICY.deadlineHours * HOUR);
    // The terms of service state the same deadline (72 hours by default) and rule.
    expect(sessionCreditPolicyText({ deadlineHours: 72, openEndedWeeks: 4 }).join(" ")).toContain(
      "within 3 days after the cancelled session's time",
    );
    expect(sessionCreditPolicyText({ deadlineHours: 30, openEndedWeeks: 4 }).join(" ")).toContain("within 30 hours");

    // Before the deadline: nothing.
    expect(await creditCancelledSessions(db(), new Date(deadline.getTime() - 1))).toBe(0);
    expect(await creditsOf(first.parentId)).toEqual([]);

    // Issue 39: the third session's value recorded at purchase (10,000 over 7 sessions, to the cent).
    expect(splitValue(10_000, 7)[2]).toBe(1_428);

    const after = new Date(deadline.getTime() + 60_000);
    // Two instances at once (PostgreSQL: two transactions on the row lock), then a later run: two credits in all.
    const [one, other] = await Promise.all([creditCancelledSessions(db(), after), creditCancelledSessions(db(), after)]);
    expect(one + other).toBe(2);
    expect(await creditCancelledSessions(db(), after)).toBe(0);
    // Even a run that finds the change again (credited_at cleared by hand) credits no seat twice: the unique key.
    await db().update(sessionChanges).set({ creditedAt: null }).where(eq(sessionChanges.id, change!.id));
    expect(await creditCancelledSessions(db(), after)).toBe(0);

    for (const family of [first, second]) {
      const [item] = await db()
        .select({ orderId: orderItems.orderId })
        .from(orderItems)
        .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
        .where(eq(bookings.learnerId, family.learnerId));
      expect(await creditsOf(family.parentId)).toEqual([{ amountMinor: 1_428, orderId: item!.orderId }]);
      // 10,000 credit, 10,000 paid, 1,428 back.
      expect(await balanceOf(db(), family.parentId)).toBe(1_428);
    }
    expect(await db().select().from(sessionCredits).where(eq(sessionCredits.sessionChangeId, change!.id))).toHaveLength(2);

    // Each paying parent: the cancellation, then one credit email.
    await deliver();
    await deliver();
    for (const family of [first, second]) {
      const messages = await received(await emailOf(family.parentId));
      expect(messages.map((m) => m.subject).sort()).toEqual([
        "$14.28 credited for a cancelled Test course session",
        "One Test course session is cancelled",
      ]);
      expect(messages.find((m) => m.subject?.startsWith("$"))!.text).toContain("Credited: $14.28");
    }
  });

  it("credits nothing when a make-up was set, and refuses a make-up once credited", async () => {
    const section = await weeklySection();
    const family = await newFamily(db(), 10_000);
    await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }]);
    const sessions = sectionSessions(section, new Date("2027-03-01T00:00:00Z"), new Date("2027-05-01T00:00:00Z"));
    const actor = teacher(section.teacherId);

    await cancelSession(actor, section.id, { occurrence: sessions[1]!.startsAt });
    await setMakeupSession(actor, section.id, { occurrence: sessions[1]!.startsAt, startsAt: "2027-03-12T17:00" });
    expect(await creditCancelledSessions(db(), new Date("2027-06-01T00:00:00Z"))).toBe(0);
    expect(await creditsOf(family.parentId)).toEqual([]);

    await cancelSession(actor, section.id, { occurrence: sessions[3]!.startsAt });
    expect(await creditCancelledSessions(db(), new Date("2027-06-01T00:00:00Z"))).toBe(1);
    await expect(
      setMakeupSession(actor, section.id, { occurrence: sessions[3]!.startsAt, startsAt: "2027-03-26T17:00" }),
    ).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("credits nothing for a cancelled session the section's new times removed (the change lapsed with its occurrence)", async () => {
    const section = await weeklySection();
    const family = await newFamily(db(), 10_000);
    await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }]);
    const [second] = sectionSessions(section, new Date("2027-03-04T00:00:00Z"), new Date("2027-05-01T00:00:00Z"));
    await cancelSession(teacher(section.teacherId), section.id, { occurrence: second!.startsAt });
    // Wednesdays become Thursdays: no session is at the cancelled one's time any more.
    await updateSection(section.id, await storedSectionInput(db(), section.id, { weekdays: [4] }));
    expect(await creditCancelledSessions(db(), new Date("2027-06-01T00:00:00Z"))).toBe(0);
    expect(await creditsOf(family.parentId)).toEqual([]);
    const [change] = await db().select().from(sessionChanges).where(eq(sessionChanges.sectionId, section.id));
    expect(change!.creditDueAt).toBeNull();
  });
});
