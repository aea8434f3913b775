import "server-only";

import { defineEvent } from "@/lib/platform/events/events";
import { z } from "@/lib/platform/zod";

/**
 * What accounts tell the rest of the product (lib/platform/events). Who reacts: lib/reactions/table.ts.
 * Neither carries a link: the verification and reset links are bearer secrets, made by firebase-admin
 * when the email is sent (lib/accounts/email-links.ts) and kept nowhere. `requestId` makes each
 * request its own message (a resend is a new email, a repeated delivery of one request is not).
 */

/** An account asked to prove its email: at sign-up, and with /my-courses' resend button. */
export const verificationEmailRequested = defineEvent(
  "account.verification-requested",
  z.object({ userId: z.number().int().positive(), requestId: z.uuid() }),
);

/** An account deleted by its owner (lib/accounts/accounts.ts): its children's seats went with it. */
export const accountDeleted = defineEvent("account.deleted", z.object({ userId: z.number().int().positive() }));

/**
 * Someone asked for a password reset for this address ('Forgot password?'). Written whether or not
 * an account has it, so the answer and its timing reveal nobody; the reaction sends only to an account.
 */
export const passwordResetRequested = defineEvent(
  "password.reset-requested",
  z.object({ email: z.string().min(3).max(254), requestId: z.uuid() }),
);
