"use server";

import { updateDisplayName } from "@/lib/accounts/accounts";
import { profileSchema } from "@/lib/platform/auth/schema";
import { requireApiUser } from "@/lib/platform/auth/session";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { setUserTimezone } from "@/lib/teachers/profiles";
import { zoneLabel } from "@/lib/scheduling/zone-name";

/** The signed-in user's display name; the form then refreshes the header. */
export async function updateProfileAction(input: unknown): Promise<ActionResult> {
  return runAction("profile", async () => {
    const user = await requireApiUser();
    const { displayName } = profileSchema.parse(input);
    await updateDisplayName(user, displayName);
    return "Your profile has been updated.";
  });
}

/** The signed-in user's time zone (an IANA name): every page shows times in it from now on. */
export async function updateTimezoneAction(input: { timezone: string }): Promise<ActionResult> {
  return runAction("timezone", async () => {
    const user = await requireApiUser();
    // timezoneSchema inside: a zone that does not exist gets its message under `timezone`, nothing stored.
    await setUserTimezone(user.databaseId, input?.timezone);
    return `Times are now shown in ${zoneLabel(input.timezone.trim())}.`;
  });
}
