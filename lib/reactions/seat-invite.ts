import "server-only";

import { inArray } from "drizzle-orm";
import { DateTime } from "luxon";

import { bookingUid, recurringCalendarInvite, type OccurrenceOverride } from "@/lib/notifications/calendar";
import type { EmailPayload } from "@/lib/notifications/email";
import { mailFrom } from "@/lib/notifications/sender-address";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { joinSeatBooking } from "@/lib/platform/db/queries";
import { bookings, courses, learners, sections } from "@/lib/platform/db/schema";
import { seatSequence } from "@/lib/scheduling/seat-sequence";
import type { SectionRow } from "@/lib/scheduling/sections";
import type { SessionChange } from "@/lib/scheduling/session-overrides";
import { parseWeeklyRule } from "@/lib/scheduling/sessions";
import { wallTimeToInstant } from "@/lib/scheduling/time";
import { zonedFormat, zoneLabel } from "@/lib/scheduling/zone-name";

/**
 * "Weekly on Tuesday and Thursday at 4:00 PM Eastern Time (New York)": the section's weekly pattern
 * as a reader in `zone` sees it (issue 31: one clock per person; a class at 9:00 PM in New York is on
 * the next day in Tokyo). The pattern is read off one week of wall times (the week of `at`, in the
 * section's zone), so a day that moves across midnight for the reader moves with it.
 */
export function describeSchedule(section: { rrule: string; startMinute: number; timezone: string }, zone: string, at = new Date()): string {
  const byDay = parseWeeklyRule(section.rrule).byweekday;
  const weekdays = (Array.isArray(byDay) ? byDay : byDay === null || byDay === undefined ? [] : [byDay]).map((day) =>
    typeof day === "number" ? day : (day as { weekday: number }).weekday,
  );
  const monday = DateTime.fromJSDate(at).setZone(section.timezone).startOf("week");
  const instants = weekdays.flatMap((weekday) => {
    const date = monday.plus({ days: weekday }).toISODate();
    const instant = date ? wallTimeToInstant(date, section.startMinute, section.timezone, { lenient: true }) : null;
    return instant ? [instant.toJSDate()] : [];
  });
  if (instants.length === 0) return "Weekly";
  const dayName = zonedFormat(zone, { weekday: "long" });
  const dayIndex = zonedFormat(zone, { weekday: "short" });
  const clock = zonedFormat(zone, { hour: "numeric", minute: "2-digit" });
  const order = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  const byTime = new Map<string, string[]>();
  for (const instant of instants.sort((a, b) => order.indexOf(dayIndex.format(a)) - order.indexOf(dayIndex.format(b)))) {
    const days = byTime.get(clock.format(instant)) ?? [];
    const day = dayName.format(instant);
    if (!days.includes(day)) days.push(day);
    byTime.set(clock.format(instant), days);
  }
  const list = new Intl.ListFormat("en-US", { type: "conjunction" });
  const parts = [...byTime].map(([time, days]) => `${list.format(days)} at ${time}`);
  return `Weekly on ${parts.join("; ")} ${zoneLabel(zone)}`;
}

/** A seat as its family's calendar knows it: the booking, who it is for, and the session the series starts at. */
export interface SeatForInvite {
  bookingId: string;
  /** The series' first session (the seat's first at enrolment, the next one after a change of times). */
  startsAt: Date;
  endsAt: Date;
  learnerName: string;
  courseTitle: string;
  teacherName: string | null;
  /** The family; its zone (when known) is the one the invite's words are in. */
  parent: { email: string; name: string | null; zone?: string };
  /** The section's sessions changed on their own: each occurrence of this seat's series overridden in place. */
  sessionChanges?: readonly SessionChange[];
}

/**
 * The overrides of a seat's series (issue 27): a moved session at its new time, a cancelled one
 * STATUS:CANCELLED, a cancelled one with a make-up at the make-up's time under its own title (the
 * occurrence the family lost is the one the make-up gives back). Only occurrences of this seat's
 * series (from its first session) are named: RECURRENCE-ID must be one of the series'.
 */
export function overridesOfSeat(seat: SeatForInvite, durationMinutes: number): OccurrenceOverride[] {
  const title = `${seat.courseTitle} (${seat.learnerName})`;
  return (seat.sessionChanges ?? [])
    .filter((change) => Date.parse(change.originalStartsAt) >= seat.startsAt.getTime())
    .map((change) => {
      const original = new Date(change.originalStartsAt);
      const originalEnd = new Date(original.getTime() + durationMinutes * 60_000).toISOString();
      if (change.kind === "moved" && change.startsAt && change.endsAt) {
        return { recurrenceId: original.toISOString(), startsAt: change.startsAt, endsAt: change.endsAt, isCancelled: false };
      }
      if (change.makeupStartsAt && change.makeupEndsAt) {
        return {
          recurrenceId: original.toISOString(),
          startsAt: change.makeupStartsAt,
          endsAt: change.makeupEndsAt,
          isCancelled: false,
          title: `Make-up session: ${title}`,
        };
      }
      return { recurrenceId: original.toISOString(), startsAt: original.toISOString(), endsAt: originalEnd, isCancelled: true };
    });
}

export const MY_COURSES_URL = () => `${brand.siteUrl}/my-courses`;

/**
 * The recurring invite of one seat: the one place it is built, for the enrolment (REQUEST, SEQUENCE
 * 0), each change of the section's times (REQUEST, SEQUENCE = its schedule version) and the seat's
 * cancellation (CANCEL, a SEQUENCE above all of those). The UID is the seat's, so each replaces the last.
 */
export function seatInvite(
  seat: SeatForInvite,
  section: SectionRow,
  sequence: number,
  method: "REQUEST" | "CANCEL" = "REQUEST",
): NonNullable<EmailPayload["invite"]> {
  const organizer = mailFrom();
  const myCoursesUrl = MY_COURSES_URL();
  const content = recurringCalendarInvite({
    uid: bookingUid(seat.bookingId),
    sequence,
    title: `${seat.courseTitle} (${seat.learnerName})`,
    description: `${seat.learnerName}'s weekly class with ${seat.teacherName ?? "the teacher"}. ${describeSchedule(section, seat.parent.zone ?? section.timezone, seat.startsAt)}. Join from My courses: ${myCoursesUrl}`,
    url: myCoursesUrl,
    startsAt: seat.startsAt.toISOString(),
    endsAt: seat.endsAt.toISOString(),
    method,
    organizer: { name: organizer.name, email: organizer.email },
    attendee: { email: seat.parent.email, ...(seat.parent.name ? { name: seat.parent.name } : {}) },
    zone: section.timezone,
    rrule: section.rrule,
    lastDay: section.endsOn,
    overrides: overridesOfSeat(seat, section.durationMinutes),
  });
  return { method, content };
}

/** Seats with what their messages say (section, course, first name and grade), in the announcing transaction or at delivery. */
export async function loadSeats(tx: Pick<Database, "select">, bookingIds: string[]) {
  return joinSeatBooking(
    tx
      .select({ booking: bookings, section: sections, courseTitle: courses.title, learnerName: learners.firstName, grade: learners.grade })
      .from(bookings)
      .$dynamic(),
  ).where(inArray(bookings.id, bookingIds));
}
export type SeatRow = Awaited<ReturnType<typeof loadSeats>>[number];

/** The invite of a loaded seat, its series starting at the seat's own first session. */
export function inviteOfSeat(
  { booking, section, courseTitle, learnerName }: SeatRow,
  parent: SeatForInvite["parent"],
  teacherName: string | null,
  sequence: number,
  method: "REQUEST" | "CANCEL" = "REQUEST",
  sessionChanges: readonly SessionChange[] = [],
): NonNullable<EmailPayload["invite"]> {
  return seatInvite(
    {
      bookingId: booking.id,
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      learnerName,
      courseTitle,
      teacherName,
      parent,
      sessionChanges,
    },
    section,
    sequence,
    method,
  );
}

/** A cancellation's SEQUENCE: above the enrolment's (0), every change of times the family was sent and the seat's own floor (a transfer). */
export const cancelSequence = (section: SectionRow, booking: { inviteSequence: number }) =>
  seatSequence(booking, section.scheduleVersion) + 1;
