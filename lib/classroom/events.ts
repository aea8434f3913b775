import "server-only";

import { defineEvent } from "@/lib/platform/events/events";
import { z } from "@/lib/platform/zod";

/** What the classroom tells the rest of the product (who reacts: lib/reactions/table.ts). */

/**
 * A session its teacher never came into the classroom for was recorded absent and cancelled for its
 * families, in one transaction (lib/classroom/reliability.ts): the reliability record, the
 * session's change row and how the session was held, so the teacher is told which session it was
 * and what the families were offered.
 */
export const sessionMissedByTeacher = defineEvent(
  "classroom.session-missed-by-teacher",
  z.object({
    reliabilityId: z.number().int().positive(),
    changeId: z.number().int().positive(),
    /** How the session was held: at its regular time, moved, or as a make-up (the change row no longer says once cancelled). */
    heldAs: z.enum(["regular", "moved", "makeup"]),
  }),
);
export type SessionMissedByTeacherEvent = z.infer<typeof sessionMissedByTeacher.schema>;
