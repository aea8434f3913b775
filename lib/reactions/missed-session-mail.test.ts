import { and, eq, sql } from "drizzle-orm";

import { sessionMissedByTeacher } from "@/lib/classroom/events";
import { recordTeacherReliability } from "@/lib/classroom/reliability";
import type { Actor } from "@/lib/platform/auth/permissions";
import { courses, outbox, sessionChanges, teacherSessionReliability } from "@/lib/platform/db/schema";
import { eventTopic } from "@/lib/platform/events/events";
import { cancelSession, setMakeupSession } from "@/lib/scheduling/session-changes";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { dailySection, paidSeat, roomWithJoins } from "@/test/classroom-fixtures";
import { newFamily } from "@/test/commerce-fixtures";
import { markReactionsUndelivered } from "@/test/events";
import { mailHarness } from "@/test/mail-harness";

/**
 * A teacher whose no-show cancelled a session is told (classroom.session-missed-by-teacher, written
 * in the transaction that records the absence and cancels the session): which session, as it was
 * held, in their zone, and what the families were offered, rendered when the event is delivered;
 * once however often it is delivered. A session they came to, or one not cancelled for it, tells them nothing.
 */
const { db, mail, deliver, received, emailOf } = mailHarness();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The teacher's profile zone (test/commerce-fixtures.ts newSection's teacher). */
const TEACHER_ZONE = "America/New_York";

const teacherOf = (section: { teacherId: number }): Actor => ({ id: section.teacherId, email: "t@example.com", role: "teacher" });
const titleOf = async (courseId: number) => (await db().select().from(courses).where(eq(courses.id, courseId)))[0]!.title;

/** A daily section (UTC) whose first session (`start`) was three days ago, one family's seat (Ada) bought two days before it. */
async function pastSeries() {
  const { section, start } = await dailySection(db(), -3 * 1440);
  const family = await paidSeat(db(), section, await newFamily(db()), new Date(start.getTime() - 2 * DAY));
  return { section, start, family, title: await titleOf(section.courseId), teacherEmail: await emailOf(section.teacherId) };
}

/** The missed-session events written for this section's records. */
const missedEventsOf = (sectionId: number) =>
  db()
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        eq(outbox.topic, eventTopic(sessionMissedByTeacher.name)),
        sql`(${outbox.payload} ->> 'reliabilityId')::int in (select id from ${teacherSessionReliability} where section_id = ${sectionId})`,
      ),
    );

describe("the teacher's message when their no-show cancelled a session", () => {
  it("says which session was cancelled because they did not join and what the families were offered, once", async () => {
    const { section, start, family, title, teacherEmail } = await pastSeries();
    await roomWithJoins(db(), { section, start, learnerUserId: family.parentId, teacherJoinedAfterMinutes: null });
    await deliver();
    await mail.clear();

    await recordTeacherReliability(db(), new Date(start.getTime() + 2 * HOUR));
    const [record] = await db().select().from(teacherSessionReliability).where(eq(teacherSessionReliability.sectionId, section.id));
    const [change] = await db().select().from(sessionChanges).where(eq(sessionChanges.sectionId, section.id));
    // Written with the record and the cancel, in their transaction.
    expect(await missedEventsOf(section.id)).toEqual([{ payload: { reliabilityId: record!.id, changeId: change!.id, heldAs: "regular" } }]);

    await deliver();
    // Delivered again (a crash before its delivery was recorded): still one message.
    expect(await markReactionsUndelivered(db(), sessionMissedByTeacher.name, "missed-session-teacher-mail")).toBeGreaterThan(0);
    await deliver();
    const messages = await received(teacherEmail);
    expect(messages.map((m) => m.subject)).toEqual([`Your ${title} session was cancelled: you did not join`]);
    const text = messages[0]!.text!;
    expect(text).toContain(
      `You did not come into the classroom for the session of ${title} on ${formatInstantInZone(start, TEACHER_ZONE)}, so it counts as cancelled and is on your reliability record.`,
    );
    expect(text).toContain("We told the family of Ada that the session is cancelled.");
    expect(text).toContain(
      `They were offered a make-up session: you can set one on the section's sessions page until ${formatInstantInZone(change!.creditDueAt!, TEACHER_ZONE)}. If none is set by then, each family's share of that session's price is credited to their Cash automatically.`,
    );
    expect(text).toContain(`/teacher/sections/${section.id}/sessions`);
    expect(messages[0]!.html).toContain("Set a make-up session");
  });

  it("names a missed make-up by the make-up's time, and a make-up set before delivery as set", async () => {
    const { section, start, family, title, teacherEmail } = await pastSeries();
    await cancelSession(teacherOf(section), section.id, { occurrence: start.toISOString() }, new Date(start.getTime() - DAY));
    const makeup = new Date(start.getTime() + 3 * HOUR);
    await setMakeupSession(
      teacherOf(section),
      section.id,
      { occurrence: start.toISOString(), startsAt: makeup.toISOString().slice(0, 16), timezone: "UTC" },
      new Date(start.getTime() - DAY),
    );
    await roomWithJoins(db(), { section, start: makeup, learnerUserId: family.parentId, teacherJoinedAfterMinutes: null });
    await deliver();
    await mail.clear();

    await recordTeacherReliability(db(), new Date(makeup.getTime() + 2 * HOUR));
    expect((await missedEventsOf(section.id)).map((e) => e.payload)).toMatchObject([{ heldAs: "makeup" }]);
    // The teacher sets another make-up before the message goes out: it says so, not the deadline.
    const second = new Date(makeup.getTime() + 27 * HOUR);
    await setMakeupSession(
      teacherOf(section),
      section.id,
      { occurrence: start.toISOString(), startsAt: second.toISOString().slice(0, 16), timezone: "UTC" },
      new Date(makeup.getTime() + 3 * HOUR),
    );
    await deliver();
    const messages = await received(teacherEmail);
    expect(messages.map((m) => m.subject)).toEqual([`Your ${title} make-up session was cancelled: you did not join`]);
    const text = messages[0]!.text!;
    expect(text).toContain(`for the make-up session of ${title} on ${formatInstantInZone(makeup, TEACHER_ZONE)}`);
    expect(text).toContain(
      `You have since set a make-up session for ${formatInstantInZone(second, TEACHER_ZONE)}, and the families were told.`,
    );
    expect(text).not.toContain("They were offered");
  });

  it("tells nothing for a session the teacher came to late, or one cancelled before it began", async () => {
    const late = await pastSeries();
    await roomWithJoins(db(), {
      section: late.section,
      start: late.start,
      learnerUserId: late.family.parentId,
      teacherJoinedAfterMinutes: 9,
    });
    const cancelled = await pastSeries();
    await cancelSession(
      teacherOf(cancelled.section),
      cancelled.section.id,
      { occurrence: cancelled.start.toISOString() },
      new Date(cancelled.start.getTime() - DAY),
    );
    await roomWithJoins(db(), {
      section: cancelled.section,
      start: cancelled.start,
      learnerUserId: cancelled.family.parentId,
      teacherJoinedAfterMinutes: null,
    });
    await deliver();
    await mail.clear();

    await recordTeacherReliability(db(), new Date(late.start.getTime() + 2 * HOUR));
    const kinds = await db()
      .select({ sectionId: teacherSessionReliability.sectionId, kind: teacherSessionReliability.kind })
      .from(teacherSessionReliability);
    expect(kinds).toEqual(
      expect.arrayContaining([
        { sectionId: late.section.id, kind: "late" },
        { sectionId: cancelled.section.id, kind: "absent" },
      ]),
    );
    for (const held of [late, cancelled]) expect(await missedEventsOf(held.section.id)).toEqual([]);
    await deliver();
    for (const held of [late, cancelled]) expect(await received(held.teacherEmail)).toEqual([]);
  });
});
