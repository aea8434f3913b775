import "server-only";

import { and, eq, gt, inArray, isNull, lte } from "drizzle-orm";

import { homeworkFeedbackReturned } from "@/lib/homework/events";
import { MARK_MAX, MARK_WORDS } from "@/lib/homework/limits";
import { firstNameOf } from "@/lib/homework/sections";
import { familyHomeworkItem } from "@/lib/homework/views";
import { enqueueDeferredEmails, type EmailRenderer } from "@/lib/notifications/deferred-email";
import { homeworkDueEmail, homeworkFeedbackEmail } from "@/lib/notifications/messages/homework";
import { isUnsubscribed, listUnsubscribeHeaders, unsubscribePageUrl, unsubscribeTokenFor } from "@/lib/notifications/preferences";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { teacherNameShown } from "@/lib/platform/db/queries";
import { bookings, homeworkSubmissions, homeworkTasks, learners, sections, teacherProfiles, users } from "@/lib/platform/db/schema";
import type { Handler } from "@/lib/platform/events/reactions";
import type { EventPayload } from "@/lib/platform/events/events";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { readerZone } from "./booking-mail";

/**
 * The family's homework emails, rendered when they are sent (from the rows as they are then):
 * "feedback returned" after a teacher marks a child's work, and a reminder the day before a task
 * is due to a family that has not handed it in, unless its address turned such emails off.
 */
export const HOMEWORK_FEEDBACK_KIND = "homework-feedback";
export const HOMEWORK_DUE_KIND = "homework-due";
const REMINDER_LEAD_MS = 24 * 3_600_000;

export const homeworkPageUrl = (taskId: number, learnerId: number) => `${brand.siteUrl}/my-courses/homework/${taskId}?learner=${learnerId}`;

export const homeworkFeedbackMail: Handler<EventPayload<typeof homeworkFeedbackReturned>> = {
  name: "homework-feedback-mail",
  // Keyed by the feedback's version: changed feedback tells again; a second delivery of one event queues nothing.
  handle: (db, { submissionId, version }) =>
    enqueueDeferredEmails(db, [
      { key: `homework_feedback:${submissionId}:${version}`, kind: HOMEWORK_FEEDBACK_KIND, ref: String(submissionId) },
    ]),
};

async function parentOfLearner(db: Pick<Database, "select">, learnerId: number) {
  const [row] = await db
    .select({ parentId: users.id, email: users.email, name: users.displayName, zone: users.timezone, child: learners.firstName })
    .from(learners)
    .innerJoin(users, eq(users.id, learners.parentId))
    .where(eq(learners.id, learnerId));
  return row ?? null;
}

const renderFeedback: EmailRenderer = async (db, ref) => {
  const [row] = await db
    .select({
      taskId: homeworkSubmissions.taskId,
      learnerId: homeworkSubmissions.learnerId,
      publicName: teacherProfiles.publicName,
      teacherName: users.displayName,
    })
    .from(homeworkSubmissions)
    .innerJoin(homeworkTasks, eq(homeworkTasks.id, homeworkSubmissions.taskId))
    .innerJoin(sections, eq(sections.id, homeworkTasks.sectionId))
    .innerJoin(users, eq(users.id, sections.teacherId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .where(eq(homeworkSubmissions.id, Number(ref)));
  if (!row) return null;
  const parent = await parentOfLearner(db, row.learnerId);
  if (!parent) return null;
  const item = await familyHomeworkItem(db, parent.parentId, row.learnerId, row.taskId);
  const feedback = item?.submission?.feedback;
  if (!item || !feedback) return null;
  const content = homeworkFeedbackEmail({
    readerName: parent.name,
    child: parent.child,
    // Issue 38: the public name families know the teacher by, else the account's first name.
    teacherName: teacherNameShown(row.publicName, firstNameOf(row.teacherName, "Your teacher"))!,
    courseTitle: item.courseTitle,
    taskTitle: item.title,
    marks: feedback.marks.map((m) => `${m.criterion}: ${m.mark} of ${MARK_MAX} (${MARK_WORDS[m.mark]})`),
    pageUrl: homeworkPageUrl(row.taskId, row.learnerId),
  });
  return { ...content, to: parent.email };
};

const dueKey = (taskId: number, learnerId: number) => `homework_due:${taskId}:${learnerId}`;

const renderDue: EmailRenderer = async (db, ref) => {
  const [taskId, learnerId] = ref.split(":").map(Number) as [number, number];
  const parent = await parentOfLearner(db, learnerId);
  if (!parent || (await isUnsubscribed(db, parent.email))) return null;
  const item = await familyHomeworkItem(db, parent.parentId, learnerId, taskId);
  // Handed in (or the seat gone) since it was queued: nothing to remind.
  if (!item || item.submission) return null;
  const token = await unsubscribeTokenFor(db, parent.email);
  const content = homeworkDueEmail({
    readerName: parent.name,
    child: parent.child,
    courseTitle: item.courseTitle,
    taskTitle: item.title,
    due: formatInstantInZone(item.dueAt, readerZone(parent.zone, null)),
    pageUrl: homeworkPageUrl(taskId, learnerId),
    preferencesUrl: unsubscribePageUrl(token),
  });
  return { ...content, to: parent.email, headers: listUnsubscribeHeaders(token) };
};

/**
 * One scan (every minute, with the session reminders): queues the reminder of every task due within
 * the next 24 hours for each child seated in its section who has not handed it in. The outbox key
 * names (task, child), so each goes once however many instances scan. Answers how many it queued.
 */
export async function queueHomeworkReminders(db: Database, now: Date = new Date()): Promise<number> {
  const due = await db
    .select({ taskId: homeworkTasks.id, learnerId: bookings.learnerId })
    .from(homeworkTasks)
    .innerJoin(bookings, and(eq(bookings.sectionId, homeworkTasks.sectionId), eq(bookings.kind, "seat"), eq(bookings.status, "confirmed")))
    .leftJoin(
      homeworkSubmissions,
      and(eq(homeworkSubmissions.taskId, homeworkTasks.id), eq(homeworkSubmissions.learnerId, bookings.learnerId)),
    )
    .where(
      and(
        gt(homeworkTasks.dueAt, now),
        lte(homeworkTasks.dueAt, new Date(now.getTime() + REMINDER_LEAD_MS)),
        isNull(homeworkSubmissions.id),
      ),
    );
  const wanted = due.filter((d): d is { taskId: number; learnerId: number } => d.learnerId !== null);
  if (wanted.length === 0) return 0;
  const unsubscribed = await db
    .select({ learnerId: learners.id, email: users.email })
    .from(learners)
    .innerJoin(users, eq(users.id, learners.parentId))
    .where(
      inArray(
        learners.id,
        wanted.map((d) => d.learnerId),
      ),
    );
  const off = new Set<number>();
  for (const row of unsubscribed) if (await isUnsubscribed(db, row.email)) off.add(row.learnerId);
  const emails = wanted
    .filter((d) => !off.has(d.learnerId))
    .map((d) => ({ key: dueKey(d.taskId, d.learnerId), kind: HOMEWORK_DUE_KIND, ref: `${d.taskId}:${d.learnerId}` }));
  if (emails.length > 0) await enqueueDeferredEmails(db, emails);
  return emails.length;
}

export const homeworkMailRenderers: Readonly<Record<string, EmailRenderer>> = {
  [HOMEWORK_FEEDBACK_KIND]: renderFeedback,
  [HOMEWORK_DUE_KIND]: renderDue,
};
