"use server";

import { updateDisplayName } from "@/lib/accounts/accounts";
import { profileSchema } from "@/lib/platform/auth/schema";
import { requireApiUser } from "@/lib/platform/auth/session";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";

/** The signed-in user's display name; the form then refreshes the header. */
export async function updateProfileAction(input: unknown): Promise<ActionResult> {
  return runAction("profile", async () => {
    const user = await requireApiUser();
    const { displayName } = profileSchema.parse(input);
    await updateDisplayName(user, displayName);
    return "Your profile has been updated.";
  });
}
