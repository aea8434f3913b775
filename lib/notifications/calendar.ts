import "server-only";

import { createEvent } from "ics";
import { DateTime } from "luxon";
import { tzlib_get_ical_block, tzlib_get_timezones } from "timezones-ical-library";

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
  /** Occurrences changed on their own (issue 27): each an overriding VEVENT of the same UID. */
  overrides?: readonly OccurrenceOverride[];
}

/**
 * One occurrence of a series as it now is: moved (new times), cancelled (STATUS:CANCELLED) or
 * replaced by a make-up (its times, its own title). RFC 5545 3.8.4.4: a VEVENT with the series' UID
 * and a RECURRENCE-ID naming the occurrence's original start replaces that occurrence alone.
 */
export interface OccurrenceOverride {
  /** The occurrence's original start (UTC ISO), written as RECURRENCE-ID in the series' zone. */
  recurrenceId: string;
  startsAt: string;
  endsAt: string;
  isCancelled: boolean;
  title?: string;
  description?: string;
}

const icsLocal = (time: DateTime) => time.toFormat("yyyyMMdd'T'HHmmss");

// Every zone timezones-ical-library has a VTIMEZONE for (its IANA data, aliases included): asked
// first, because the library logs to the console for a zone it does not know.
const knownZones = new Set(tzlib_get_timezones() as string[]);

/**
 * A zone's VTIMEZONE (its observances with their yearly rules) and the TZID it is written under,
 * from timezones-ical-library: an old name (US/Eastern) comes back as its canonical zone. Calendars
 * that know the TZID use their own rules; the others (and ical.js in the tests) use these.
 */
export function vtimezone(zone: string): { block: string; tzid: string } {
  const found = knownZones.has(zone) ? tzlib_get_ical_block(zone) : "";
  if (!Array.isArray(found) || !found[0]) throw new Error(`no VTIMEZONE for the zone ${zone}`);
  const [block, tzidParam = `TZID=${zone}`] = found;
  return { block, tzid: tzidParam.replace(/^TZID=/, "") };
}

/**
 * A section's recurring invite (enrolment): the ics package writes the event in UTC, then its
 * DTSTART/DTEND become local times with TZID and the zone's VTIMEZONE is added, so the weekly rule
 * follows the section's wall clock. UNTIL (the section's last day) is a UTC instant, as RFC 5545 asks.
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
  const { block, tzid } = vtimezone(input.zone);
  const out: string[] = [];
  for (const line of base.split("\r\n")) {
    if (line === "BEGIN:VEVENT") out.push(block, line);
    else if (line.startsWith("DTSTART")) out.push(`DTSTART;TZID=${tzid}:${icsLocal(start)}`, `RRULE:${rule}`);
    else if (line.startsWith("DTEND")) out.push(`DTEND;TZID=${tzid}:${icsLocal(end)}`);
    else if (line === "END:VCALENDAR") out.push(...(input.overrides ?? []).flatMap((o) => overrideEvent(input, o, tzid)), line);
    else out.push(line);
  }
  return out.join("\r\n");
}

/**
 * The VEVENT of one changed occurrence. The ics package has no RECURRENCE-ID (adamgibbons/ics
 * issue 280, still open), so the event is built by it like any other (UTC times, same UID and
 * SEQUENCE) and its VEVENT block taken with the RECURRENCE-ID line added: a local time in the
 * series' TZID, as the master's DTSTART is written, so calendars match it to the occurrence.
 */
function overrideEvent(series: RecurringInviteInput, override: OccurrenceOverride, tzid: string): string[] {
  const text = calendarInvite({
    ...series,
    title: override.title ?? series.title,
    description: override.description ?? series.description,
    startsAt: override.startsAt,
    endsAt: override.endsAt,
    isCancelled: override.isCancelled || series.isCancelled,
  });
  const lines = text.split("\r\n");
  const event = lines.slice(lines.indexOf("BEGIN:VEVENT"), lines.indexOf("END:VEVENT") + 1);
  const recurrenceId = DateTime.fromISO(override.recurrenceId, { zone: "utc" }).setZone(series.zone);
  const uidAt = event.findIndex((line) => line.startsWith("UID:"));
  event.splice(uidAt + 1, 0, `RECURRENCE-ID;TZID=${tzid}:${icsLocal(recurrenceId)}`);
  return event;
}

/**
 * Several invites of one method as one calendar file: the first's VCALENDAR (its VTIMEZONE) with
 * every other one's VEVENTs added, each keeping its own UID, so one message updates each child's
 * seat in the family's calendar (RFC 5545 allows many events of one method in a file).
 */
export function mergeInvites<T extends { method: InviteMethod; content: string }>(invites: T[]): T {
  const [first, ...rest] = invites;
  if (!first) throw new Error("mergeInvites needs at least one invite");
  if (rest.some((invite) => invite.method !== first.method)) throw new Error("mergeInvites: invites of different methods");
  if (rest.length === 0) return first;
  const events = rest.flatMap((invite) => invite.content.match(/BEGIN:VEVENT\r?\n[\s\S]*?END:VEVENT\r?\n/g) ?? []);
  const end = first.content.lastIndexOf("END:VCALENDAR");
  return { ...first, content: `${first.content.slice(0, end)}${events.join("")}${first.content.slice(end)}` };
}
