"use server";

import { headers } from "next/headers";

import { resetPassword } from "@/lib/accounts/accounts";
import { IdentityError, identityCodeOf } from "@/lib/platform/auth/errors";
import { passwordResetConfirmSchema, RESET_DONE_MESSAGE, RESET_LINK_INVALID } from "@/lib/platform/auth/schema";
import { AppError } from "@/lib/platform/errors";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { clientAddressOf, enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";

/**
 * The reset page's form (issue 31 item 2): the code from the emailed link and a new password under
 * this product's rule. For signed-out visitors: the per-address limit comes first
 * (lib/platform/auth/server-actions.test.ts); the code itself is the proof.
 */
export async function resetPasswordAction(input: unknown): Promise<ActionResult> {
  return runAction("password-reset-confirm", async () => {
    await enforceRateLimit(RATE_LIMITS.passwordResetConfirm, clientAddressOf(await headers()));
    const { oobCode, newPassword } = passwordResetConfirmSchema.parse(input);
    try {
      await resetPassword(oobCode, newPassword);
    } catch (error) {
      if (error instanceof IdentityError && /OOB_CODE/.test(identityCodeOf(error))) throw new AppError("invalid", RESET_LINK_INVALID);
      throw error;
    }
    return RESET_DONE_MESSAGE;
  });
}
