import { eq } from "drizzle-orm";

import { getThread, postMessage, startThread } from "@/lib/messages/threads";
import { concernReports, courses, sections, teacherProfiles } from "@/lib/platform/db/schema";
import { findCoursePage } from "@/lib/scheduling/course-page";
import { insertActor } from "@/test/fixtures";
import { mailHarness } from "@/test/mail-harness";
import { familyWithSeat } from "@/test/message-fixtures";

import { actOnConcern } from "./concern-actions";
import { getConcern, listConcerns, reportConcern, triageConcern } from "./concerns";
import { SAFETY_MESSAGES } from "./schema";

/**
 * Issue 40: a parent reports a concern; it reaches support's queue with its 24-hour clock; support
 * acts (suspending the teacher takes their classes off sale and tells the families) and closes it;
 * the reporter is told. Real database, real SMTP.
 */
const { db, mail, deliver, received } = mailHarness();
const HOUR = 3_600_000;

async function courseSlugOf(sectionId: number) {
  const [row] = await db()
    .select({ slug: courses.slug })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(sections.id, sectionId));
  return row!.slug;
}

describe("reporting a concern", () => {
  it("reaches the queue, is acted on (suspension takes the classes off sale, families told) and closed, and the reporter is told", async () => {
    await mail.clear();
    const family = await familyWithSeat(db(), { parent: "Priya Rao", teacher: "Ms Lopez" });
    const other = await familyWithSeat(db(), { parent: "Sam Okafor" });
    // The other family's child is in the same teacher's class.
    await db().update(sections).set({ teacherId: family.teacher.id }).where(eq(sections.id, other.sectionId));
    const support = await insertActor(db(), "support");
    const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
    const { messageId } = await postMessage(family.teacher, threadId, { body: "Let's keep this our little secret." });
    const slug = await courseSlugOf(family.sectionId);
    expect((await findCoursePage(slug))!.sections).toHaveLength(1);

    const reportedAt = new Date(Date.now() - 30 * HOUR);
    const { concernId } = await reportConcern(
      family.parent,
      {
        subjectType: "message",
        subjectId: String(messageId),
        reason: "unsafe_contact",
        details: "The teacher asked Ada to keep a secret.",
      },
      reportedAt,
    );
    const queued = (await listConcerns(support)).find((c) => c.id === concernId)!;
    expect(queued).toMatchObject({ status: "new", reason: "unsafe_contact", reporterName: "Priya Rao", isOverdue: true });
    expect(queued.subjectLabel).toMatch(/^A message in/);
    expect(queued.firstResponseDue).toEqual(new Date(reportedAt.getTime() + 24 * HOUR));
    await expect(listConcerns(family.parent)).rejects.toMatchObject({ code: "forbidden" });

    await triageConcern(support, { concernId, status: "in_review", note: "Reading the thread." });
    await actOnConcern(support, { concernId, action: "hide-message" });
    await actOnConcern(support, { concernId, action: "suspend-teacher" });
    // Off sale: the course page lists no section of theirs, their profile is not approved, their conversations are closed.
    expect((await findCoursePage(slug))?.sections ?? []).toHaveLength(0);
    const [profile] = await db()
      .select({ approvedAt: teacherProfiles.approvedAt })
      .from(teacherProfiles)
      .where(eq(teacherProfiles.userId, family.teacher.id));
    expect(profile!.approvedAt).toBeNull();
    expect((await getThread(family.parent, threadId)).isBlocked).toBe(true);
    expect((await getThread(family.parent, threadId)).messages.find((m) => m.id === messageId)).toMatchObject({
      isHidden: true,
      body: null,
    });

    await triageConcern(support, { concernId, status: "closed", note: "Teacher suspended; message hidden." });
    const view = await getConcern(support, concernId);
    expect(view).toMatchObject({ status: "closed", firstResponseDue: null, isOverdue: false });
    expect(view.notes.map((n) => n.body)).toEqual(["Reading the thread.", "Teacher suspended; message hidden."]);
    expect(view.trail.map((t) => t.action)).toEqual([
      "concern.reported",
      "concern.in_review",
      "concern.action.hide-message",
      "concern.action.suspend-teacher",
      "concern.closed",
    ]);

    await deliver();
    await deliver();
    const toReporter = await received(family.parent.email);
    // These seats were written without an order (nothing paid): the suspension's refunds and its
    // families' emails are in teacher-suspension.test.ts, with paid seats.
    expect(toReporter.map((m) => m.subject)).toEqual(["Your report has been closed"]);
    expect(toReporter[0]!.text).toContain("A message in");
  });

  it("refuses an empty or a 10,000-character report, a thing the reporter cannot see, and a second report of the same thing, each with a message, nothing stored", async () => {
    const family = await familyWithSeat(db());
    const stranger = await familyWithSeat(db());
    const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
    const { messageId } = await postMessage(family.teacher, threadId, { body: "Hi!" });
    const count = async () => (await db().select({ id: concernReports.id }).from(concernReports)).length;
    const before = await count();
    const base = { subjectType: "message", subjectId: String(messageId), reason: "inappropriate", details: "Unkind." };

    await expect(reportConcern(family.parent, { ...base, details: "   " })).rejects.toMatchObject({
      code: "invalid",
      message: SAFETY_MESSAGES.detailsRequired,
    });
    await expect(reportConcern(family.parent, { ...base, details: "x".repeat(10_000) })).rejects.toMatchObject({
      code: "invalid",
      message: SAFETY_MESSAGES.detailsTooLong,
    });
    await expect(reportConcern(family.parent, { ...base, reason: "because" })).rejects.toMatchObject({ code: "invalid" });
    // Another family's message, a message that does not exist, an unpublished or unknown class, an unknown teacher: the same answer.
    await expect(reportConcern(stranger.parent, base)).rejects.toMatchObject({ code: "not-found", message: SAFETY_MESSAGES.notFound });
    await expect(reportConcern(family.parent, { ...base, subjectId: "999999999" })).rejects.toMatchObject({ code: "not-found" });
    await expect(reportConcern(family.parent, { ...base, subjectType: "course", subjectId: "no-such-course" })).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(reportConcern(family.parent, { ...base, subjectType: "teacher", subjectId: "abc" })).rejects.toMatchObject({
      code: "not-found",
    });
    // A parent cannot report a family; a teacher may report a family they teach.
    await expect(
      reportConcern(family.parent, { ...base, subjectType: "family", subjectId: String(stranger.parent.id) }),
    ).rejects.toMatchObject({ code: "not-found" });
    await expect(reportConcern(family.teacher, { ...base, subjectId: String(messageId), subjectType: "message" })).rejects.toMatchObject({
      message: SAFETY_MESSAGES.ownMessage,
    });
    expect(await count()).toBe(before);

    await reportConcern(family.parent, base);
    await expect(reportConcern(family.parent, base)).rejects.toMatchObject({ code: "conflict", message: SAFETY_MESSAGES.duplicate });
    await reportConcern(family.teacher, { ...base, subjectType: "family", subjectId: String(family.parent.id) });
    expect(await count()).toBe(before + 2);
  });
});
