import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";

import { canonicalTimeZone, isValidTimeZone } from "./time";

/**
 * The zone a family reads a demo's follow-up in, on its page and in its email alike: the parent
 * account's (the child's parent, else the account that asked for the demo), else the zone the
 * family picked the demo's time in, else UTC (named wherever a time is shown).
 */
export function familyZone(sources: {
  parentZone?: string | null;
  requestAccountZone?: string | null;
  bookedZone?: string | null;
}): string {
  for (const zone of [sources.parentZone, sources.requestAccountZone, sources.bookedZone]) {
    if (zone && isValidTimeZone(zone)) return canonicalTimeZone(zone);
  }
  return FALLBACK_TIMEZONE;
}
