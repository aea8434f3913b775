import "server-only";

import { randomUUID } from "node:crypto";

import { and, eq, inArray, like, lt, notExists, or, sql } from "drizzle-orm";

import type { Transaction } from "@/lib/platform/db/client";
import { bookings, concernReports, courses, messages, messageThreads, sections, users } from "@/lib/platform/db/schema";

import { titleOf } from "./threads";

/** Who the family of a kept conversation is shown as (support's lists and the thread). */
export const FORMER_FAMILY_NAME = "Former family";
/** What a report about the deleted family is named instead of the family's name. */
export const FORMER_FAMILY_LABEL = "Family: a deleted account";
const FORMER_FAMILY_UID_PREFIX = "former-family:";
/**
 * A deleted teacher's anonymous account (lib/accounts/teacher-handover.ts), made at the deletion:
 * its creation is when the teacher's conversations started their retention period.
 */
export const FORMER_TEACHER_UID_PREFIX = "former-teacher:";

/**
 * Issue 40, records kept right: THE RULE for a family's conversations when the family deletes its
 * account (lib/accounts/erase.ts calls keepSafetyConversations in the deletion's transaction).
 *
 * A conversation of the family is KEPT, not deleted, when
 *   - a message in it was flagged by the screen or hidden by support, or
 *   - it is attached to a safety report: a report about one of its messages, a report by its
 *     teacher about the family, or the family's own report about its teacher.
 * Every other conversation of the family goes with the account, as before.
 *
 * What is kept: every message as delivered and, for a flagged one, as typed (what the safety team
 * reads), who wrote it as "Former family" / the teacher / "Support", hides and blocks. What goes
 * (pseudonymised as the deletion requires): the family becomes an anonymous "Former family"
 * account (one per deletion, no sign-in: no Firebase user), the booking and the child are
 * unlinked, the title keeps the class but not the child's name, and the reports naming the family
 * or that title are renamed the same way; the family's read marks and email windows go with the
 * account. A kept conversation is closed (nobody posts), its teacher no longer sees it; support
 * and admins read it, as before, from the support dashboard and the reports.
 *
 * For how long: RETENTION.keptConversationMonths (lib/privacy/config.ts, the privacy policy page
 * states it) from the deletion; then the daily retention job deletes it (purgeKeptConversations).
 */
export async function keepSafetyConversations(tx: Transaction, familyId: number, now: Date): Promise<{ kept: number }> {
  const kept = await tx
    .select({ id: messageThreads.id, kind: bookings.kind, courseTitle: courses.title })
    .from(messageThreads)
    .leftJoin(bookings, eq(bookings.id, messageThreads.bookingId))
    .leftJoin(sections, eq(sections.id, bookings.sectionId))
    .leftJoin(courses, sql`${courses.id} = coalesce(${bookings.courseId}, ${sections.courseId})`)
    .where(
      and(
        eq(messageThreads.familyId, familyId),
        sql`(
          exists (select 1 from messages m where m.thread_id = ${messageThreads.id} and (m.flagged or m.hidden_at is not null))
          or exists (select 1 from messages m join concern_reports c on c.subject_type = 'message' and c.subject_id = m.id::text
            where m.thread_id = ${messageThreads.id})
          or exists (select 1 from concern_reports c where c.subject_type = 'family' and c.subject_id = ${String(familyId)}
            and c.reporter_id = ${messageThreads.teacherId})
          or exists (select 1 from concern_reports c where c.subject_type = 'teacher' and c.subject_id = ${messageThreads.teacherId}::text
            and c.reporter_id = ${familyId})
        )`,
      ),
    );
  await tx
    .update(concernReports)
    .set({ subjectLabel: FORMER_FAMILY_LABEL })
    .where(and(eq(concernReports.subjectType, "family"), eq(concernReports.subjectId, String(familyId))));
  if (kept.length === 0) return { kept: 0 };

  const [former] = await tx
    .insert(users)
    .values({
      firebaseUid: `${FORMER_FAMILY_UID_PREFIX}${randomUUID()}`,
      email: "former-family@anonymised.invalid",
      displayName: FORMER_FAMILY_NAME,
      role: "student",
    })
    .returning({ id: users.id });
  for (const thread of kept) {
    const title = titleOf({ kind: thread.kind, courseTitle: thread.courseTitle, learnerName: null });
    await tx
      .update(messageThreads)
      .set({
        familyId: former!.id,
        bookingId: null,
        learnerId: null,
        keptSince: now,
        keptTitle: title,
        blockedAt: sql`coalesce(${messageThreads.blockedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(messageThreads.id, thread.id));
    // A report's name for a message quoted the child's name in the title.
    await tx
      .update(concernReports)
      .set({ subjectLabel: `A message in “${title}”` })
      .where(
        and(
          eq(concernReports.subjectType, "message"),
          inArray(
            concernReports.subjectId,
            tx
              .select({ id: sql<string>`${messages.id}::text` })
              .from(messages)
              .where(eq(messages.threadId, thread.id)),
          ),
        ),
      );
  }
  // The child's own messages are the family's: no link to the child stays.
  await tx
    .update(messages)
    .set({ authorLearnerId: null, authorId: sql`case when ${messages.authorId} = ${familyId} then null else ${messages.authorId} end` })
    .where(
      inArray(
        messages.threadId,
        kept.map((t) => t.id),
      ),
    );
  return { kept: kept.length };
}

/**
 * The retention job's part (lib/privacy/retention.ts): kept conversations older than the period
 * are deleted with their messages, and the anonymous accounts left with none.
 *
 * A deleted teacher's conversations (lib/accounts/teacher-handover.ts: kept whole, the families'
 * side as it was, the teacher's the anonymous "Former teacher" account's) have the same period,
 * counted from the deletion (that account's creation), then go the same way. The families' bookings,
 * seats and the school's figures stay with the anonymous account.
 */
export async function purgeKeptConversations(tx: Transaction, keptBefore: Date): Promise<number> {
  const formerTeachers = tx
    .select({ id: users.id })
    .from(users)
    .where(and(like(users.firebaseUid, `${FORMER_TEACHER_UID_PREFIX}%`), lt(users.createdAt, keptBefore)));
  const purged = await tx
    .delete(messageThreads)
    .where(or(lt(messageThreads.keptSince, keptBefore), inArray(messageThreads.teacherId, formerTeachers)))
    .returning({ id: messageThreads.id });
  await tx
    .delete(users)
    .where(
      and(
        like(users.firebaseUid, `${FORMER_FAMILY_UID_PREFIX}%`),
        notExists(tx.select({ id: messageThreads.id }).from(messageThreads).where(eq(messageThreads.familyId, users.id))),
      ),
    );
  return purged.length;
}
