import "server-only";

import { and, eq, gt, gte, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import { DateTime } from "luxon";

import { getDb, type Database } from "@/lib/platform/db/client";
import { bookings, courses, sections, teacherAvailability, teacherAvailabilityExceptions, teacherProfiles } from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";

import { sectionSessions } from "./sessions";
import { computeOpenSlots, type Slot, type TeacherSchedule } from "./slot-grid";
import { WallClocks } from "./time";

export type { Slot } from "./slot-grid";

/** Statuses that hold a teacher's time: a live booking. */
export const LIVE_BOOKING_STATUSES = ["held", "confirmed"] as const;
/** The longest range of slots asked for at once (a page shows a few weeks). */
export const MAX_SLOT_RANGE_DAYS = 92;

export interface OpenSlotsQuery {
  courseId: number;
  from: Date;
  to: Date;
  now?: Date;
  slotMinutes?: number;
  leadTimeHours?: number;
  /** Only this teacher (a booking re-checks its own slot). */
  teacherId?: number;
  /** A booking that does not count as busy (a reschedule moves it). */
  ignoreBookingId?: string;
}

/**
 * The approved teachers of a course: its own teacher (courses.teacher_id) and the teachers of its
 * open sections. Unapproved teachers are not public, so they offer no demo slots.
 */
export async function courseTeacherIds(db: Database, courseId: number): Promise<Array<{ teacherId: number; timezone: string }>> {
  return db
    .select({ teacherId: teacherProfiles.userId, timezone: teacherProfiles.timezone })
    .from(teacherProfiles)
    .where(
      and(
        isNotNull(teacherProfiles.approvedAt),
        or(
          eq(
            teacherProfiles.userId,
            sql`(select ${courses.teacherId} from ${courses} where ${courses.id} = ${courseId} and ${courses.isPublished})`,
          ),
          inArray(
            teacherProfiles.userId,
            db
              .select({ id: sections.teacherId })
              .from(sections)
              .where(and(eq(sections.courseId, courseId), eq(sections.status, "open"))),
          ),
        ),
      ),
    )
    .orderBy(teacherProfiles.userId);
}

/** Everything the slot computation needs about these teachers between two instants, in four queries. */
export async function loadTeacherSchedules(
  db: Database,
  teachers: Array<{ teacherId: number; timezone: string }>,
  from: Date,
  to: Date,
  ignoreBookingId?: string,
  clocks = new WallClocks(),
): Promise<TeacherSchedule[]> {
  if (teachers.length === 0) return [];
  const ids = teachers.map((t) => t.teacherId);
  // Dates in any zone lie within a day of the UTC dates; a longest session is 4 hours.
  const firstDate = DateTime.fromJSDate(from, { zone: "utc" }).minus({ days: 1 }).toISODate() ?? "";
  const lastDate = DateTime.fromJSDate(to, { zone: "utc" }).plus({ days: 1 }).toISODate() ?? "";
  const sessionsFrom = DateTime.fromJSDate(from).minus({ hours: 4 }).toJSDate();
  const [weekly, exceptions, booked, taught] = await Promise.all([
    db.select().from(teacherAvailability).where(inArray(teacherAvailability.teacherId, ids)),
    db
      .select()
      .from(teacherAvailabilityExceptions)
      .where(
        and(
          inArray(teacherAvailabilityExceptions.teacherId, ids),
          gte(teacherAvailabilityExceptions.date, firstDate),
          lte(teacherAvailabilityExceptions.date, lastDate),
        ),
      ),
    db
      .select({ id: bookings.id, teacherId: bookings.teacherId, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(
        and(
          inArray(bookings.teacherId, ids),
          eq(bookings.kind, "demo"),
          inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
          lt(bookings.startsAt, to),
          gt(bookings.endsAt, from),
        ),
      ),
    db
      .select()
      .from(sections)
      .where(and(inArray(sections.teacherId, ids), inArray(sections.status, ["open", "full"]))),
  ]);
  return teachers.map(({ teacherId, timezone }) => {
    const busy = booked
      .filter((b) => b.teacherId === teacherId && b.id !== ignoreBookingId)
      .map((b) => ({ start: b.startsAt.getTime(), end: b.endsAt.getTime() }));
    for (const section of taught.filter((s) => s.teacherId === teacherId)) {
      for (const session of sectionSessions(section, sessionsFrom, to, clocks)) {
        busy.push({ start: Date.parse(session.startsAt), end: Date.parse(session.endsAt) });
      }
    }
    return {
      teacherId,
      timezone,
      weekly: weekly.filter((w) => w.teacherId === teacherId),
      exceptions: exceptions.filter((e) => e.teacherId === teacherId),
      busy,
    };
  });
}

/**
 * The open demo slots of a course in [from, to): from the weekly hours of its teachers in each
 * teacher's zone, with their exceptions, minus live demos and their sections' sessions, at least
 * the lead time after now. UTC instants; pages show them in the family's zone (formatInstantInZone).
 */
export async function openDemoSlots(query: OpenSlotsQuery): Promise<Slot[]> {
  const { from, to } = query;
  if (!(to > from)) throw new AppError("invalid", "The end of the range must be after its start.");
  if (to.getTime() - from.getTime() > MAX_SLOT_RANGE_DAYS * 86_400_000) {
    throw new AppError("invalid", `Ask for at most ${MAX_SLOT_RANGE_DAYS} days of times at once.`);
  }
  const db = await getDb();
  let teachers = await courseTeacherIds(db, query.courseId);
  if (query.teacherId !== undefined) teachers = teachers.filter((t) => t.teacherId === query.teacherId);
  const clocks = new WallClocks();
  const schedules = await loadTeacherSchedules(db, teachers, from, to, query.ignoreBookingId, clocks);
  return computeOpenSlots(schedules, {
    clocks,
    from,
    to,
    now: query.now ?? new Date(),
    slotMinutes: query.slotMinutes ?? env.DEMO_SLOT_MINUTES,
    leadTimeHours: query.leadTimeHours ?? env.DEMO_LEAD_TIME_HOURS,
  });
}
