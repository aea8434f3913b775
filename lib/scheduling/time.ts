import { LRUCache } from "lru-cache";
import { DateTime, IANAZone } from "luxon";

import { CANONICAL_ZONE_NAMES, formatInstant, SEARCH_ZONES, zoneLabel, type ZoneOption } from "./zone-name";

/**
 * Time helpers on Luxon, the one timezone library (ARCHITECTURE: Time). Instants cross the wire as
 * ISO 8601 strings in UTC; wall times are a date and minutes after midnight in a named zone.
 */

export const MINUTES_PER_DAY = 24 * 60;

export function isValidTimeZone(name: string): boolean {
  if (validZones.has(name)) return true;
  const isValid = IANAZone.isValidZone(name);
  if (isValid) validZones.add(name);
  return isValid;
}
/**
 * The names found valid so far: Luxon's check makes an Intl.DateTimeFormat at every call (a
 * confirmation email checked its reader's zone at a cost of ~0.1 ms, issue 30). Only valid names
 * are kept, so the set is bounded by the zone database whatever strings arrive.
 */
const validZones = new Set<string>();

/** A zone's current IANA name ("Asia/Calcutta" is "Asia/Kolkata"); any other name as it is. */
export function canonicalTimeZone(name: string): string {
  const canonical = CANONICAL_ZONE_NAMES[name];
  return canonical && isValidTimeZone(canonical) ? canonical : name;
}

/**
 * The zones a person may choose (the profile's list): the runtime's names that Luxon knows, by
 * their IANA names, with UTC and `current` (by its IANA name; kept even when the runtime's list
 * leaves it out, like "US/Pacific"), sorted. The form accepts any valid zone, old names too.
 */
export function selectableTimeZones(current?: string | null): string[] {
  const names = new Set(Intl.supportedValuesOf("timeZone").filter(isValidTimeZone).map(canonicalTimeZone));
  names.add("UTC");
  if (current && isValidTimeZone(current)) names.add(canonicalTimeZone(current));
  return [...names].sort();
}

/**
 * selectableTimeZones as a select's options: the IANA name is the value, the label reads as people
 * say it ("Pacific Time (Los Angeles)"), sorted by label. Made on the server: the browser's ICU could
 * word a label differently, and the page would not hydrate alike.
 */
export function zoneOptions(current?: string | null): ZoneOption[] {
  return asZoneOptions(selectableTimeZones(current));
}

/** The class finder's zones (SEARCH_ZONES) and `current` (by its IANA name), as zoneOptions words and sorts them. */
export function searchZoneOptions(current?: string | null): ZoneOption[] {
  const names = new Set(SEARCH_ZONES);
  if (current && isValidTimeZone(current)) names.add(canonicalTimeZone(current));
  return asZoneOptions([...names]);
}

function asZoneOptions(names: string[]): ZoneOption[] {
  return names
    .map((value) => ({ value, label: zoneLabel(value) }))
    .sort((a, b) => a.label.localeCompare(b.label, "en") || a.value.localeCompare(b.value));
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
 * An instant as a viewer in `zone` reads it, with the zone as people say it so nobody guesses:
 * "Tue, Mar 10, 2026, 9:00 AM Pacific Time (Los Angeles)"; in UTC, "Tue, Mar 10, 2026, 3:46 AM UTC".
 * The browser writes the same text (zone-name.ts). A name that is not a zone reads in UTC.
 */
export function formatInstantInZone(instant: string | Date, zone: string, locale = "en-US"): string {
  const value = typeof instant === "string" ? parseInstant(instant).toJSDate() : instant;
  if (Number.isNaN(value.getTime())) return "an unknown time";
  return formatInstant(value, isValidTimeZone(zone) ? zone : "UTC", locale);
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
 * wallTimeToInstant for many wall times of one zone, fast: each date's offset is read once, at its
 * midnight and the next one; on a date with one offset all day (every date but the two clock-change
 * days of a year) a wall time is that midnight plus its minutes, with no zone lookup at all.
 * Clock-change dates take wallTimeToInstant's full path.
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

/** A date's midnight in a zone, when the date keeps one offset all day (null on a clock-change date). */
type FixedMidnight = number | null;

/**
 * The dates' midnights by zone, kept between requests: they depend only on the time zone database,
 * so every slot computation after the first skips Luxon for them. Bounded per zone (dates roll on;
 * the least recently used go first); zones are validated IANA names, a few hundred at most.
 */
const fixedMidnights = new Map<string, LRUCache<string, { midnight: FixedMidnight }>>();
const MAX_DATES_PER_ZONE = 5000;

function fixedMidnightsOf(zone: string): LRUCache<string, { midnight: FixedMidnight }> {
  let dates = fixedMidnights.get(zone);
  if (!dates) fixedMidnights.set(zone, (dates = new LRUCache({ max: MAX_DATES_PER_ZONE })));
  return dates;
}

export function wallClock(zone: string): WallClock {
  const dates = fixedMidnightsOf(zone);
  const fixedMidnightOf = (date: string): FixedMidnight => {
    const known = dates.get(date);
    if (known) return known.midnight;
    const midnight = DateTime.fromISO(date, { zone });
    const next = midnight.isValid ? midnight.plus({ days: 1 }).startOf("day") : midnight;
    const fixed = midnight.isValid && next.isValid && midnight.offset === next.offset && midnight.hour === 0 ? midnight.toMillis() : null;
    dates.set(date, { midnight: fixed });
    return fixed;
  };
  const instants = new Map<string, number | null>();
  return (date, minute, options = {}) => {
    const midnight = minute < MINUTES_PER_DAY ? fixedMidnightOf(date) : null;
    if (midnight !== null) return midnight + minute * 60_000;
    const key = `${date}|${minute}|${options.lenient === true}`;
    let instant = instants.get(key);
    if (instant === undefined) {
      instant = wallTimeToInstant(date, minute, zone, options)?.toMillis() ?? null;
      instants.set(key, instant);
    }
    return instant;
  };
}

/**
 * The first instant of a date (yyyy-MM-dd), `days` later, as a reader in `zone` has it: their
 * midnight, or the first minute after it where a clock change skips midnight. Null for no date.
 */
export function startOfDayIn(date: string, zone: string, days = 0): Date | null {
  const day = DateTime.fromISO(date, { zone });
  return day.isValid ? day.plus({ days }).startOf("day").toJSDate() : null;
}

/** Today's date (yyyy-MM-dd) in `zone`. */
export function todayIn(zone: string, now = new Date()): string {
  return DateTime.fromJSDate(now).setZone(zone).toISODate() ?? "";
}

/** "Mon, Mar 9, 2026" for a date (yyyy-MM-dd) of any zone: a calendar date, read as itself. */
export function formatDate(date: string, locale = "en-US"): string {
  return DateTime.fromISO(date, { zone: "utc" })
    .setLocale(locale)
    .toLocaleString({ weekday: "short", month: "short", day: "numeric", year: "numeric" });
}
