import "server-only";

import { z } from "zod";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors";
import { listDeadLetters, retryDeadLetter, type DeadLetter } from "@/lib/platform/outbox/outbox";

/** The retry button's form: the message's id, in a hidden field. */
export const outboxRetrySchema = z.object({ id: z.coerce.number().int().positive("Choose a message to retry.") });

/** Messages the outbox gave up on (lib/platform/outbox/outbox.ts MAX_ATTEMPTS), for /admin/outbox; never their payloads. */
export async function listDeadLetteredMessages(actor: Actor | null | undefined): Promise<DeadLetter[]> {
  authorize(actor, "outbox.manage");
  return listDeadLetters(await getDb());
}

/** An admin puts a dead-lettered message back in the queue; recorded in the audit trail with it. */
export async function retryDeadLetteredMessage(actor: Actor | null | undefined, input: unknown): Promise<{ id: number; topic: string }> {
  authorize(actor, "outbox.manage");
  const { id } = outboxRetrySchema.parse(input);
  const db = await getDb();
  const retried = await db.transaction(async (tx) => {
    const row = await retryDeadLetter(tx, id);
    if (row)
      await recordAudit(tx, actor, { action: "outbox.retry", targetType: "outbox_message", targetId: id, details: { topic: row.topic } });
    return row;
  });
  if (!retried) throw new AppError("not-found", "That message is no longer waiting for a retry.");
  return { id, topic: retried.topic };
}
