import { DateTime, FixedOffsetZone, IANAZone } from "luxon";

/**
 * Time helpers on Luxon, the one timezone library (ARCHITECTURE: Time). Instants cross the wire as
 * ISO 8601 strings in UTC; wall times are a date and minutes after midnight in a named zone.
 */

export const MINUTES_PER_DAY = 24 * 60;

export function isValidTimeZone(name: string): boolean {
  return IANAZone.isValidZone(name);
}

/**
 * The zones a person may choose (the profile's list): the runtime's IANA names that Luxon knows,
 * with UTC and `current` (an alias the list leaves out, like "Asia/Calcutta") kept, sorted.
 */
export function selectableTimeZones(current?: string | null): string[] {
  const names = new Set(Intl.supportedValuesOf("timeZone").filter(isValidTimeZone));
  names.add("UTC");
  if (current && isValidTimeZone(current)) names.add(current);
  return [...names].sort();
}

/** An ISO 8601 instant (with Z or an offset) as a UTC DateTime; invalid input gives an invalid DateTime. */
export function parseInstant(iso: string): DateTime {
  return DateTime.fromISO(iso, { setZone: true }).toUTC();
}

/** The canonical wire form: UTC, milliseconds, Z. */
export function toInstantString(instant: DateTime | Date): string {
  const value = instant instanceof Date ? DateTime.fromJSDate(instant) : instant;
  return value.toUTC().toISO({ suppressMilliseconds: false }) ?? "";
}

/**
 * The instant of a wall time: `date` (yyyy-MM-dd) at `minute` after midnight in `zone`. A wall time
 * that does not exist (the hour skipped when clocks go forward) gives null; one that happens twice
 * (clocks go back) gives the earlier instant. 1440 is the next day's midnight.
 */
export function wallTimeToInstant(date: string, minute: number, zone: string, options: { lenient?: boolean } = {}): DateTime | null {
  const day = DateTime.fromISO(date, { zone });
  if (!day.isValid) return null;
  const target = minute === MINUTES_PER_DAY ? day.plus({ days: 1 }).startOf("day") : day;
  const wanted = { hour: Math.floor((minute % MINUTES_PER_DAY) / 60), minute: minute % 60 };
  const local = target.set(wanted);
  // Lenient: Luxon moves a skipped wall time forward by the gap (02:30 becomes 03:30).
  if (!options.lenient && (local.hour !== wanted.hour || local.minute !== wanted.minute)) return null;
  return local.toUTC();
}

/**
 * An instant as a viewer in `zone` reads it, with the zone's name so nobody guesses:
 * "Tue, Mar 10, 2026, 9:00 AM PDT (America/Los_Angeles)".
 */
export function formatInstantInZone(instant: string | Date, zone: string, locale = "en-US"): string {
  const value = typeof instant === "string" ? parseInstant(instant) : DateTime.fromJSDate(instant);
  const local = value.setZone(zone).setLocale(locale);
  const text = local.toLocaleString({
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
  return `${text} (${zone})`;
}

/** "09:30" from 570; 1440 is "24:00" (the end of a day). */
export function minuteToClock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** 570 from "09:30"; "24:00" is 1440; anything else gives null. */
export function clockToMinute(clock: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(clock);
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute <= MINUTES_PER_DAY ? minute : null;
}

/**
 * wallTimeToInstant for many wall times of one zone, fast: Luxon reads each date's offset at its
 * midnight and the next one (once per date, cached); on a date with one offset all day (every date
 * but the two clock-change days of a year) the wall time is read in that fixed offset, which costs
 * no zone lookup. Clock-change dates take wallTimeToInstant's full path.
 */
export type WallClock = (date: string, minute: number, options?: { lenient?: boolean }) => number | null;

/** One wallClock per zone, for one computation (slots of many teachers, sessions of many sections). */
export class WallClocks {
  private readonly clocks = new Map<string, WallClock>();
  of(zone: string): WallClock {
    let clock = this.clocks.get(zone);
    if (!clock) this.clocks.set(zone, (clock = wallClock(zone)));
    return clock;
  }
}

export function wallClock(zone: string): WallClock {
  const midnights = new Map<string, DateTime>();
  const midnightOf = (date: string): DateTime => {
    let midnight = midnights.get(date);
    if (!midnight) midnights.set(date, (midnight = DateTime.fromISO(date, { zone })));
    return midnight;
  };
  const fixedZones = new Map<string, FixedOffsetZone | null>();
  const fixedZoneOf = (date: string): FixedOffsetZone | null => {
    let fixed = fixedZones.get(date);
    if (fixed === undefined) {
      const midnight = midnightOf(date);
      const next = midnightOf(DateTime.fromISO(date, { zone: "utc" }).plus({ days: 1 }).toISODate() ?? "");
      fixed =
        midnight.isValid && next.isValid && midnight.offset === next.offset && midnight.hour === 0
          ? FixedOffsetZone.instance(midnight.offset)
          : null;
      fixedZones.set(date, fixed);
    }
    return fixed;
  };
  const instants = new Map<string, number | null>();
  return (date, minute, options = {}) => {
    const key = `${date}|${minute}|${options.lenient === true}`;
    let instant = instants.get(key);
    if (instant === undefined) {
      const fixed = minute < MINUTES_PER_DAY ? fixedZoneOf(date) : null;
      instant = fixed
        ? DateTime.fromISO(date, { zone: fixed })
            .set({ hour: Math.floor(minute / 60), minute: minute % 60 })
            .toMillis()
        : (wallTimeToInstant(date, minute, zone, options)?.toMillis() ?? null);
      instants.set(key, instant);
    }
    return instant;
  };
}
