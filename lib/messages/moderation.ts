import "server-only";

import { and, eq, isNotNull, isNull } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { messages, messageThreads } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";

import { hideMessageSchema, threadIdSchema } from "./schema";
import { NOT_FOUND_MESSAGE } from "./threads";

/**
 * Support steps in (issue 28): hide one message (the family and the teacher see that it was
 * hidden, support and admins still read it) or block a thread (nobody posts any more; issue 40:
 * the block is on the pair, so every thread between that family and that teacher), and undo
 * either when it was a mistake or the matter is settled. Each is audited in the transaction that
 * makes it, and repeating one changes nothing.
 */
export function hideMessage(actor: Actor | null, input: unknown, now = new Date()): Promise<{ threadId: string }> {
  return setMessageHidden(actor, input, now);
}

/** Puts a hidden message back in front of the family and the teacher. */
export function restoreMessage(actor: Actor | null, input: unknown): Promise<{ threadId: string }> {
  return setMessageHidden(actor, input, null);
}

export function blockThread(actor: Actor | null, threadId: unknown, now = new Date()): Promise<{ threadId: string }> {
  return setThreadBlocked(actor, threadId, now);
}

/** Lets both sides post in a blocked thread again. */
export function reopenThread(actor: Actor | null, threadId: unknown): Promise<{ threadId: string }> {
  return setThreadBlocked(actor, threadId, null);
}

/** `hiddenAt` null restores the message. */
async function setMessageHidden(actor: Actor | null, input: unknown, hiddenAt: Date | null): Promise<{ threadId: string }> {
  authorize(actor, "messages.moderate");
  const { messageId } = parseInput(hideMessageSchema, input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({ threadId: messages.threadId, hiddenAt: messages.hiddenAt })
      .from(messages)
      .where(eq(messages.id, messageId))
      .for("update");
    if (!message) throw new AppError("not-found", "We could not find that message.");
    if ((message.hiddenAt !== null) === (hiddenAt !== null)) return { threadId: message.threadId };
    await tx
      .update(messages)
      .set({ hiddenAt, hiddenById: hiddenAt ? actor.id : null })
      .where(eq(messages.id, messageId));
    await recordAudit(tx, actor, {
      action: hiddenAt ? "message.hidden" : "message.restored",
      targetType: "message_thread",
      targetId: message.threadId,
      details: { messageId },
    });
    return { threadId: message.threadId };
  });
}

/** `blockedAt` null reopens the thread. */
async function setThreadBlocked(actor: Actor | null, threadId: unknown, blockedAt: Date | null): Promise<{ threadId: string }> {
  authorize(actor, "messages.moderate");
  const parsed = threadIdSchema.safeParse(threadId);
  if (!parsed.success) throw new AppError("not-found", NOT_FOUND_MESSAGE);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .select({ id: messageThreads.id, familyId: messageThreads.familyId, teacherId: messageThreads.teacherId })
      .from(messageThreads)
      .where(eq(messageThreads.id, parsed.data))
      .for("update");
    if (!thread) throw new AppError("not-found", NOT_FOUND_MESSAGE);
    const pair = and(eq(messageThreads.familyId, thread.familyId), eq(messageThreads.teacherId, thread.teacherId));
    const changed = await tx
      .update(messageThreads)
      .set({ blockedAt, blockedById: blockedAt ? actor.id : null })
      .where(and(pair, blockedAt ? isNull(messageThreads.blockedAt) : isNotNull(messageThreads.blockedAt)))
      .returning({ id: messageThreads.id });
    if (changed.length > 0) {
      await recordAudit(tx, actor, {
        action: blockedAt ? "thread.blocked" : "thread.reopened",
        targetType: "message_thread",
        targetId: thread.id,
      });
    }
    return { threadId: thread.id };
  });
}
