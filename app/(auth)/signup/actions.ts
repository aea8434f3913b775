"use server";

import { headers } from "next/headers";

import { registerAccount } from "@/lib/accounts/accounts";
import { signUpSchema } from "@/lib/platform/auth/schema";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { clientAddressOf, enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";
import { timezoneSchema } from "@/lib/scheduling/schema";
import { setUserTimezone } from "@/lib/teachers/profiles";

/**
 * Sign-up (issue 3): Firebase user, users row and claims; the form then signs in with next-auth.
 * For signed-out visitors, so it has no actor to check: the per-address limit comes first
 * (lib/platform/auth/server-actions.test.ts lists it as public), and counts bad input too.
 * The verification email's link returns to /my-courses, which shows more once it is followed.
 * `timezone`: the browser's IANA zone (the form's hidden value), stored as the account's zone.
 */
export async function signUpAction(input: unknown): Promise<ActionResult> {
  return runAction("signup", async () => {
    await enforceRateLimit(RATE_LIMITS.signUp, clientAddressOf(await headers()));
    const account = await registerAccount(signUpSchema.parse(input), { sendVerificationEmail: true });
    // The browser's zone, sent beside the form's fields. A bad one is ignored, not refused: the
    // account pages ask the browser again while none is stored, and the profile changes it.
    const zone = timezoneSchema.safeParse((input as { timezone?: unknown }).timezone);
    if (zone.success) await setUserTimezone(account.databaseId, zone.data);
    return "Your account has been created.";
  });
}
