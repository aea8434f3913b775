import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { DateTime } from "luxon";

import { addRecommendedSeat, RECOMMENDATION_MESSAGES } from "@/lib/commerce/cart/demo-recommendation";
import { findDemoStatus } from "@/lib/demo-requests/demo-booking";
import { cartItems, learners, users } from "@/lib/platform/db/schema";
import { recordDemoOutcome } from "@/lib/scheduling/demo-outcomes";
import { courseSection, pastDemo, teacherActor } from "@/test/demo-outcome-fixtures";
import { markReactionsUndelivered, runMinuteJobs } from "@/test/events";
import { mailHarness } from "@/test/mail-harness";
import { refusal } from "@/test/refusal";

/**
 * Issue 27: the outcome's follow-up email, read back from the SMTP server. Attended: the teacher's
 * note (quoted), the level and a one-click "Enrol <child> in <section>" whose link names the
 * recommendation only (no demo token, no email); following it puts the seat in the cart, for a
 * family with an account and for one that booked signed out. No-show: an offer to book another
 * time on the demo's page. One email per demo, and the follow-up scan sends no second one.
 */
const HOUR = 3_600_000;
const { db, deliver, received } = mailHarness();

const outcomeMails = async (email: string) => (await received(email)).filter((m) => !/^(Tomorrow|In 1 hour)/.test(m.subject ?? ""));

describe("the demo outcome email", () => {
  it("attended: the note, the level and a one-click enrol that puts the child's seat in the cart; once per demo", async () => {
    const start = new Date(Date.now() - 3 * HOUR);
    const demo = await pastDemo(db(), { startsAt: start, family: "account" });
    const sectionId = await courseSection(db(), demo.courseId, demo.teacherId);
    const actor = teacherActor(demo.teacherId);
    const input = {
      bookingId: demo.id,
      outcome: "attended",
      note: "Maya solved the fraction puzzles.\nSee http://evil.example for more.",
      level: "intermediate",
      recommendedSectionId: sectionId,
    };
    await recordDemoOutcome(actor, input);
    await deliver();

    const mails = await outcomeMails(demo.email);
    expect(mails.map((m) => m.subject)).toEqual(["Teacher on the free demo of Test course"]);
    const text = mails[0]!.text ?? "";
    expect(text).toContain("Hello Pat,");
    // Issue 40: the link to a site off the allow-list is masked when the note is recorded, before any email.
    expect(text).toContain("Teacher's note:\n> Maya solved the fraction puzzles.\n> See [contact details removed] for more.");
    expect(text).toContain("Level: Intermediate");
    // The section's weekly times in the parent's zone (16:00 New York is 1:00 PM Los Angeles).
    const enrol = /Enrol Maya in Test course, Mondays and Thursdays 1:00 PM Pacific Time \(Los Angeles\): (\S+)/.exec(text);
    expect(enrol).not.toBeNull();
    const link = enrol![1]!;
    expect(link).toMatch(new RegExp(`^http://localhost:3000/enrol/${demo.id}\\.[A-Za-z0-9_-]{43}$`));
    expect(link).not.toContain(demo.token);
    expect(link).not.toContain("example.com");
    expect(text).toContain(`http://localhost:3000/demo/${demo.token}`);
    expect(mails[0]!.headerLines.some((line) => line.key === "list-unsubscribe")).toBe(true);

    // Delivered again, recorded again (a correction): still one email. The scan past a day sends no "How was".
    await markReactionsUndelivered(db(), "demo.outcome-recorded", "demo-outcome-mail");
    await recordDemoOutcome(actor, { ...input, note: "Corrected note." });
    await deliver();
    await runMinuteJobs(db(), new Date(demo.endsAt.getTime() + 25 * HOUR));
    await deliver();
    expect((await outcomeMails(demo.email)).map((m) => m.subject)).toEqual(["Teacher on the free demo of Test course"]);

    // The one click: the seat for Maya (the demo's own child) in the cart; twice, one line.
    const token = link.split("/enrol/")[1]!;
    for (let i = 0; i < 2; i++) {
      await expect(addRecommendedSeat(demo.parentId!, token)).resolves.toMatchObject({
        added: true,
        sectionId,
        learnerName: "Maya",
        courseTitle: "Test course",
      });
    }
    const lines = await db().select().from(cartItems).where(eq(cartItems.userId, demo.parentId!));
    expect(lines).toEqual([expect.objectContaining({ sectionId, learnerId: demo.learnerId })]);

    // A forged or altered link changes nothing.
    const forged = `${demo.id}.${"A".repeat(43)}`;
    const refused = await refusal(addRecommendedSeat(demo.parentId!, forged));
    expect({ status: refused.status, message: refused.message }).toEqual({ status: 404, message: RECOMMENDATION_MESSAGES.invalid });
  });

  it("a family that booked signed out: after sign-up, the link adds the seat for a child with the demo's grade", async () => {
    const demo = await pastDemo(db(), { startsAt: new Date(Date.now() - 3 * HOUR), family: "request" });
    const sectionId = await courseSection(db(), demo.courseId, demo.teacherId);
    await recordDemoOutcome(teacherActor(demo.teacherId), {
      bookingId: demo.id,
      outcome: "attended",
      note: "A confident reader.",
      recommendedSectionId: sectionId,
    });
    await deliver();
    const [mail] = await outcomeMails(demo.email);
    // The name typed into the demo form stays out of the mail.
    expect(mail!.text).toContain("Hello,\n");
    // 16:00 New York, read in London: 9:00 PM, but 8:00 PM in the week Europe's clocks have changed
    // and America's not yet (the month-turn clock of scripts/test-unit.mjs falls in it).
    const london = nextMondayAt16NewYork().setZone("Europe/London").toFormat("h:mm a");
    const link = new RegExp(
      `Enrol your child in Test course, Mondays and Thursdays ${london} United Kingdom Time \\(London\\): (\\S+)`,
    ).exec(mail!.text ?? "")![1]!;
    const [account] = await db()
      .insert(users)
      .values({ firebaseUid: `test-${randomUUID()}`, email: `new-${randomUUID().slice(0, 8)}@example.com` })
      .returning({ id: users.id });
    await expect(addRecommendedSeat(account!.id, link.split("/enrol/")[1]!)).resolves.toMatchObject({ added: true, sectionId });
    const children = await db().select().from(learners).where(eq(learners.parentId, account!.id));
    expect(children).toEqual([expect.objectContaining({ firstName: "Your child", grade: 4 })]);
    const lines = await db().select().from(cartItems).where(eq(cartItems.userId, account!.id));
    expect(lines).toEqual([expect.objectContaining({ sectionId, learnerId: children[0]!.id })]);
  });

  it("the demo's page recommends the same time as the email, in the family's zone, for an account and for a family that booked signed out", async () => {
    for (const family of ["account", "request"] as const) {
      // The family reads Los Angeles (its account) or London (where it booked); the section is New York's.
      const demo = await pastDemo(db(), { startsAt: new Date(Date.now() - 3 * HOUR), family });
      const sectionId = await courseSection(db(), demo.courseId, demo.teacherId);
      await recordDemoOutcome(teacherActor(demo.teacherId), {
        bookingId: demo.id,
        outcome: "attended",
        note: "Reads fluently.",
        recommendedSectionId: sectionId,
      });
      await deliver();
      const [mail] = await outcomeMails(demo.email);
      const page = await findDemoStatus(demo.token);
      const schedule = page!.outcome!.recommended!.schedule;
      expect(schedule).toContain(family === "account" ? "Pacific Time (Los Angeles)" : "United Kingdom Time (London)");
      expect(schedule).not.toContain("Eastern Time");
      expect(mail!.text).toContain(`Test course, ${schedule}: `);
    }
  });

  it("no-show: an offer to book another time on the demo's page, without an enrol link", async () => {
    const demo = await pastDemo(db(), { startsAt: new Date(Date.now() - 3 * HOUR), family: "account" });
    await recordDemoOutcome(teacherActor(demo.teacherId), { bookingId: demo.id, outcome: "no_show" });
    await deliver();
    const mails = await outcomeMails(demo.email);
    expect(mails.map((m) => m.subject)).toEqual(["We missed Maya at the free demo of Test course"]);
    expect(mails[0]!.text).toContain(`Book another time: http://localhost:3000/demo/${demo.token}`);
    expect(mails[0]!.text).not.toContain("/enrol/");
  });
});

/** The coming Monday's 16:00 in New York (the fixture section's first weekly session). */
function nextMondayAt16NewYork(): DateTime {
  let at = DateTime.now().setZone("America/New_York").set({ hour: 16, minute: 0, second: 0, millisecond: 0 });
  while (at.weekday !== 1 || at < DateTime.now()) at = at.plus({ days: 1 });
  return at;
}
