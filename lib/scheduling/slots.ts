import "server-only";

import { and, eq, exists, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { DateTime } from "luxon";

import { getDb, type Database } from "@/lib/platform/db/client";
import {
  bookings,
  courses,
  courseTeachers,
  orderItems,
  orders,
  sections,
  sessionChanges,
  teacherAvailability,
  teacherAvailabilityExceptions,
  teacherProfiles,
  waitlistEntries,
} from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";

import { ON_SALE_SECTION_STATUSES } from "./section-sale";
import { cachedSessionsWithChanges } from "./session-cache";
import { computeOpenSlots, type DatedException, type Slot, type TeacherSchedule } from "./slot-grid";
import { WallClocks } from "./time";

export type { Slot } from "./slot-grid";

/** Statuses that hold a teacher's time: a live booking. */
export const LIVE_BOOKING_STATUSES = ["held", "confirmed"] as const;

/** A seat in a section that is held or confirmed (a booking condition): what counts against its capacity. */
export const isLiveSeat = and(eq(bookings.kind, "seat"), inArray(bookings.status, [...LIVE_BOOKING_STATUSES]));

/**
 * THE count of a section's live seats (isLiveSeat), in a database or a transaction. Awaited, it is a
 * number; as a field of a select with `section` a column (sections.id), it is a correlated count, so a
 * statement that must count under its own locks (lib/commerce/seats/seat-check.ts) counts the same way.
 */
export function liveSeatCount(db: Pick<Database, "$count">, section: number | AnyPgColumn) {
  return db.$count(bookings, and(eq(bookings.sectionId, section), isLiveSeat));
}

/** An offer still running: `offered` and its deadline not passed. */
export function isLiveOffer(now: Date) {
  return and(eq(waitlistEntries.status, "offered"), gt(waitlistEntries.offerExpiresAt, now));
}

/** Live waitlist offers in a section (lib/scheduling/waitlist.ts) (a number, or a correlated count as a field of a select over sections). */
export function liveOfferCount(db: Pick<Database, "$count">, section: number | AnyPgColumn, now: Date) {
  return db.$count(waitlistEntries, and(eq(waitlistEntries.sectionId, section), isLiveOffer(now)));
}

/** Children waiting in line in a section (not yet offered). */
export function waitingCount(db: Pick<Database, "$count">, section: number | AnyPgColumn) {
  return db.$count(waitlistEntries, and(eq(waitlistEntries.sectionId, section), eq(waitlistEntries.status, "waiting")));
}

/** Live seats per section, for many sections in one statement: every section asked for is in the map (0 when none). */
export async function liveSeatsBySection(db: Pick<Database, "select" | "$count">, sectionIds: number[]): Promise<Map<number, number>> {
  if (sectionIds.length === 0) return new Map();
  const rows = await db
    .select({ sectionId: sections.id, n: liveSeatCount(db, sections.id) })
    .from(sections)
    .where(inArray(sections.id, sectionIds));
  return new Map(rows.map((row) => [row.sectionId, row.n]));
}

/**
 * A held seat whose card checkout ran out (its order still pending past hold_expires_at). It counts
 * against the section until a checkout or an add to cart releases it under the section's lock
 * (lib/commerce/seats/seats.ts), but nobody can pay for it any more: what families are shown
 * counts it as free (issue 26, finding 2), without writing anything on a page's read.
 */
function isLapsedHold(now: Date) {
  return and(
    eq(bookings.status, "held"),
    exists(
      sql`(select 1 from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
        where ${orderItems.bookingId} = ${bookings.id} and ${orders.status} = 'pending' and ${orders.holdExpiresAt} <= ${now.toISOString()}::timestamptz)`,
    ),
  );
}

/** Live seats and, of them, lapsed card holds (isLapsedHold) per section, for the pages that show seats left (seatsLeftShown). */
export interface ShownSeatCount {
  taken: number;
  lapsed: number;
  /** Seats held by live waitlist offers. */
  offers?: number;
  /** Children waiting in line (a freed seat goes to them first). */
  waiting?: number;
}

/** ShownSeatCount per section, in one statement: every section asked for is in the map. */
export async function shownSeatsBySection(
  db: Pick<Database, "select" | "$count">,
  sectionIds: number[],
  now: Date,
): Promise<Map<number, Required<ShownSeatCount>>> {
  if (sectionIds.length === 0) return new Map();
  const rows = await db
    .select({
      sectionId: sections.id,
      taken: liveSeatCount(db, sections.id),
      lapsed: db.$count(bookings, and(eq(bookings.sectionId, sections.id), isLiveSeat, isLapsedHold(now))),
      offers: liveOfferCount(db, sections.id, now),
      waiting: waitingCount(db, sections.id),
    })
    .from(sections)
    .where(inArray(sections.id, sectionIds));
  return new Map(rows.map(({ sectionId, ...counts }) => [sectionId, counts]));
}

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
 * The approved teachers of a course: those who teach it (course_teachers) and the teachers of its
 * sections on sale (a section that sold out still names its teacher). Unapproved teachers are not
 * public, so they offer no demo slots.
 */
export async function courseTeacherIds(db: Database, courseId: number): Promise<Array<{ teacherId: number; timezone: string }>> {
  return db
    .select({ teacherId: teacherProfiles.userId, timezone: teacherProfiles.timezone })
    .from(teacherProfiles)
    .where(
      and(
        isNotNull(teacherProfiles.approvedAt),
        // Issue 38: a teacher whose check has expired offers no demos either, until it is renewed.
        or(isNull(teacherProfiles.clearedUntil), gt(teacherProfiles.clearedUntil, sql`now()`)),
        or(
          inArray(
            teacherProfiles.userId,
            db
              .select({ id: courseTeachers.teacherId })
              .from(courseTeachers)
              .innerJoin(courses, eq(courses.id, courseTeachers.courseId))
              .where(and(eq(courseTeachers.courseId, courseId), eq(courses.isPublished, true))),
          ),
          inArray(
            teacherProfiles.userId,
            db
              .select({ id: sections.teacherId })
              .from(sections)
              .where(and(eq(sections.courseId, courseId), inArray(sections.status, ON_SALE_SECTION_STATUSES))),
          ),
        ),
      ),
    )
    .orderBy(teacherProfiles.userId);
}

interface ScheduleRow {
  teacherId: number;
  weekly: Array<[weekday: number, startMinute: number, endMinute: number]>;
  exceptions: Array<[date: string, kind: DatedException["kind"], startMinute: number | null, endMinute: number | null]>;
  booked: Array<[id: string, startsAt: number, endsAt: number]>;
  taught: Array<
    [
      startsOn: string,
      endsOn: string | null,
      startMinute: number,
      timezone: string,
      rrule: string,
      durationMinutes: number,
      /** Its sessions changed on their own (issue 27): [original, kind, starts, ends, make-up starts, make-up ends]. */
      changes: Array<[string, "moved" | "cancelled", string | null, string | null, string | null, string | null]>,
    ]
  >;
}

/**
 * Everything the slot computation needs about these teachers between two instants, in one query:
 * a row per teacher with their weekly hours, exceptions, live demos and sections as JSON arrays of
 * only the columns used (issue 17: four queries of whole rows were most of openDemoSlots' time).
 * Sections' sessions come from the per-process session cache (session-cache.ts).
 */
export async function loadTeacherSchedules(
  db: Database,
  teachers: Array<{ teacherId: number; timezone: string }>,
  from: Date,
  to: Date,
  ignoreBookingId?: string,
  clocks = new WallClocks(),
): Promise<TeacherSchedule[]> {
  if (teachers.length === 0) return [];
  const ids = sql.join(
    teachers.map((t) => sql`(${t.teacherId}::int)`),
    sql`, `,
  );
  // Dates in any zone lie within a day of the UTC dates; a longest session is 4 hours.
  const firstDate = DateTime.fromJSDate(from, { zone: "utc" }).minus({ days: 1 }).toISODate() ?? "";
  const lastDate = DateTime.fromJSDate(to, { zone: "utc" }).plus({ days: 1 }).toISODate() ?? "";
  const sessionsFrom = DateTime.fromJSDate(from).minus({ hours: 4 }).toJSDate();
  const live = sql.join(
    LIVE_BOOKING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  // Instants as epoch milliseconds (whole: bookings are on a minute grid), so JSON keeps them exact.
  const result = await db.execute(sql`
    select t.id as "teacherId",
      (select coalesce(json_agg(json_build_array(a.weekday, a.start_minute, a.end_minute) order by a.id), '[]')
        from ${teacherAvailability} a where a.teacher_id = t.id) as weekly,
      (select coalesce(json_agg(json_build_array(e.date, e.kind, e.start_minute, e.end_minute) order by e.id), '[]')
        from ${teacherAvailabilityExceptions} e
        where e.teacher_id = t.id and e.date >= ${firstDate} and e.date <= ${lastDate}) as exceptions,
      (select coalesce(json_agg(json_build_array(b.id,
            floor(extract(epoch from b.starts_at) * 1000)::bigint, floor(extract(epoch from b.ends_at) * 1000)::bigint)), '[]')
        from ${bookings} b
        where b.teacher_id = t.id and b.kind = 'demo' and b.status in (${live})
          and b.starts_at < ${to.toISOString()}::timestamptz and b.ends_at > ${from.toISOString()}::timestamptz) as booked,
      (select coalesce(json_agg(json_build_array(s.starts_on, s.ends_on, s.start_minute, s.timezone, s.rrule, s.duration_minutes,
            (select coalesce(json_agg(json_build_array(c.original_starts_at, c.kind, c.starts_at, c.ends_at, c.makeup_starts_at, c.makeup_ends_at)), '[]')
              from ${sessionChanges} c where c.section_id = s.id))), '[]')
        from ${sections} s where s.teacher_id = t.id and s.status in ('open', 'full')) as taught
    from (values ${ids}) as t(id)
  `);
  // PGlite and node-postgres both answer raw SQL with { rows }, and parse json columns.
  const rows = (result as unknown as { rows: ScheduleRow[] }).rows;
  const byTeacher = new Map(rows.map((row) => [Number(row.teacherId), row]));
  return teachers.map(({ teacherId, timezone }) => {
    const row = byTeacher.get(teacherId);
    const busy = (row?.booked ?? [])
      .filter(([id]) => id !== ignoreBookingId)
      .map(([, start, end]) => ({ start: Number(start), end: Number(end) }));
    for (const [startsOn, endsOn, startMinute, zone, rrule, durationMinutes, changes] of row?.taught ?? []) {
      const sessionChanges = (changes ?? []).map(([originalStartsAt, kind, startsAt, endsAt, makeupStartsAt, makeupEndsAt]) => ({
        originalStartsAt,
        kind,
        startsAt,
        endsAt,
        makeupStartsAt,
        makeupEndsAt,
      }));
      const section = { startsOn, endsOn, startMinute, timezone: zone, rrule, durationMinutes, sessionChanges };
      busy.push(...cachedSessionsWithChanges(section, sessionsFrom, to, clocks));
    }
    return {
      teacherId,
      timezone,
      weekly: (row?.weekly ?? []).map(([weekday, startMinute, endMinute]) => ({ weekday, startMinute, endMinute })),
      exceptions: (row?.exceptions ?? []).map(([date, kind, startMinute, endMinute]) => ({ date, kind, startMinute, endMinute })),
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
