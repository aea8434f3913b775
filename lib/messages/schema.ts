import { z } from "@/lib/platform/zod";

/** Text only, 1..2,000 characters once trimmed (issue 28). Written once: the forms and the routes use it. */
export const MESSAGE_MAX_CHARS = 2_000;

export const messageBodySchema = z
  .string({ error: "Please write a message." })
  .trim()
  .min(1, "Please write a message.")
  .max(MESSAGE_MAX_CHARS, `A message can be at most ${MESSAGE_MAX_CHARS.toLocaleString("en-US")} characters.`);

/** A message to a thread that exists. */
export const postMessageSchema = z.object({ body: messageBodySchema });

/** The first message about a booking (an enrolment's seat or a demo): opens its thread, or adds to it. */
export const startThreadSchema = z.object({
  bookingId: z.uuid("Choose an enrolment or a demo to write about."),
  body: messageBodySchema,
});

export const threadIdSchema = z.uuid("We could not find that conversation.");

export const hideMessageSchema = z.object({ messageId: z.coerce.number().int().positive("Choose a message.") });

/** What the sender is told when masking took something out. */
export const MASKED_NOTE = "Message sent. Contact details were taken out of it, and our support team will read it.";
