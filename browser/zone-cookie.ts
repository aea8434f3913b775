import { browserTimeZone } from "@/browser/time-zone";
import { BROWSER_ZONE_COOKIE, ZONE_COOKIE_MAX_AGE } from "@/lib/scheduling/zone-notice";

/** One of the zone notice's cookies (lib/scheduling/zone-notice.ts), for a year, on the whole site. */
export function setZoneCookie(name: string, value: string): void {
  // Zone names and the kept pair ("~") are valid cookie characters as they are.
  document.cookie = `${name}=${value}; path=/; max-age=${ZONE_COOKIE_MAX_AGE}; samesite=lax`;
}

/**
 * Tells the server the computer's zone (the only way it can know it). Written at sign-in too, so
 * the first signed-in page is rendered with the zone notice in place when the clocks differ,
 * instead of the notice arriving after the first paint and pushing the page down. Returns the
 * zone written ("" when the browser names none).
 */
export function rememberBrowserZone(): string {
  const zone = browserTimeZone();
  if (zone) setZoneCookie(BROWSER_ZONE_COOKIE, zone);
  return zone;
}
