"use server";

import { resendEmailVerification } from "@/lib/accounts/accounts";
import { requireApiUser } from "@/lib/platform/auth/session";
import { brand } from "@/lib/platform/brand";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";

/** The verification email again, limited per account (security issue: account squatting). */
export async function resendVerificationEmailAction(): Promise<ActionResult> {
  return runAction("verify-email", async () => {
    const user = await requireApiUser();
    await enforceRateLimit(RATE_LIMITS.verificationEmail, `account:${user.databaseId}`);
    const sent = await resendEmailVerification(user, `${brand.siteUrl}/my-courses`);
    return sent
      ? `We have sent a new verification email to ${user.email}.`
      : "Your email address is already verified. Reload the page to see all your requests.";
  });
}
