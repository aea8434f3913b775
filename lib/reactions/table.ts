import "server-only";

import { seatsConfirmed } from "@/lib/commerce/events";
import { on, type Reaction } from "@/lib/platform/events/reactions";

import { enrolmentMail } from "./enrolment-mail";

/**
 * Who reacts to what: every domain event (lib/<domain>/events.ts) and its handlers, in one table.
 * The outbox worker hands each event to each of its handlers at least once, after the change that
 * caused it has committed; a handler is idempotent by its own keys. README "How it is built" lists
 * what each reaction sends to whom.
 */
export const REACTIONS: readonly Reaction[] = [
  // A seat paid for: the parent's enrolment email with the recurring invite; the teacher's "new learner".
  on(seatsConfirmed, [enrolmentMail]),
];
