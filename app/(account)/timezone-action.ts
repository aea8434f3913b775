"use server";

import { requireApiUser } from "@/lib/platform/auth/session";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { setUserTimezoneIfUnset } from "@/lib/teachers/profiles";
import { zoneLabel } from "@/lib/scheduling/zone-name";

/**
 * The browser's zone for an account that has none yet (accounts made before zones were kept, or
 * whose sign-up sent none): called once by the account pages' layout. A zone already set, chosen
 * or not, is left as it is.
 */
export async function adoptBrowserTimezoneAction(timezone: string): Promise<ActionResult> {
  return runAction("adopt-timezone", async () => {
    const user = await requireApiUser();
    const stored = await setUserTimezoneIfUnset(user.databaseId, timezone);
    return stored ? `Times are shown in ${zoneLabel(timezone)}.` : "";
  });
}
