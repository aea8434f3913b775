import "server-only";

import { createEvent } from "ics";
import { DateTime } from "luxon";

import { brand } from "@/lib/platform/brand";

/**
 * Every calendar file the product makes (the status page's download and each message's invite):
 * one place, so all of them carry the same UID for one booking. DTSTART and DTEND in UTC.
 */
export type InviteMethod = "REQUEST" | "CANCEL" | "PUBLISH";

export interface InviteInput {
  uid: string;
  /** Raised on every move and on the cancellation, so a calendar replaces the event it holds. */
  sequence: number;
  title: string;
  description: string;
  url: string;
  startsAt: string;
  endsAt: string;
  /** REQUEST in a message (add or update), CANCEL to remove, PUBLISH for a plain download. */
  method: InviteMethod;
  /** A cancelled booking's download (PUBLISH) says so too; CANCEL always does. */
  isCancelled?: boolean;
  organizer?: { name: string; email: string };
  attendee?: { name?: string; email: string };
}

/** A booking's UID: stable across reschedules (its id at our host). */
export function bookingUid(bookingId: string, host: string = new URL(brand.siteUrl).host): string {
  return `${bookingId}@${host}`;
}

export function calendarInvite(input: InviteInput): string {
  const start = DateTime.fromISO(input.startsAt, { zone: "utc" });
  const end = DateTime.fromISO(input.endsAt, { zone: "utc" });
  const result = createEvent({
    productId: `${brand.name}/classes`,
    uid: input.uid,
    sequence: input.sequence,
    title: input.title,
    description: input.description,
    url: input.url,
    start: start.toMillis(),
    startInputType: "utc",
    startOutputType: "utc",
    end: end.toMillis(),
    endInputType: "utc",
    endOutputType: "utc",
    status: input.method === "CANCEL" || input.isCancelled ? "CANCELLED" : "CONFIRMED",
    method: input.method,
    ...(input.organizer ? { organizer: input.organizer } : {}),
    ...(input.attendee
      ? { attendees: [{ ...input.attendee, rsvp: false, partstat: "ACCEPTED" as const, role: "REQ-PARTICIPANT" as const }] }
      : {}),
  });
  if (result.error || !result.value) throw result.error ?? new Error("ics produced nothing");
  return result.value;
}

export interface RecurringInviteInput extends InviteInput {
  /** The section's wall clock: DTSTART and DTEND are local times there, so a 16:00 class stays at 16:00 across DST. */
  zone: string;
  /** FREQ=WEEKLY;BYDAY=... without DTSTART. */
  rrule: string;
  /** The last day of the series (the section's ends_on, in its zone), when it has one. */
  lastDay?: string | null;
}

const icsLocal = (time: DateTime) => time.toFormat("yyyyMMdd'T'HHmmss");
const icsOffset = (minutes: number) => {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
};

/** The first minute at which `zone`'s offset differs from the one at `from` (offsets change on minute boundaries). */
function transitionBetween(zone: string, from: number, to: number): number {
  const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  const before = offsetAt(from);
  let [lo, hi] = [from, to];
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 2 / 60_000) * 60_000 || lo + 60_000;
    if (offsetAt(mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

// Built VTIMEZONEs by zone and years. Pure in its inputs (the IANA rules do not change while the
// process runs), and costly: the walk below asks Luxon a zone's offset for every day of about three
// years, about 25 ms of CPU, and each confirmed seat's invite is built inside the checkout's
// transaction, under the section's lock (issue 18: the largest cost of a checkout under load).
// A few zones and years cover nearly every section; the cap only bounds odd inputs.
const builtZones = new Map<string, string>();
const BUILT_ZONES_MAX = 500;

/**
 * A VTIMEZONE for `zone` over these years, from the IANA rules Luxon reads: one observance per
 * change of offset (no RRULE to get wrong), as RFC 5545 allows. Calendars that know the TZID use
 * their own rules; the others (and ical.js in the tests) use these.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string {
  const key = `${zone}|${fromYear}|${toYear}`;
  const built = builtZones.get(key);
  if (built !== undefined) return built;
  const text = buildVtimezone(zone, fromYear, toYear);
  if (builtZones.size >= BUILT_ZONES_MAX) builtZones.clear();
  builtZones.set(key, text);
  return text;
}

function buildVtimezone(zone: string, fromYear: number, toYear: number): string {
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  const start = DateTime.fromObject({ year: fromYear, month: 1, day: 1 }, { zone: "utc" });
  const initial = DateTime.fromMillis(start.toMillis(), { zone });
  const observance = (dst: boolean, local: string, fromOffset: number, toOffset: number) =>
    lines.push(
      `BEGIN:${dst ? "DAYLIGHT" : "STANDARD"}`,
      `DTSTART:${local}`,
      `TZOFFSETFROM:${icsOffset(fromOffset)}`,
      `TZOFFSETTO:${icsOffset(toOffset)}`,
      `END:${dst ? "DAYLIGHT" : "STANDARD"}`,
    );
  observance(initial.isInDST, "19700101T000000", initial.offset, initial.offset);
  const end = DateTime.fromObject({ year: toYear + 1, month: 1, day: 1 }, { zone: "utc" }).toMillis();
  const DAY = 86_400_000;
  let before = initial.offset;
  for (let day = start.toMillis(); day < end; day += DAY) {
    // Each day's offset is read once: the next day's becomes this one's "before" in the next turn.
    const next = DateTime.fromMillis(day + DAY, { zone }).offset;
    if (next === before) continue;
    const at = transitionBetween(zone, day, day + DAY);
    const after = DateTime.fromMillis(at, { zone });
    // DTSTART of an observance is the local time just before the change, in the offset it leaves.
    observance(after.isInDST, icsLocal(DateTime.fromMillis(at, { zone: "utc" }).plus({ minutes: before })), before, after.offset);
    before = next;
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}

/**
 * A section's recurring invite (enrolment): the ics package writes the event in UTC, then its
 * DTSTART/DTEND become local times with TZID and a VTIMEZONE is added, so the weekly rule follows
 * the section's wall clock. UNTIL (the section's last day) is a UTC instant, as RFC 5545 asks.
 */
export function recurringCalendarInvite(input: RecurringInviteInput): string {
  const base = calendarInvite(input);
  const start = DateTime.fromISO(input.startsAt, { zone: "utc" }).setZone(input.zone);
  const end = DateTime.fromISO(input.endsAt, { zone: "utc" }).setZone(input.zone);
  let rule = input.rrule.replace(/^RRULE:/i, "");
  if (input.lastDay && !/UNTIL=|COUNT=/i.test(rule)) {
    const until = DateTime.fromISO(input.lastDay, { zone: input.zone }).endOf("day").toUTC();
    rule += `;UNTIL=${until.toFormat("yyyyMMdd'T'HHmmss'Z'")}`;
  }
  const lastYear = input.lastDay ? DateTime.fromISO(input.lastDay).year : start.year + 2;
  const out: string[] = [];
  for (const line of base.split("\r\n")) {
    if (line === "BEGIN:VEVENT") out.push(vtimezone(input.zone, start.year, lastYear), line);
    else if (line.startsWith("DTSTART")) out.push(`DTSTART;TZID=${input.zone}:${icsLocal(start)}`, `RRULE:${rule}`);
    else if (line.startsWith("DTEND")) out.push(`DTEND;TZID=${input.zone}:${icsLocal(end)}`);
    else out.push(line);
  }
  return out.join("\r\n");
}
