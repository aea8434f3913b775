import "server-only";

import { defineEvent } from "@/lib/platform/events/events";
import { z } from "@/lib/platform/zod";

/** What homework tells the rest of the product (who reacts: lib/reactions/table.ts). */

/** A teacher returned feedback on a child's work (the first time, or changed it): the family is told. */
export const homeworkFeedbackReturned = defineEvent(
  "homework.feedback-returned",
  z.object({ submissionId: z.number().int().positive(), version: z.string().min(1) }),
);
