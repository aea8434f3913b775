import { zoneLabel, zoneShortLabel } from "./zone-name";

/**
 * Issue 31 item 3: when the computer's clock is in another zone than the account's, the signed-in
 * pages say so once and offer to switch. The browser writes its zone into a cookie (it cannot be
 * known otherwise on the server), and "Keep" is remembered in another, per pair of zones, so the
 * notice is rendered on the server, in the page's flow, without moving anything after it loads.
 * Intl only: the decision is the same wherever it is made.
 */
export const BROWSER_ZONE_COOKIE = "browser_tz";
export const ZONE_KEPT_COOKIE = "zone_kept";
export const ZONE_COOKIE_MAX_AGE = 365 * 86_400;

/** The "Keep" cookie's value for a pair: asked again when either zone changes (a trip elsewhere). */
export const keptPair = (browserZone: string, accountZone: string) => `${browserZone}~${accountZone}`;

function isKnownZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function offsetOf(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(at);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? zone;
}

/** Two names of one clock (Indianapolis and New York, today and in six months): nothing to say. */
export function isSameClock(a: string, b: string, now = new Date()): boolean {
  if (a === b) return true;
  const later = new Date(now.getTime() + 182 * 86_400_000);
  return offsetOf(a, now) === offsetOf(b, now) && offsetOf(a, later) === offsetOf(b, later);
}

export interface ZoneNotice {
  browserZone: string;
  /** "Your computer is set to Pacific Time (Los Angeles) but your account uses Eastern Time (New York)." */
  text: string;
  /** The buttons' zones: "Pacific Time", or the whole label when both short names are alike. */
  useName: string;
  keepName: string;
  /** A teacher's switch also moves their weekly hours (wall times in their zone): said before they choose. */
  detail: string | null;
}

/** What switching means for a teacher, whose weekly hours are wall times in their zone. */
export const TEACHER_SWITCH_DETAIL =
  "Your weekly hours stay at the same times of day in the zone you choose; your sections keep their own times.";

/** The notice to show, or null: no zone known, the same clock, or "Keep" chosen for this pair. */
export function zoneNotice(
  browserZone: string | null | undefined,
  accountZone: string | null | undefined,
  kept: string | null | undefined,
  now = new Date(),
  options: { isTeacher?: boolean } = {},
): ZoneNotice | null {
  if (!browserZone || !accountZone || !isKnownZone(browserZone) || !isKnownZone(accountZone)) return null;
  if (isSameClock(browserZone, accountZone, now) || kept === keptPair(browserZone, accountZone)) return null;
  const alike = zoneShortLabel(browserZone) === zoneShortLabel(accountZone);
  return {
    browserZone,
    text: `Your computer is set to ${zoneLabel(browserZone)} but your account uses ${zoneLabel(accountZone)}.`,
    useName: alike ? zoneLabel(browserZone) : zoneShortLabel(browserZone),
    keepName: alike ? zoneLabel(accountZone) : zoneShortLabel(accountZone),
    detail: options.isTeacher ? TEACHER_SWITCH_DETAIL : null,
  };
}
