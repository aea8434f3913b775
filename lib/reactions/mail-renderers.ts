import "server-only";

import type { EmailRenderer } from "@/lib/notifications/deferred-email";

import { accountMailRenderers } from "./account-mail";
import { enrolmentMailRenderers } from "./enrolment-mail";
import { homeworkMailRenderers } from "./homework-mail";
import { weeklyDigestRenderers } from "./weekly-digest";

/**
 * The kinds of email rendered when they are sent (lib/notifications/deferred-email.ts), and who
 * renders each: a handler queues "which message about what", and the SMTP delivery renders it from
 * the rows as they are then.
 */
export const MAIL_RENDERERS: Readonly<Record<string, EmailRenderer>> = {
  ...enrolmentMailRenderers,
  ...accountMailRenderers,
  ...weeklyDigestRenderers,
  ...homeworkMailRenderers,
};
