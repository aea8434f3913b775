import "server-only";

import { and, desc, eq, isNotNull } from "drizzle-orm";

import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { bookings, demoOutcomes, demoRequests, teacherProfiles, users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { bookDemoSlot, cancelBooking, rescheduleBooking, type BookingStatus, type BookingView } from "@/lib/scheduling/bookings";
import type { DemoLevel } from "@/lib/scheduling/demo-outcome-schema";
import type { PickerDay } from "@/lib/scheduling/picker";
import { SCHEDULING_MESSAGES } from "@/lib/scheduling/schema";
import { isValidTimeZone } from "@/lib/scheduling/time";

import { leadCourseId, slotsOfCourse } from "./demo-booking";
import { requestBookSchema, requestCancelSchema, requestMoveSchema, requestSlotsSchema } from "./queue-schema";

/**
 * Support books, moves and cancels a family's demo from the request page (issue 17). Every change
 * goes through lib/scheduling's rules (lead time, offered, exclusive) with the agent as the changer
 * in booking_history, and is audited on the request with the lead's status following it.
 */

export const SUPPORT_BOOKING_MESSAGES = {
  noCourse: "This request names no course from the catalogue, so there are no times to offer. Ask the family which course they want.",
} as const;

export interface RequestBooking {
  id: string;
  token: string;
  startsAt: string;
  endsAt: string;
  status: BookingStatus;
  teacherName: string;
  /** What the teacher recorded after the demo: their note for the family and the level (issue 27). */
  outcome: { note: string; level: DemoLevel | null; hasRecommendation: boolean } | null;
}

/** The demo bookings of a request, newest time first, with the teacher's public name. */
export async function listRequestBookings(actor: Actor | null, requestId: string): Promise<RequestBooking[]> {
  authorize(actor, "leads.read");
  const db = await getDb();
  const rows = await db
    .select({
      id: bookings.id,
      token: bookings.token,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      status: bookings.status,
      teacherName: teacherProfiles.publicName,
      outcomeId: demoOutcomes.id,
      note: demoOutcomes.note,
      level: demoOutcomes.level,
      recommendedSectionId: demoOutcomes.recommendedSectionId,
    })
    .from(bookings)
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, bookings.teacherId))
    .leftJoin(demoOutcomes, eq(demoOutcomes.bookingId, bookings.id))
    .where(and(eq(bookings.demoRequestId, requestId), eq(bookings.kind, "demo")))
    .orderBy(desc(bookings.startsAt), desc(bookings.createdAt));
  return rows.map(({ outcomeId, note, level, recommendedSectionId, ...row }) => ({
    ...row,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    teacherName: row.teacherName ?? "A teacher",
    outcome: outcomeId === null ? null : { note: note ?? "", level, hasRecommendation: recommendedSectionId !== null },
  }));
}

/** The agent's own zone (users.timezone), for the page and the picker; the named fallback until it is known. */
export async function agentTimezone(actor: Actor): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, actor.id));
  return row?.timezone && isValidTimeZone(row.timezone) ? row.timezone : FALLBACK_TIMEZONE;
}

/** The zone a request's times are shown in to support, and whether it is the family's. */
export interface RequestZone {
  zone: string;
  /** False when the family's zone is not known and the agent's own stands in (the page says so). */
  isFamilys: boolean;
}

/**
 * Issue 31: support reads a lead's times in the family's zone, the one their emails use
 * (lib/reactions/booking-mail.ts readerZone): the account's zone, else the zone of the family's
 * latest booking; else the agent's own, named as such.
 */
export async function requestTimezone(actor: Actor | null, requestId: string): Promise<RequestZone> {
  authorize(actor, "leads.read");
  const db = await getDb();
  const [account] = await db
    .select({ zone: users.timezone })
    .from(demoRequests)
    .innerJoin(users, eq(users.id, demoRequests.userId))
    .where(eq(demoRequests.id, requestId));
  if (account?.zone && isValidTimeZone(account.zone)) return { zone: account.zone, isFamilys: true };
  const [booked] = await db
    .select({ zone: bookings.timezone })
    .from(bookings)
    .where(and(eq(bookings.demoRequestId, requestId), isNotNull(bookings.timezone)))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  if (booked?.zone && isValidTimeZone(booked.zone)) return { zone: booked.zone, isFamilys: true };
  return { zone: await agentTimezone(actor!), isFamilys: false };
}

/** The agent as the changer in booking_history: the request follows (lib/reactions/lead-follows-booking.ts), the agent named. */
const staffContext = (actor: Actor, now: Date) => ({ actorId: actor.id, now });

async function requestCourse(requestId: string): Promise<number> {
  const courseId = await leadCourseId(requestId);
  if (courseId === null) throw new AppError("invalid", SUPPORT_BOOKING_MESSAGES.noCourse);
  return courseId;
}

/** The request's own booking, found by id and request together (ownership in the where). */
async function requestBooking(requestId: string, bookingId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ token: bookings.token, teacherId: bookings.teacherId, startsAt: bookings.startsAt })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.demoRequestId, requestId), eq(bookings.kind, "demo")));
  if (!row) throw new AppError("not-found", SCHEDULING_MESSAGES.bookingNotFound);
  return row;
}

/** Open times for the request's course in `timezone`; for a move, the booking's teacher's other times. */
export async function listRequestSlots(actor: Actor | null, input: unknown, now = new Date()): Promise<PickerDay[]> {
  authorize(actor, "leads.update");
  const { requestId, timezone, bookingId } = requestSlotsSchema.parse(input);
  const courseId = await requestCourse(requestId);
  if (!bookingId) return slotsOfCourse(courseId, timezone, now);
  const booking = await requestBooking(requestId, bookingId);
  const own = booking.startsAt.toISOString();
  const days = await slotsOfCourse(courseId, timezone, now, { teacherId: booking.teacherId, ignoreBookingId: bookingId });
  return days.map((day) => ({ ...day, slots: day.slots.filter((slot) => slot.startsAt !== own) })).filter((day) => day.slots.length > 0);
}

export async function bookRequestDemo(actor: Actor | null, input: unknown, now = new Date()): Promise<BookingView> {
  authorize(actor, "leads.update");
  const { requestId, teacherId, startsAt } = requestBookSchema.parse(input);
  const courseId = await requestCourse(requestId);
  // The family's zone, when known, goes with the booking: their emails read in it (readerZone).
  const family = await requestTimezone(actor, requestId);
  const timezone = family.isFamilys ? family.zone : undefined;
  return bookDemoSlot({ courseId, teacherId, startsAt, demoRequestId: requestId, timezone }, staffContext(actor, now));
}

export async function moveRequestDemo(actor: Actor | null, input: unknown, now = new Date()): Promise<BookingView> {
  authorize(actor, "leads.update");
  const { requestId, bookingId, startsAt } = requestMoveSchema.parse(input);
  const { token } = await requestBooking(requestId, bookingId);
  return rescheduleBooking({ token, startsAt }, staffContext(actor, now));
}

export async function cancelRequestDemo(actor: Actor | null, input: unknown, now = new Date()): Promise<BookingView> {
  authorize(actor, "leads.update");
  const { requestId, bookingId } = requestCancelSchema.parse(input);
  const { token } = await requestBooking(requestId, bookingId);
  return cancelBooking({ token }, staffContext(actor, now));
}
