import "server-only";

import { and, eq, isNotNull } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { bookings, messagePairBlocks, messages, messageThreads, sections } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";

import { hideMessageSchema, threadIdSchema } from "./schema";
import { NOT_FOUND_MESSAGE, pairTeacherId } from "./threads";

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

/**
 * `blockedAt` null reopens the thread. The block is the pair's (message_pair_blocks): the thread's
 * family and the teacher who teaches it now, so it holds in every thread of theirs, one started
 * later too, and stays with them when a section changes teacher (lib/scheduling/sections.ts moves
 * the threads, not the block). Reopening also lifts a closure of this thread alone.
 */
async function setThreadBlocked(actor: Actor | null, threadId: unknown, blockedAt: Date | null): Promise<{ threadId: string }> {
  authorize(actor, "messages.moderate");
  const parsed = threadIdSchema.safeParse(threadId);
  if (!parsed.success) throw new AppError("not-found", NOT_FOUND_MESSAGE);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .select({ id: messageThreads.id, familyId: messageThreads.familyId, teacherId: pairTeacherId })
      .from(messageThreads)
      .leftJoin(bookings, eq(bookings.id, messageThreads.bookingId))
      .leftJoin(sections, eq(sections.id, bookings.sectionId))
      .where(eq(messageThreads.id, parsed.data));
    if (!thread) throw new AppError("not-found", NOT_FOUND_MESSAGE);
    const pair = { familyId: thread.familyId, teacherId: Number(thread.teacherId) };
    // The pair's threads locked, as a post locks its thread: a block and a post cannot cross.
    await tx
      .select({ id: messageThreads.id })
      .from(messageThreads)
      .where(and(eq(messageThreads.familyId, pair.familyId), eq(messageThreads.teacherId, pair.teacherId)))
      .for("update");
    let changed: unknown[];
    if (blockedAt) {
      changed = await tx
        .insert(messagePairBlocks)
        .values({ ...pair, blockedAt, blockedById: actor.id })
        .onConflictDoNothing()
        .returning({ familyId: messagePairBlocks.familyId });
    } else {
      const lifted = await tx
        .delete(messagePairBlocks)
        .where(and(eq(messagePairBlocks.familyId, pair.familyId), eq(messagePairBlocks.teacherId, pair.teacherId)))
        .returning({ familyId: messagePairBlocks.familyId });
      const reopened = await tx
        .update(messageThreads)
        .set({ blockedAt: null, blockedById: null })
        .where(and(eq(messageThreads.id, thread.id), isNotNull(messageThreads.blockedAt)))
        .returning({ id: messageThreads.id });
      changed = [...lifted, ...reopened];
    }
    if (changed.length > 0) {
      await recordAudit(tx, actor, {
        action: blockedAt ? "thread.blocked" : "thread.reopened",
        targetType: "message_thread",
        targetId: thread.id,
        details: pair,
      });
    }
    return { threadId: thread.id };
  });
}
