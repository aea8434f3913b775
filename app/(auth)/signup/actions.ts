"use server";

import { headers } from "next/headers";

import { registerAccount } from "@/lib/accounts/accounts";
import { signUpSchema } from "@/lib/platform/auth/schema";
import { brand } from "@/lib/platform/brand";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { clientAddressOf, enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";

/**
 * Sign-up (issue 3): Firebase user, users row and claims; the form then signs in with next-auth.
 * For signed-out visitors, so it has no actor to check: the per-address limit comes first
 * (lib/platform/auth/server-actions.test.ts lists it as public), and counts bad input too.
 * The verification email's link returns to /my-courses, which shows more once it is followed.
 */
export async function signUpAction(input: unknown): Promise<ActionResult> {
  return runAction("signup", async () => {
    await enforceRateLimit(RATE_LIMITS.signUp, clientAddressOf(await headers()));
    await registerAccount(signUpSchema.parse(input), { verificationContinueUrl: `${brand.siteUrl}/my-courses` });
    return "Your account has been created.";
  });
}
