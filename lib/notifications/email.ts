import "server-only";

import type { Database } from "@/lib/platform/db/client";
import { enqueue } from "@/lib/platform/outbox/outbox";
import { z } from "@/lib/platform/zod";

/** The outbox topic of every email: the wiring registers the SMTP sender for it. */
export const EMAIL_TOPIC = "email";

/**
 * One message as the outbox keeps it: rendered when the change happened (so it says what was true
 * then, even if the booking changes again before the send), addressed, and complete. (Messages
 * queued where rendering would cost a locking transaction too much are rendered at delivery
 * instead: deferred-email.ts.)
 */
export const emailPayloadSchema = z.object({
  to: z.string().min(3),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().min(1),
  /** A calendar invite: sent as an invite.ics attachment and as the text/calendar part. */
  invite: z.object({ method: z.enum(["REQUEST", "CANCEL", "PUBLISH"]), content: z.string().min(1) }).optional(),
  /**
   * Extra headers. Every message so far is transactional (it tells of a change the reader made or
   * must know of) and always goes. Non-essential ones (reminders' follow-ups, newsletters) will set
   * List-Unsubscribe (a signed one-click URL) and List-Unsubscribe-Post here, and their wiring will
   * skip readers who unsubscribed before it enqueues: that preference table does not exist yet.
   */
  headers: z.record(z.string(), z.string()).optional(),
});
export type EmailPayload = z.infer<typeof emailPayloadSchema>;

/** What a template makes; the wiring adds the address. */
export type EmailContent = Omit<EmailPayload, "to">;

/**
 * The outbox key of the email that tells of `key`, rendered now or at delivery (deferred-email.ts):
 * one key space, so the same message queued either way is still one message.
 */
export const emailDedupeKey = (key: string) => `email:${key}`;

/**
 * Queues one email in the caller's transaction. `key` names the thing it tells of (for example
 * `booking:<history id>:parent`): enqueued twice, it is still one message, and it becomes the
 * Message-ID, so a repeated send after a crash is the same message to the receiving server.
 */
export async function enqueueEmail(tx: Pick<Database, "insert">, key: string, payload: EmailPayload): Promise<void> {
  await enqueue(tx, { topic: EMAIL_TOPIC, dedupeKey: emailDedupeKey(key), payload: emailPayloadSchema.parse(payload) });
}
