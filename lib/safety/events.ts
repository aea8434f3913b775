import { defineEvent } from "@/lib/platform/events/events";
import { z } from "@/lib/platform/zod";

/** A concern closed by support (lib/safety/concerns.ts): lib/reactions/concern-mail.ts tells the reporter. */
export const concernClosed = defineEvent("concern.closed", z.object({ concernId: z.number().int().positive() }));

/**
 * A teacher suspended on a concern (lib/safety/concern-actions.ts): their classes are off sale (the
 * profile's approval is withdrawn) and their conversations blocked in that transaction;
 * lib/reactions/concern-mail.ts tells each family with a seat in their classes.
 */
export const teacherSuspended = defineEvent(
  "teacher.suspended",
  z.object({ teacherId: z.number().int().positive(), concernId: z.number().int().positive() }),
);
