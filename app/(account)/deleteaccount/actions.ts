"use server";

import { headers } from "next/headers";

import { deleteAccount } from "@/lib/accounts/accounts";
import { deleteAccountSchema } from "@/lib/platform/auth/schema";
import { requireApiUser } from "@/lib/platform/auth/session";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { limitPasswordAttempts } from "@/lib/platform/http/password-attempts";

/**
 * Deletes the signed-in user's account after re-authentication; the form then signs out. A wrong
 * password counts against the limits on guessing, as at sign-in.
 */
export async function deleteAccountAction(input: unknown): Promise<ActionResult> {
  return runAction("delete-account", async () => {
    const user = await requireApiUser();
    const { password } = deleteAccountSchema.parse(input);
    await limitPasswordAttempts({ headers: await headers(), email: user.email }, () => deleteAccount(user, password));
    // The family's seats went with its children: the pages that show seats expire by account.deleted's reaction.
    return "Your account has been deleted.";
  });
}
