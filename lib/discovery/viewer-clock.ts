import { IANAZone } from "luxon";

import type { DayPart, Weekday } from "./filters";
import { DAY_PARTS, WEEKDAYS } from "./filters";

/**
 * Issue 29: an instant as the viewer's own clock reads it (their weekday and minute of the day), for
 * the weekday and time-of-day filters. Many sessions start at the same few instants, so the zone's
 * offset is asked of Luxon once per quarter hour of the window (offsets change on quarter hours at
 * the finest: Newfoundland, Lord Howe) and remembered for the one search.
 */
export interface LocalTime {
  weekday: Weekday;
  /** Minutes after the viewer's midnight. */
  minute: number;
}

const QUARTER_MS = 15 * 60_000;

export function viewerClock(zoneName: string): (ms: number) => LocalTime {
  const zone = IANAZone.create(zoneName);
  const offsets = new Map<number, number>();
  return (ms) => {
    const quarter = Math.floor(ms / QUARTER_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) offsets.set(quarter, (offset = zone.offset(quarter * QUARTER_MS)));
    const local = new Date(ms + offset * 60_000);
    // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
    return { weekday: WEEKDAYS[(local.getUTCDay() + 6) % 7]!, minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
  };
}

export interface TimeFilters {
  days: readonly Weekday[];
  parts: readonly DayPart[];
  from?: number;
  to?: number;
}

export const hasTimeFilters = (filters: TimeFilters) =>
  filters.days.length > 0 || filters.parts.length > 0 || filters.from !== undefined || filters.to !== undefined;

/** Whether a start, on the viewer's clock, is on one of the days, in one of the parts and within the exact hours asked. */
export function matchesTime(local: LocalTime, filters: TimeFilters): boolean {
  if (filters.days.length > 0 && !filters.days.includes(local.weekday)) return false;
  if (
    filters.parts.length > 0 &&
    !filters.parts.some((part) => local.minute >= DAY_PARTS[part].from && local.minute < DAY_PARTS[part].to)
  ) {
    return false;
  }
  if (filters.from !== undefined && local.minute < filters.from) return false;
  if (filters.to !== undefined && local.minute >= filters.to) return false;
  return true;
}
