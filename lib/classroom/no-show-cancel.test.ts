import { and, eq, sql } from "drizzle-orm";

import { creditCancelledSessions } from "@/lib/commerce/session-credits";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import type { Actor } from "@/lib/platform/auth/permissions";
import {
  bookings,
  courses,
  ledgerEntries,
  outbox,
  seatSessions,
  sections,
  sessionChanges,
  sessionCredits,
  teacherSessionReliability,
} from "@/lib/platform/db/schema";
import { eventTopic } from "@/lib/platform/events/events";
import { sessionCancelled } from "@/lib/scheduling/events";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { cancelSession, moveSession, setMakeupSession } from "@/lib/scheduling/session-changes";
import { dailySection, paidSeat, roomWithJoins } from "@/test/classroom-fixtures";
import { newFamily } from "@/test/commerce-fixtures";
import { insertActor } from "@/test/fixtures";
import { mailHarness } from "@/test/mail-harness";

import { recordTeacherReliability, teacherReliability } from "./reliability";

/**
 * A session the teacher never joined counts as cancelled by the session-change rules: the
 * reliability job, recording it absent, cancels it as a teacher's cancel would (the change stored,
 * session.cancelled, each family's email, then a make-up or the seat's credit after the deadline),
 * once however often it runs; a session the teacher came to, one with no room in our classroom,
 * and one already cancelled or moved are left as they are.
 */

const { db, mail, deliver, received, emailOf } = mailHarness();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** SESSION_MAKEUP_DEADLINE_HOURS' default: the test environment does not set it. */
const DEADLINE_HOURS = 72;

const teacherOf = (section: { teacherId: number }): Actor => ({ id: section.teacherId, email: "t@example.com", role: "teacher" });

/**
 * A daily section (UTC) whose session today began `minutesAgo` ago, with one family's paid seat
 * (bought an hour before) that came into the room; the teacher first in `teacherJoinedAfter`
 * minutes after the start, or never (null). `room: false`: nobody pressed Join, no room was made.
 */
async function heldSession(minutesAgo: number, teacherJoinedAfter: number | null, options: { room?: boolean; meetingUrl?: string } = {}) {
  const { section, start } = await dailySection(db(), -minutesAgo);
  if (options.meetingUrl) await db().update(sections).set({ meetingUrl: options.meetingUrl }).where(eq(sections.id, section.id));
  const family = await paidSeat(db(), section, await newFamily(db()), new Date(start.getTime() - HOUR));
  if (options.room === false) return { section, start, family };
  await roomWithJoins(db(), { section, start, learnerUserId: family.parentId, teacherJoinedAfterMinutes: teacherJoinedAfter });
  return { section, start, family };
}

const changesOf = (sectionId: number) => db().select().from(sessionChanges).where(eq(sessionChanges.sectionId, sectionId));

/** The session.cancelled events written for this change. */
const cancelEventsOf = async (changeId: number) =>
  db()
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.topic, eventTopic(sessionCancelled.name)), sql`(${outbox.payload} ->> 'changeId')::int = ${changeId}`));

/** The seat's recorded value of one session (its share of the price, as bought). */
async function valueOf(learnerId: number, occurrence: Date) {
  const [row] = await db()
    .select({ valueMinor: seatSessions.valueMinor })
    .from(seatSessions)
    .innerJoin(bookings, eq(bookings.id, seatSessions.bookingId))
    .where(and(eq(bookings.learnerId, learnerId), eq(seatSessions.occurrence, occurrence)));
  return row!.valueMinor;
}

const sessionCreditsOf = (userId: number) =>
  db()
    .select({ amountMinor: ledgerEntries.amountMinor })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, "session_credit")));

const courseTitleOf = async (courseId: number) => (await db().select().from(courses).where(eq(courses.id, courseId)))[0]!.title;

describe("a session the teacher never joined counts as cancelled", () => {
  it("is cancelled as the teacher's own cancel is: stored, announced, mailed to the family, and credited after the deadline", async () => {
    const { section, start, family } = await heldSession(120, null);
    const tomorrow = new Date(start.getTime() + 24 * HOUR);
    // The teacher's own cancel of the next session, for the comparison.
    const byTeacher = await cancelSession(teacherOf(section), section.id, { occurrence: tomorrow.toISOString() });
    await deliver();
    await mail.clear();

    expect(await recordTeacherReliability(db())).toBeGreaterThanOrEqual(1);
    const [missed] = (await changesOf(section.id)).filter((c) => c.originalStartsAt.getTime() === start.getTime());
    // The same row a teacher's cancel writes, counted from the session's time, with no person as its author.
    expect(missed).toMatchObject({
      kind: "cancelled",
      startsAt: null,
      makeupStartsAt: null,
      creditedAt: null,
      creditDueAt: new Date(start.getTime() + DEADLINE_HOURS * HOUR),
      sequence: byTeacher.sequence + 1,
      changedById: null,
    });
    expect(byTeacher).toMatchObject({ kind: "cancelled", creditDueAt: new Date(tomorrow.getTime() + DEADLINE_HOURS * HOUR) });
    const [stored] = await db().select().from(sections).where(eq(sections.id, section.id));
    expect(stored!.scheduleVersion).toBe(missed!.sequence);
    expect(await cancelEventsOf(missed!.id)).toHaveLength(1);

    // The family's email: the teacher's cancel's, saying why.
    await deliver();
    const title = await courseTitleOf(section.courseId);
    const messages = await received(await emailOf(family.parentId));
    expect(messages.map((m) => m.subject)).toEqual([`One ${title} session is cancelled`]);
    expect(messages[0]!.text).toContain(`The teacher did not come to the classroom for one session of ${title}`);
    expect(messages[0]!.text).toContain("goes to your Cash automatically");
    expect(messages[0]!.attachments.map((a) => a.filename)).toContain("invite.ics");

    // No make-up by the deadline: the seat's share of each session is credited, the missed one as the cancelled one.
    expect(await creditCancelledSessions(db(), new Date(missed!.creditDueAt!.getTime() - MINUTE))).toBe(0);
    expect(await creditCancelledSessions(db(), new Date(byTeacher.creditDueAt!.getTime() + MINUTE))).toBe(2);
    const missedValue = await valueOf(family.learnerId, start);
    const cancelledValue = await valueOf(family.learnerId, tomorrow);
    expect(missedValue).toBeGreaterThan(0);
    expect((await sessionCreditsOf(family.parentId)).map((c) => c.amountMinor).sort()).toEqual([missedValue, cancelledValue].sort());
    expect(await db().select().from(sessionCredits).where(eq(sessionCredits.sessionChangeId, missed!.id))).toMatchObject([
      { userId: family.parentId, amountMinor: missedValue },
    ]);
    expect(await balanceOf(db(), family.parentId)).toBe(missedValue + cancelledValue);
  });

  it("takes a make-up from the teacher instead of the credit, and the admin's table says which", async () => {
    const { section, start, family } = await heldSession(120, null);
    await recordTeacherReliability(db());
    // Tomorrow, three hours after the daily session's time: free.
    const makeup = new Date(start.getTime() + 27 * HOUR);
    await setMakeupSession(teacherOf(section), section.id, {
      occurrence: start.toISOString(),
      startsAt: makeup.toISOString().slice(0, 16),
      timezone: "UTC",
    });
    expect(await creditCancelledSessions(db(), new Date(start.getTime() + (DEADLINE_HOURS + 1) * HOUR))).toBe(0);
    expect(await sessionCreditsOf(family.parentId)).toEqual([]);

    const admin: Actor = await insertActor(db(), "admin");
    const { lapses } = await teacherReliability(admin);
    expect(lapses.find((l) => l.sectionId === section.id)).toMatchObject({ kind: "absent", cancellation: "makeup" });
  });

  it("leaves alone a session the teacher came to, late or on time, and one with no room in our classroom", async () => {
    const onTime = await heldSession(120, 1);
    const late = await heldSession(120, 9);
    const noRoom = await heldSession(120, null, { room: false });
    const outside = await heldSession(120, null, { meetingUrl: "https://meet.example.com/licensed-room" });
    await deliver();
    await mail.clear();

    await recordTeacherReliability(db());
    for (const held of [onTime, late, noRoom, outside]) {
      expect(await changesOf(held.section.id)).toEqual([]);
      const [stored] = await db().select().from(sections).where(eq(sections.id, held.section.id));
      expect(stored!.scheduleVersion).toBe(held.section.scheduleVersion);
    }
    const kinds = await db()
      .select({ sectionId: teacherSessionReliability.sectionId, kind: teacherSessionReliability.kind })
      .from(teacherSessionReliability);
    expect(kinds).toEqual(
      expect.arrayContaining([
        { sectionId: onTime.section.id, kind: "on-time" },
        { sectionId: late.section.id, kind: "late" },
      ]),
    );
    expect(kinds.filter((k) => k.sectionId === noRoom.section.id || k.sectionId === outside.section.id)).toEqual([]);
    await deliver();
    for (const held of [onTime, late, noRoom, outside]) expect(await received(await emailOf(held.family.parentId))).toEqual([]);
  });

  it("cancels once however often the job runs, two instances at once included", async () => {
    const first = await heldSession(150, null);
    const second = await heldSession(150, null);
    await deliver();
    await mail.clear();

    await Promise.all([recordTeacherReliability(db()), recordTeacherReliability(db())]);
    expect(await recordTeacherReliability(db())).toBe(0);
    // Even with the record deleted by hand, the job finds the session cancelled and leaves it.
    await db().delete(teacherSessionReliability).where(eq(teacherSessionReliability.sectionId, first.section.id));
    expect(await recordTeacherReliability(db())).toBe(1);

    for (const held of [first, second]) {
      const changes = await changesOf(held.section.id);
      expect(changes).toMatchObject([{ kind: "cancelled", originalStartsAt: held.start, sequence: held.section.scheduleVersion + 1 }]);
      expect(await cancelEventsOf(changes[0]!.id)).toHaveLength(1);
      const [stored] = await db().select().from(sections).where(eq(sections.id, held.section.id));
      expect(stored!.scheduleVersion).toBe(held.section.scheduleVersion + 1);
    }
    await deliver();
    await deliver();
    for (const held of [first, second]) expect(await received(await emailOf(held.family.parentId))).toHaveLength(1);
    expect(await creditCancelledSessions(db(), new Date(first.start.getTime() + (DEADLINE_HOURS + 1) * HOUR))).toBe(2);
  });

  it("does not touch again a session cancelled or moved before it began, its room made by an early Join", async () => {
    const cancelled = await heldSession(120, null);
    const moved = await heldSession(120, null);
    const before = new Date(cancelled.start.getTime() - 5 * MINUTE);
    await cancelSession(teacherOf(cancelled.section), cancelled.section.id, { occurrence: cancelled.start.toISOString() }, before);
    const later = new Date(moved.start.getTime() + 27 * HOUR);
    await moveSession(
      teacherOf(moved.section),
      moved.section.id,
      { occurrence: moved.start.toISOString(), startsAt: later.toISOString().slice(0, 16), timezone: "UTC" },
      new Date(moved.start.getTime() - 5 * MINUTE),
    );
    const [wasCancelled] = await changesOf(cancelled.section.id);
    const [wasMoved] = await changesOf(moved.section.id);

    await recordTeacherReliability(db());
    expect(await changesOf(cancelled.section.id)).toEqual([wasCancelled]);
    expect(await changesOf(moved.section.id)).toEqual([wasMoved]);
    expect(await cancelEventsOf(wasCancelled!.id)).toHaveLength(1);
    expect(await cancelEventsOf(wasMoved!.id)).toEqual([]);
  });
});

/**
 * A moved session and a make-up are sessions the families wait in the classroom for like any other:
 * one the teacher never joined is cancelled by the same rules, its room named by the time it was
 * held, its credit due from that time, the family told of that time, and a seat credited once.
 */
describe("a moved session or a make-up the teacher never joined counts as cancelled too", () => {
  const DAY = 24 * HOUR;
  const FAMILY_ZONE = "America/Los_Angeles";

  /** A daily section (UTC) whose first session (`start`) was three days ago, a family's seat bought two days before it. */
  async function pastSeries() {
    const { section, start } = await dailySection(db(), -3 * 1440);
    const family = await paidSeat(db(), section, await newFamily(db()), new Date(start.getTime() - 2 * DAY));
    return { section, start, family };
  }

  const reliabilityOf = (sectionId: number) =>
    db()
      .select({
        sessionStartsAt: teacherSessionReliability.sessionStartsAt,
        kind: teacherSessionReliability.kind,
        sessionChangeId: teacherSessionReliability.sessionChangeId,
      })
      .from(teacherSessionReliability)
      .where(eq(teacherSessionReliability.sectionId, sectionId))
      .orderBy(teacherSessionReliability.sessionStartsAt);

  const creditsOfChange = (changeId: number) => db().select().from(sessionCredits).where(eq(sessionCredits.sessionChangeId, changeId));

  it("cancels a moved session at the time it was moved to: the credit due from that time, the family told of it, credited once", async () => {
    const { section, start, family } = await pastSeries();
    const movedTo = new Date(start.getTime() + 90 * MINUTE);
    const moved = await moveSession(
      teacherOf(section),
      section.id,
      { occurrence: start.toISOString(), startsAt: movedTo.toISOString().slice(0, 16), timezone: "UTC" },
      new Date(start.getTime() - DAY),
    );
    // The families came at the new time; the teacher never did.
    await roomWithJoins(db(), { section, start: movedTo, learnerUserId: family.parentId, teacherJoinedAfterMinutes: null });
    await deliver();
    await mail.clear();

    const judgedAt = new Date(movedTo.getTime() + 2 * HOUR);
    await recordTeacherReliability(db(), judgedAt);
    const [missed] = await changesOf(section.id);
    expect(missed).toMatchObject({
      id: moved.id,
      originalStartsAt: start,
      kind: "cancelled",
      startsAt: null,
      endsAt: null,
      makeupStartsAt: null,
      creditedAt: null,
      creditDueAt: new Date(movedTo.getTime() + DEADLINE_HOURS * HOUR),
      sequence: moved.sequence + 1,
      changedById: null,
    });
    const [stored] = await db().select().from(sections).where(eq(sections.id, section.id));
    expect(stored!.scheduleVersion).toBe(missed!.sequence);
    expect(await cancelEventsOf(missed!.id)).toHaveLength(1);
    expect(await reliabilityOf(section.id)).toEqual([{ sessionStartsAt: movedTo, kind: "absent", sessionChangeId: missed!.id }]);
    // Once: the job again, at the same time or later, changes nothing.
    await recordTeacherReliability(db(), judgedAt);
    await recordTeacherReliability(db());
    expect(await changesOf(section.id)).toEqual([missed]);
    expect(await cancelEventsOf(missed!.id)).toHaveLength(1);

    // The family's email names the session by the time it was moved to, the one they waited at.
    await deliver();
    const title = await courseTitleOf(section.courseId);
    const messages = await received(await emailOf(family.parentId));
    expect(messages.map((m) => m.subject)).toEqual([`One ${title} session is cancelled`]);
    expect(messages[0]!.text).toContain(`The teacher did not come to the classroom for one session of ${title}`);
    expect(messages[0]!.text).toContain(formatInstantInZone(movedTo, FAMILY_ZONE));

    // No make-up by the deadline counted from the moved time: the seat's share of that session, once.
    await creditCancelledSessions(db(), new Date(missed!.creditDueAt!.getTime() - MINUTE));
    expect(await sessionCreditsOf(family.parentId)).toEqual([]);
    await creditCancelledSessions(db(), new Date(missed!.creditDueAt!.getTime() + MINUTE));
    await creditCancelledSessions(db(), new Date(missed!.creditDueAt!.getTime() + HOUR));
    const value = await valueOf(family.learnerId, start);
    expect(value).toBeGreaterThan(0);
    expect(await sessionCreditsOf(family.parentId)).toEqual([{ amountMinor: value }]);
    expect(await creditsOfChange(missed!.id)).toMatchObject([{ userId: family.parentId, amountMinor: value }]);
    expect(await balanceOf(db(), family.parentId)).toBe(value);

    const admin: Actor = await insertActor(db(), "admin");
    const { lapses } = await teacherReliability(admin, judgedAt);
    expect(lapses.find((l) => l.sectionId === section.id)).toMatchObject({
      kind: "absent",
      sessionStartsAt: movedTo,
      cancellation: "credited",
    });
  });

  it("cancels a make-up the teacher never joined: owed again, its credit due from the make-up's time and made once", async () => {
    const { section, start, family } = await pastSeries();
    // The teacher never came to the session itself: the job cancelled it; they set a make-up for the next day.
    await roomWithJoins(db(), { section, start, learnerUserId: family.parentId, teacherJoinedAfterMinutes: null });
    await recordTeacherReliability(db(), new Date(start.getTime() + 2 * HOUR));
    const makeup = new Date(start.getTime() + 27 * HOUR);
    const withMakeup = await setMakeupSession(
      teacherOf(section),
      section.id,
      { occurrence: start.toISOString(), startsAt: makeup.toISOString().slice(0, 16), timezone: "UTC" },
      new Date(start.getTime() + 3 * HOUR),
    );
    // ...and never came to the make-up either.
    await roomWithJoins(db(), { section, start: makeup, learnerUserId: family.parentId, teacherJoinedAfterMinutes: null });
    await deliver();
    await mail.clear();

    const judgedAt = new Date(makeup.getTime() + 2 * HOUR);
    await recordTeacherReliability(db(), judgedAt);
    await recordTeacherReliability(db(), judgedAt);
    const [missed] = await changesOf(section.id);
    expect(missed).toMatchObject({
      id: withMakeup.id,
      originalStartsAt: start,
      kind: "cancelled",
      makeupStartsAt: null,
      makeupEndsAt: null,
      creditedAt: null,
      creditDueAt: new Date(makeup.getTime() + DEADLINE_HOURS * HOUR),
      sequence: withMakeup.sequence + 1,
      changedById: null,
    });
    // The session's cancel and the make-up's: one each.
    expect(await cancelEventsOf(missed!.id)).toHaveLength(2);
    expect(await reliabilityOf(section.id)).toEqual([
      { sessionStartsAt: start, kind: "absent", sessionChangeId: missed!.id },
      { sessionStartsAt: makeup, kind: "absent", sessionChangeId: missed!.id },
    ]);

    await deliver();
    const title = await courseTitleOf(section.courseId);
    const messages = await received(await emailOf(family.parentId));
    expect(messages.map((m) => m.subject)).toEqual([`One ${title} session is cancelled`]);
    expect(messages[0]!.text).toContain(`The teacher did not come to the classroom for one session of ${title}`);
    expect(messages[0]!.text).toContain(formatInstantInZone(makeup, FAMILY_ZONE));

    // The session's own deadline passes with nothing credited (a make-up was owed then); the make-up's credits the seat once.
    await creditCancelledSessions(db(), new Date(start.getTime() + DEADLINE_HOURS * HOUR + MINUTE));
    expect(await sessionCreditsOf(family.parentId)).toEqual([]);
    await creditCancelledSessions(db(), new Date(missed!.creditDueAt!.getTime() + MINUTE));
    await creditCancelledSessions(db(), new Date(missed!.creditDueAt!.getTime() + HOUR));
    const value = await valueOf(family.learnerId, start);
    expect(await sessionCreditsOf(family.parentId)).toEqual([{ amountMinor: value }]);
    expect(await creditsOfChange(missed!.id)).toHaveLength(1);
    expect(await balanceOf(db(), family.parentId)).toBe(value);
  });

  it("takes another make-up from the teacher after a missed one, and credits nothing then", async () => {
    const { section, start, family } = await pastSeries();
    await cancelSession(teacherOf(section), section.id, { occurrence: start.toISOString() }, new Date(start.getTime() - DAY));
    const makeup = new Date(start.getTime() + 3 * HOUR);
    await setMakeupSession(
      teacherOf(section),
      section.id,
      { occurrence: start.toISOString(), startsAt: makeup.toISOString().slice(0, 16), timezone: "UTC" },
      new Date(start.getTime() - DAY),
    );
    await roomWithJoins(db(), { section, start: makeup, learnerUserId: family.parentId, teacherJoinedAfterMinutes: null });
    await recordTeacherReliability(db(), new Date(makeup.getTime() + 2 * HOUR));
    const [missed] = await changesOf(section.id);
    expect(missed).toMatchObject({ kind: "cancelled", makeupStartsAt: null, changedById: null });

    const second = new Date(makeup.getTime() + 27 * HOUR);
    const again = await setMakeupSession(
      teacherOf(section),
      section.id,
      { occurrence: start.toISOString(), startsAt: second.toISOString().slice(0, 16), timezone: "UTC" },
      new Date(makeup.getTime() + 3 * HOUR),
    );
    expect(again).toMatchObject({ id: missed!.id, makeupStartsAt: second, sequence: missed!.sequence + 1 });
    await creditCancelledSessions(db(), new Date(missed!.creditDueAt!.getTime() + HOUR));
    expect(await sessionCreditsOf(family.parentId)).toEqual([]);
    expect(await creditsOfChange(missed!.id)).toEqual([]);
  });
});
