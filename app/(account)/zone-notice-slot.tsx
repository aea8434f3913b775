import { cookies } from "next/headers";

import { ZoneMismatchNotice } from "@/components/account/zone-mismatch-notice";
import { BROWSER_ZONE_COOKIE, ZONE_KEPT_COOKIE, zoneNotice } from "@/lib/scheduling/zone-notice";

import { updateTimezoneAction } from "./user/edit-profile/actions";

/**
 * The signed-in pages' notice when the computer's zone (a cookie the browser writes) is not the
 * account's (issue 31 item 3), decided and worded here so it is in the HTML, in the flow, from the
 * first paint. Used by the account and dashboard layouts.
 */
export async function ZoneNoticeSlot({ accountZone, isTeacher = false }: { accountZone: string; isTeacher?: boolean }) {
  const jar = await cookies();
  const browserZone = jar.get(BROWSER_ZONE_COOKIE)?.value ?? null;
  const notice = zoneNotice(browserZone, accountZone, jar.get(ZONE_KEPT_COOKIE)?.value, new Date(), { isTeacher });
  return <ZoneMismatchNotice accountZone={accountZone} knownBrowserZone={browserZone} notice={notice} switchZone={updateTimezoneAction} />;
}
