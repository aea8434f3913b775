import { defineEvent } from "@/lib/platform/events/events";
import { z } from "@/lib/platform/zod";

/**
 * A message posted in a thread (lib/messages/threads.ts), written in the posting transaction.
 * lib/reactions/message-mail.ts tells the other side by email, batched per thread and recipient.
 */
export const messagePosted = defineEvent("message.posted", z.object({ messageId: z.number().int().positive() }));
