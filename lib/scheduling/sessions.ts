import { DateTime } from "luxon";
import { RRule, Frequency } from "rrule";

import { MINUTES_PER_DAY, wallClock, type WallClocks } from "./time";

const WEEK_MS = 7 * 86_400_000;

/** What a section's sessions are computed from (a sections row, or a section being written). */
export interface SectionRecurrence {
  startsOn: string;
  endsOn: string | null;
  startMinute: number;
  timezone: string;
  /** An RRULE without DTSTART, e.g. FREQ=WEEKLY;BYDAY=TU,TH. */
  rrule: string;
  durationMinutes: number;
}

export interface SessionTimes {
  startsAt: string;
  endsAt: string;
}

/**
 * rrule works in "floating" time when no TZID is given: a Date whose UTC fields are the wall time
 * (its README, "Timezone support"). Sessions are expanded so, in the section's wall clock, and each
 * occurrence is then placed in the section's zone by Luxon: a class at 16:00 in London stays at
 * 16:00 London time across the clock changes, and its UTC instant moves.
 */
function floating(local: DateTime): Date {
  return local.setZone("utc", { keepLocalTime: true }).toJSDate();
}

function fromFloating(date: Date, zone: string): DateTime {
  return DateTime.fromJSDate(date, { zone: "utc" }).setZone(zone, { keepLocalTime: true });
}

/** The RRULE options of a stored rule; throws on text rrule cannot read. */
export function parseWeeklyRule(text: string): ReturnType<typeof RRule.parseString> {
  if (/DTSTART/i.test(text)) throw new Error("the rule must not carry DTSTART");
  const options = RRule.parseString(text.replace(/^RRULE:/i, ""));
  if (options.freq !== Frequency.WEEKLY) throw new Error("the rule must be weekly");
  return options;
}

/**
 * The section's rule, from its first day, or from a later week when `notBefore` (floating time) is
 * given. rrule walks every occurrence from DTSTART on, so a year-old daily class costs hundreds of
 * steps per call (the minute's reminder scan calls it for every seat). A weekly rule with interval 1
 * and no COUNT yields the same occurrences from any later DTSTART moved by whole weeks (rrule.js
 * counts DTSTART only when it matches the rule), so the walk can start a week before the window.
 */
function ruleOf(section: SectionRecurrence, notBefore?: number): RRule {
  const options = parseWeeklyRule(section.rrule);
  let first = DateTime.fromISO(section.startsOn, { zone: "utc" }).set({
    hour: Math.floor(section.startMinute / 60),
    minute: section.startMinute % 60,
  });
  const weeksToSkip = notBefore === undefined ? 0 : Math.floor((notBefore - first.toMillis()) / WEEK_MS) - 1;
  if (weeksToSkip > 0 && (options.interval ?? 1) === 1 && !options.count) first = first.plus({ weeks: weeksToSkip });
  let until = options.until ?? null;
  if (section.endsOn) {
    const lastDay = DateTime.fromISO(section.endsOn, { zone: "utc" })
      .plus({ minutes: MINUTES_PER_DAY - 1 })
      .toJSDate();
    if (!until || lastDay < until) until = lastDay;
  }
  return new RRule({ ...options, dtstart: first.toJSDate(), until, tzid: null });
}

/** The sessions of a section that start in [from, to), as UTC instants; `clocks` shares zone lookups between sections. */
export function sectionSessions(section: SectionRecurrence, from: Date, to: Date, clocks?: WallClocks): SessionTimes[] {
  // The window in floating time, a day wider on each side (a zone is at most 14 hours from UTC).
  const after = floating(DateTime.fromJSDate(from).setZone(section.timezone)).getTime() - 86_400_000;
  const rule = ruleOf(section, after);
  const before = floating(DateTime.fromJSDate(to).setZone(section.timezone)).getTime() + 86_400_000;
  const clock = clocks ? clocks.of(section.timezone) : wallClock(section.timezone);
  const sessions: SessionTimes[] = [];
  const durationMs = section.durationMinutes * 60_000;
  for (const occurrence of rule.between(new Date(after), new Date(before), true)) {
    // The occurrence's UTC fields are its wall time (floating): its date and minute of the day are
    // read straight off them, and the zone's clock (Luxon) places that wall time.
    const date = occurrence.toISOString().slice(0, 10);
    const start = clock(date, occurrence.getUTCHours() * 60 + occurrence.getUTCMinutes(), { lenient: true });
    if (start === null || start < from.getTime() || start >= to.getTime()) continue;
    // A session lasts its minutes of real time, across a clock change too.
    sessions.push({ startsAt: new Date(start).toISOString(), endsAt: new Date(start + durationMs).toISOString() });
  }
  return sessions;
}

/**
 * The first session that starts in [from, to), or null. Looks eight days ahead first: a weekly rule
 * has a session there unless the section ends, so the usual answer costs a week of occurrences
 * instead of a year's (a year for each of a cart's lines made /cart and checkout slow, issue 18).
 */
export function nextSessionBetween(section: SectionRecurrence, from: Date, to: Date, clocks?: WallClocks): SessionTimes | null {
  const weekAhead = new Date(Math.min(to.getTime(), from.getTime() + 8 * 86_400_000));
  const [soon] = sectionSessions(section, from, weekAhead, clocks);
  if (soon || weekAhead.getTime() >= to.getTime()) return soon ?? null;
  return sectionSessions(section, weekAhead, to, clocks)[0] ?? null;
}

/** The first session of a section, or null if its rule yields none. */
export function firstSession(section: SectionRecurrence): SessionTimes | null {
  const occurrence = ruleOf(section).after(new Date(0), true);
  if (!occurrence) return null;
  const start = fromFloating(occurrence, section.timezone);
  return { startsAt: start.toJSDate().toISOString(), endsAt: start.plus({ minutes: section.durationMinutes }).toJSDate().toISOString() };
}

/** The RRULE for sessions on these ISO weekdays (1 = Monday). */
export function weeklyRule(weekdays: number[]): string {
  const codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
  const days = [...new Set(weekdays)].sort((a, b) => a - b).map((day) => codes[day - 1]);
  return `FREQ=WEEKLY;BYDAY=${days.join(",")}`;
}
