import "server-only";

import { and, eq, or, sql } from "drizzle-orm";

import { suspendFamilyAccountIn } from "@/lib/accounts/suspension";
import { recordAudit } from "@/lib/audit/audit";
import { withdrawSuspendedTeacherSeats } from "@/lib/commerce/refunds/teacher-suspension";
import { blockThread, hideMessage } from "@/lib/messages/moderation";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { concernReports, courseReviews, messagePairBlocks, messages, messageThreads, teacherProfiles } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { reviewHidden } from "@/lib/safety/events";
import { parseInput } from "@/lib/platform/http/responses";

import { teacherSuspended } from "./events";
import { concernActionSchema, SAFETY_MESSAGES, type ConcernAction, type ConcernSubject } from "./schema";

/** Which actions apply to a concern about which subject. */
export const ACTIONS_FOR: Record<ConcernSubject, readonly ConcernAction[]> = {
  message: ["hide-message", "block-pair", "suspend-teacher", "suspend-family"],
  review: ["hide-review"],
  teacher: ["suspend-teacher"],
  course: [],
  family: ["suspend-family"],
};

/**
 * Support acts on a concern (issue 40): hide the message or the review, block the pair's
 * conversations, or suspend the teacher. Each is audited on the concern too, and moves it to
 * "action taken" (the first response, if none yet). Suspending a teacher, in one transaction,
 * closes their sections on sale, withdraws each seat with sessions still to come and gives the
 * value of those sessions back to the family's Cash (held sessions stay earned:
 * lib/commerce/refunds/teacher-suspension.ts), withdraws their profile's approval (their page is
 * gone), blocks their conversations, and tells each family whose seat was withdrawn (teacher.suspended).
 * Suspending a family (on a report about the family or a message it wrote) ends its sign-in until an
 * admin lifts it (lib/accounts/suspension.ts); its messages stay.
 */
export async function actOnConcern(actor: Actor | null, input: unknown, now = new Date()): Promise<{ action: ConcernAction }> {
  authorize(actor, "safety.triage");
  const { concernId, action } = parseInput(concernActionSchema, input);
  const db = await getDb();
  const [concern] = await db.select().from(concernReports).where(eq(concernReports.id, concernId));
  if (!concern) throw new AppError("not-found", SAFETY_MESSAGES.concernNotFound);
  if (!ACTIONS_FOR[concern.subjectType].includes(action)) throw new AppError("invalid", SAFETY_MESSAGES.actionNotApplicable);
  const message =
    concern.subjectType === "message"
      ? (
          await db
            .select({
              id: messages.id,
              threadId: messages.threadId,
              authorRole: messages.authorRole,
              teacherId: messageThreads.teacherId,
              familyId: messageThreads.familyId,
            })
            .from(messages)
            .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
            .where(eq(messages.id, Number(concern.subjectId)))
        )[0]
      : undefined;
  if (concern.subjectType === "message" && !message) throw new AppError("not-found", SAFETY_MESSAGES.notFound);
  // A family is suspended for what it wrote: a message of the teacher's (or support's) is not the family's doing.
  if (action === "suspend-family" && message && message.authorRole !== "family") {
    throw new AppError("invalid", SAFETY_MESSAGES.actionNotApplicable);
  }

  if (action === "hide-message") await hideMessage(actor, { messageId: message!.id }, now);
  if (action === "block-pair") await blockThread(actor, message!.threadId, now);
  return db.transaction(async (tx) => {
    if (action === "hide-review") {
      await tx
        .update(courseReviews)
        .set({ status: "rejected", moderatedById: actor.id, moderatedAt: now })
        .where(eq(courseReviews.id, Number(concern.subjectId)));
      await emit(tx, reviewHidden, { concernId });
    }
    if (action === "suspend-teacher") {
      const teacherId = concern.subjectType === "teacher" ? Number(concern.subjectId) : message!.teacherId;
      // The money first, in its lock order (wallets, orders, sections, seats), then the profile.
      const withdrawn = await withdrawSuspendedTeacherSeats(tx, actor, teacherId, now);
      const suspended = await tx
        .update(teacherProfiles)
        .set({ approvedAt: null, updatedAt: now })
        .where(eq(teacherProfiles.userId, teacherId))
        .returning({ userId: teacherProfiles.userId });
      // Their conversations blocked on each pair (message_pair_blocks), so a section handed to
      // another teacher later brings the block to nobody else.
      await tx
        .insert(messagePairBlocks)
        .select(
          tx
            .selectDistinct({
              familyId: messageThreads.familyId,
              teacherId: messageThreads.teacherId,
              blockedAt: sql<Date>`${now.toISOString()}::timestamptz`.as("blocked_at"),
              blockedById: sql<number>`${actor.id}::integer`.as("blocked_by_id"),
            })
            .from(messageThreads)
            .where(eq(messageThreads.teacherId, teacherId)),
        )
        .onConflictDoNothing();
      await recordAudit(tx, actor, {
        action: "teacher.suspended",
        targetType: "user",
        targetId: teacherId,
        details: {
          concernId,
          sectionsClosed: withdrawn.sectionIds,
          seatsWithdrawn: withdrawn.bookingIds.length,
          refundedMinor: withdrawn.walletMinor,
        },
      });
      if (suspended.length > 0) {
        await emit(tx, teacherSuspended, { teacherId, concernId, bookingIds: withdrawn.bookingIds, refundIds: withdrawn.refundIds });
      }
    }
    if (action === "suspend-family") {
      const familyId = concern.subjectType === "family" ? Number(concern.subjectId) : message!.familyId;
      await suspendFamilyAccountIn(tx, actor, familyId, now, { concernId });
    }
    await tx
      .update(concernReports)
      .set({ status: "action_taken", firstResponseAt: concern.firstResponseAt ?? now, updatedAt: now })
      .where(and(eq(concernReports.id, concernId), or(eq(concernReports.status, "new"), eq(concernReports.status, "in_review"))));
    await recordAudit(tx, actor, { action: `concern.action.${action}`, targetType: "concern_report", targetId: concernId });
    return { action };
  });
}
