import "server-only";

import { and, eq, isNull } from "drizzle-orm";

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
 * hidden, support and admins still read it) or block a thread (nobody posts any more). Both are
 * audited in the transaction that makes them, and repeating one changes nothing.
 */
export async function hideMessage(actor: Actor | null, input: unknown, now = new Date()): Promise<{ threadId: string }> {
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
    if (message.hiddenAt) return { threadId: message.threadId };
    await tx.update(messages).set({ hiddenAt: now, hiddenById: actor.id }).where(eq(messages.id, messageId));
    await recordAudit(tx, actor, {
      action: "message.hidden",
      targetType: "message_thread",
      targetId: message.threadId,
      details: { messageId },
    });
    return { threadId: message.threadId };
  });
}

export async function blockThread(actor: Actor | null, threadId: unknown, now = new Date()): Promise<{ threadId: string }> {
  authorize(actor, "messages.moderate");
  const parsed = threadIdSchema.safeParse(threadId);
  if (!parsed.success) throw new AppError("not-found", NOT_FOUND_MESSAGE);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .select({ id: messageThreads.id })
      .from(messageThreads)
      .where(eq(messageThreads.id, parsed.data))
      .for("update");
    if (!thread) throw new AppError("not-found", NOT_FOUND_MESSAGE);
    const blocked = await tx
      .update(messageThreads)
      .set({ blockedAt: now, blockedById: actor.id })
      .where(and(eq(messageThreads.id, thread.id), isNull(messageThreads.blockedAt)))
      .returning({ id: messageThreads.id });
    if (blocked.length > 0) await recordAudit(tx, actor, { action: "thread.blocked", targetType: "message_thread", targetId: thread.id });
    return { threadId: thread.id };
  });
}
