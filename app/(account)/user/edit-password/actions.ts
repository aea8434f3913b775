"use server";

import { headers } from "next/headers";

import { changePassword } from "@/lib/accounts/accounts";
import { passwordChangeSchema } from "@/lib/platform/auth/schema";
import { requireApiUser } from "@/lib/platform/auth/session";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { limitPasswordAttempts } from "@/lib/platform/http/password-attempts";

/**
 * Re-authenticate with the current password, then update it (SPEC 7); the form signs in again with
 * the new one. A wrong current password counts against the limits on guessing, as at sign-in.
 */
export async function changePasswordAction(input: unknown): Promise<ActionResult> {
  return runAction("password", async () => {
    const user = await requireApiUser();
    const { currentPassword, newPassword } = passwordChangeSchema.parse(input);
    await limitPasswordAttempts({ headers: await headers(), email: user.email }, () => changePassword(user, currentPassword, newPassword));
    return "Your password has been changed.";
  });
}
