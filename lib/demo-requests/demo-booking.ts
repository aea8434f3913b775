import "server-only";

import { and, eq, inArray } from "drizzle-orm";
import { DateTime } from "luxon";

import { bookingUid, calendarInvite } from "@/lib/notifications/calendar";
import { verifyLeadToken } from "@/lib/demo-requests/lead-token";
import { getDb } from "@/lib/platform/db/client";
import { bookings, courses, demoRequests, learners } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { z } from "@/lib/platform/zod";
import {
  bookDemoSlot,
  bookingHistoryOf,
  cancelBooking,
  findBookingByToken,
  rescheduleBooking,
  type BookingView,
} from "@/lib/scheduling/bookings";
import { findDemoOutcome, type DemoOutcomeView } from "@/lib/scheduling/demo-outcomes";
import { signEnrolToken } from "@/lib/scheduling/demo-enrol-link";
import { instantSchema, timezoneSchema } from "@/lib/scheduling/schema";
import { LIVE_BOOKING_STATUSES, openDemoSlots } from "@/lib/scheduling/slots";
import { suitsChildren } from "@/lib/scheduling/family-hours";
import { groupSlotsByDay, type PickerDay } from "@/lib/scheduling/picker";
import { formatInstantInZone } from "@/lib/scheduling/time";

export type { PickerDay, PickerSlot } from "@/lib/scheduling/picker";

/** Issue: the parent is offered the open slots of the next two weeks. */
export const PICKER_DAYS = 14;

export const DEMO_BOOKING_MESSAGES = {
  noCourse: "We could not match a course to your request, so we will call you to find a time.",
} as const;

const leadTokenSchema = z.string().min(1).max(200);
export const listSlotsSchema = z.object({ leadToken: leadTokenSchema, timezone: timezoneSchema });
export const bookSlotSchema = z.object({
  leadToken: leadTokenSchema,
  teacherId: z.coerce.number().int().positive(),
  startsAt: instantSchema,
  /** The zone the picker showed; kept for the family's messages, ignored when not a zone. */
  timezone: z.unknown().optional(),
});
export const rescheduleSlotsSchema = z.object({ bookingToken: z.string().min(1).max(80), timezone: timezoneSchema });

export async function leadCourseId(leadId: string): Promise<number | null> {
  const db = await getDb();
  const [lead] = await db.select({ courseId: demoRequests.courseId }).from(demoRequests).where(eq(demoRequests.id, leadId));
  if (!lead) throw new AppError("not-found", "That demo request does not exist.");
  return lead.courseId;
}

/**
 * The open demo times of a course for the next PICKER_DAYS, by day in `zone`. A family's picker
 * (`forFamily`) shows only times that suit children in its zone (after school, weekends).
 */
export async function slotsOfCourse(
  courseId: number,
  zone: string,
  now: Date,
  options: { teacherId?: number; ignoreBookingId?: string; forFamily?: boolean } = {},
) {
  const { forFamily = false, ...query } = options;
  const to = DateTime.fromJSDate(now).plus({ days: PICKER_DAYS }).toJSDate();
  const slots = await openDemoSlots({ courseId, from: now, to, now, ...query });
  return groupSlotsByDay(forFamily ? slots.filter((slot) => suitsChildren(slot, zone)) : slots, zone);
}

/** The time picker's slots for the lead the token proves the caller made; none when its course is unknown. */
export async function listSlotsForLead(input: unknown, now = new Date()): Promise<PickerDay[]> {
  const { leadToken, timezone } = listSlotsSchema.parse(input);
  const courseId = await leadCourseId(verifyLeadToken(leadToken, now));
  if (courseId === null) return [];
  return slotsOfCourse(courseId, timezone, now, { forFamily: true });
}

/** Books a slot for the caller's lead at once (issue: "picking one books it for that lead"). */
export async function bookSlotForLead(input: unknown, now = new Date()): Promise<BookingView> {
  const { leadToken, teacherId, startsAt, timezone } = bookSlotSchema.parse(input);
  const zone = timezoneSchema.safeParse(timezone);
  const leadId = verifyLeadToken(leadToken, now);
  const courseId = await leadCourseId(leadId);
  if (courseId === null) throw new AppError("invalid", DEMO_BOOKING_MESSAGES.noCourse);
  return bookDemoSlot(
    { courseId, teacherId, startsAt, demoRequestId: leadId, timezone: zone.success ? zone.data : undefined },
    { actorId: null, now },
  );
}

export interface DemoStatus {
  booking: BookingView;
  courseTitle: string;
  /** How many times it moved. */
  reschedules: number;
  /** How many times it changed after it was made, moves and the cancellation: the .ics SEQUENCE (as in its messages). */
  sequence: number;
  /** What the teacher recorded after the demo (the note, the level, the recommended section), if anything. */
  outcome: DemoOutcomeView | null;
  /** The one-click enrol in the recommended section (a path on this site), when there is one. */
  enrolPath: string | null;
}

/** The no-login status page's view of a booking; null for an unknown token. */
export async function findDemoStatus(token: string): Promise<DemoStatus | null> {
  const booking = await findBookingByToken(token);
  if (!booking || booking.kind !== "demo") return null;
  const db = await getDb();
  const [course] =
    booking.courseId === null ? [] : await db.select({ title: courses.title }).from(courses).where(eq(courses.id, booking.courseId));
  const history = await bookingHistoryOf(booking.id);
  const reschedules = history.filter((h) => h.fromStartsAt !== null && h.toStartsAt !== null).length;
  const cancellations = history.filter((h) => h.toStatus === "cancelled").length;
  // The recommendation in the family's zone, as its email says it.
  const outcome = await findDemoOutcome(db, booking.id, null);
  const enrolToken = outcome?.status === "attended" && outcome.recommended ? signEnrolToken(booking.id) : null;
  return {
    booking,
    courseTitle: course?.title ?? "Free demo class",
    reschedules,
    sequence: reschedules + cancellations,
    outcome,
    enrolPath: enrolToken ? `/enrol/${enrolToken}` : null,
  };
}

/** Other open times for a booking's reschedule: the same teacher and course, its own time not counted as busy. */
export async function listRescheduleSlots(input: unknown, now = new Date()): Promise<PickerDay[]> {
  const { bookingToken, timezone } = rescheduleSlotsSchema.parse(input);
  const booking = await findBookingByToken(bookingToken);
  if (!booking || booking.kind !== "demo" || booking.courseId === null) throw new AppError("not-found", "That booking does not exist.");
  const days = await slotsOfCourse(booking.courseId, timezone, now, {
    teacherId: booking.teacherId,
    ignoreBookingId: booking.id,
    forFamily: true,
  });
  return days
    .map((day) => ({ ...day, slots: day.slots.filter((slot) => slot.startsAt !== booking.startsAt) }))
    .filter((day) => day.slots.length > 0);
}

export async function rescheduleDemo(token: string, startsAt: string, now = new Date()): Promise<BookingView> {
  return rescheduleBooking({ token, startsAt }, { actorId: null, now });
}

export async function cancelDemo(token: string): Promise<BookingView> {
  return cancelBooking({ token }, { actorId: null });
}

export const REBOOK_MESSAGES = {
  stillBooked: "This demo is still booked: move it to another time instead.",
  alreadyBooked: "Another free demo is already booked for this child. Move or cancel that one instead.",
} as const;

export const rebookSlotsSchema = rescheduleSlotsSchema;
export const rebookSchema = z.object({
  bookingToken: z.string().min(1).max(80),
  teacherId: z.coerce.number().int().positive(),
  startsAt: instantSchema,
  timezone: z.unknown().optional(),
});

/** A demo of its status page that may be booked again: one cancelled, or missed (a no-show); the token is the family's key. */
async function rebookableDemo(token: string): Promise<BookingView & { courseId: number }> {
  const booking = await findBookingByToken(token);
  if (!booking || booking.kind !== "demo" || booking.courseId === null) throw new AppError("not-found", "That booking does not exist.");
  if (booking.status !== "cancelled" && booking.status !== "no_show") throw new AppError("conflict", REBOOK_MESSAGES.stillBooked);
  return { ...booking, courseId: booking.courseId };
}

/** The open times of a cancelled or missed demo's course (any of its teachers), for booking it again from its status page. */
export async function listRebookSlots(input: unknown, now = new Date()): Promise<PickerDay[]> {
  const { bookingToken, timezone } = rebookSlotsSchema.parse(input);
  const booking = await rebookableDemo(bookingToken);
  return slotsOfCourse(booking.courseId, timezone, now, { forFamily: true });
}

/**
 * Books a cancelled or missed demo again at a new time (issue 31: after a cancel; issue 27: a
 * no-show's offer), for the same child or request and course, so the family types nothing twice
 * (grade, course and contact details come along): a new booking with its own status page. The
 * token of the old one proves it is theirs, as for a move; one live demo per request, or per child
 * and course, still holds.
 */
export async function rebookDemo(input: unknown, now = new Date()): Promise<BookingView> {
  const { bookingToken, teacherId, startsAt, timezone } = rebookSchema.parse(input);
  const zone = timezoneSchema.safeParse(timezone);
  const booking = await rebookableDemo(bookingToken);
  const slot = { courseId: booking.courseId, teacherId, startsAt, timezone: zone.success ? zone.data : undefined };
  if (booking.demoRequestId !== null) {
    return bookDemoSlot({ ...slot, demoRequestId: booking.demoRequestId }, { actorId: null, now });
  }
  if (booking.learnerId === null) throw new AppError("not-found", "That booking does not exist.");
  const db = await getDb();
  const [learner] = await db.select({ parentId: learners.parentId }).from(learners).where(eq(learners.id, booking.learnerId));
  if (!learner) throw new AppError("not-found", "That booking does not exist.");
  const [live] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.learnerId, booking.learnerId),
        eq(bookings.courseId, booking.courseId),
        eq(bookings.kind, "demo"),
        inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
      ),
    )
    .limit(1);
  if (live) throw new AppError("conflict", REBOOK_MESSAGES.alreadyBooked);
  // The child's own parent books: the old demo's token proves it is their family.
  return bookDemoSlot({ ...slot, learnerId: booking.learnerId }, { actorId: learner.parentId, now });
}

export function describeBookedTime(startsAt: string, zone: string): string {
  return formatInstantInZone(startsAt, zone);
}

/**
 * The booking as an iCalendar file for the status page's download: the same UID and SEQUENCE as
 * the invites in its messages (lib/notifications/calendar.ts), so a calendar keeps one event.
 */
export function demoCalendarFile(status: DemoStatus, host: string, statusUrl: string): string {
  const { booking } = status;
  return calendarInvite({
    uid: bookingUid(booking.id, host),
    sequence: status.sequence,
    title: `Free demo: ${status.courseTitle}`,
    description: `Your free demo class. See, move or cancel it: ${statusUrl}`,
    url: statusUrl,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    method: "PUBLISH",
    isCancelled: booking.status === "cancelled",
  });
}
