"use server";

import { headers } from "next/headers";

import { requestPasswordReset } from "@/lib/accounts/accounts";
import { passwordResetSchema, RESET_SENT_MESSAGE } from "@/lib/platform/auth/schema";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { clientAddressOf, emailKey, enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";

/**
 * 'Forgot password?' (SPEC 7): the reset email's link leads to /reset-password, then /signin, and the answer is the
 * same for unknown emails. For signed-out visitors: no actor, but limits per address (bad input
 * counts too) and per mailbox (hashed) come first (lib/platform/auth/server-actions.test.ts).
 */
export async function requestPasswordResetAction(input: unknown): Promise<ActionResult> {
  return runAction("password-reset", async () => {
    await enforceRateLimit(RATE_LIMITS.passwordReset, clientAddressOf(await headers()));
    const { email } = passwordResetSchema.parse(input);
    await enforceRateLimit(RATE_LIMITS.passwordResetPerEmail, emailKey(email));
    await requestPasswordReset(email);
    return RESET_SENT_MESSAGE;
  });
}
