import "server-only";

import { and, asc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import { DateTime } from "luxon";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { bookings, courses, demoRequests, learners, sections } from "@/lib/platform/db/schema/index";

import { sectionSessions } from "@/lib/scheduling/sessions";
import { isLiveSeat, LIVE_BOOKING_STATUSES } from "@/lib/scheduling/slots";
import { WallClocks } from "@/lib/scheduling/time";

/** How far ahead the Upcoming list may be paged, in weeks. */
export const AGENDA_MAX_WEEKS = 26;

export interface AgendaWeek {
  /** 0 is this week (from now), 1 the next, and so on. */
  week: number;
  from: Date;
  until: Date;
  /** The week's Monday and Sunday in the teacher's zone, as dates (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
}

/** Week `week` from now, Monday to Sunday in the teacher's zone; this week starts now (what is past is not upcoming). */
export function agendaWeek(timezone: string, week: number, now = new Date()): AgendaWeek {
  const monday = DateTime.fromJSDate(now, { zone: timezone }).startOf("week").plus({ weeks: week });
  const next = monday.plus({ weeks: 1 });
  return {
    week,
    from: week === 0 ? now : monday.toJSDate(),
    until: next.toJSDate(),
    firstDay: monday.toISODate() ?? "",
    lastDay: next.minus({ days: 1 }).toISODate() ?? "",
  };
}

/**
 * Who is booked, as a teacher may see them: a child's first name and grade, nothing of the family.
 * A family that booked before signing up has no child on record yet: only the grade of its request
 * (its `name` field may be the parent's, so it is not shown).
 */
export interface AgendaLearner {
  firstName: string | null;
  grade: number | null;
}

export interface AgendaItem {
  kind: "session" | "demo";
  startsAt: string;
  endsAt: string;
  courseTitle: string;
  learners: AgendaLearner[];
  /** For sessions: the section's seats. */
  capacity?: number;
}

/** A teacher's own sessions and demos (every teacher's for an admin) from `now` until `until` (a week by default), soonest first. */
export async function listTeacherAgenda(
  actor: Actor | null,
  now = new Date(),
  until = new Date(now.getTime() + 7 * 86_400_000),
): Promise<AgendaItem[]> {
  authorize(actor, "teaching.read");
  const db = await getDb();
  const mine = (column: typeof sections.teacherId | typeof bookings.teacherId): SQL | undefined =>
    actor.role === "admin" ? undefined : eq(column, actor.id);

  const [sectionRows, demoRows] = await Promise.all([
    db
      .select({ section: sections, courseTitle: courses.title })
      .from(sections)
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .where(and(mine(sections.teacherId), inArray(sections.status, ["open", "full"]))),
    db
      .select({
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        courseTitle: courses.title,
        firstName: learners.firstName,
        learnerGrade: learners.grade,
        requestGrade: demoRequests.grade,
      })
      .from(bookings)
      .innerJoin(courses, eq(courses.id, bookings.courseId))
      .leftJoin(learners, eq(learners.id, bookings.learnerId))
      .leftJoin(demoRequests, eq(demoRequests.id, bookings.demoRequestId))
      .where(
        and(
          mine(bookings.teacherId),
          eq(bookings.kind, "demo"),
          inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
          gte(bookings.startsAt, now),
          lt(bookings.startsAt, until),
        ),
      )
      .orderBy(asc(bookings.startsAt)),
  ]);

  const sectionIds = sectionRows.map((r) => r.section.id);
  const seats =
    sectionIds.length === 0
      ? []
      : await db
          .select({ sectionId: bookings.sectionId, firstName: learners.firstName, grade: learners.grade })
          .from(bookings)
          .innerJoin(learners, eq(learners.id, bookings.learnerId))
          .where(and(inArray(bookings.sectionId, sectionIds), isLiveSeat))
          .orderBy(asc(learners.firstName));

  const clocks = new WallClocks();
  const sessions: AgendaItem[] = sectionRows.flatMap(({ section, courseTitle }) => {
    const booked = seats.filter((s) => s.sectionId === section.id).map(({ firstName, grade }) => ({ firstName, grade }));
    return sectionSessions(section, now, until, clocks).map((session) => ({
      kind: "session" as const,
      ...session,
      courseTitle,
      learners: booked,
      capacity: section.capacity,
    }));
  });
  const demos: AgendaItem[] = demoRows.map((row) => ({
    kind: "demo",
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    courseTitle: row.courseTitle,
    learners: [{ firstName: row.firstName, grade: row.learnerGrade ?? row.requestGrade }],
  }));
  return [...sessions, ...demos].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}
