import "server-only";

import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DateTime } from "luxon";

import { joinHrefOf, joinWindow, LIVE_SECTION_STATUSES, resolveJoinUrl, type JoinWindow } from "@/lib/classroom/join";
import { CLASSROOM_MESSAGES, type JoinTarget } from "@/lib/classroom/schema";
import { getDb } from "@/lib/platform/db/client";
import { joinSeatBooking, teacherNameForFamilies } from "@/lib/platform/db/queries";
import { bookings, courses, sections, users } from "@/lib/platform/db/schema";
import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import { AppError } from "@/lib/platform/errors";
import { withSessionChanges } from "@/lib/scheduling/session-changes";
import { sectionSessionsWithChanges } from "@/lib/scheduling/session-overrides";
import { WallClocks } from "@/lib/scheduling/time";

import type { LearnerSession } from "./session";

/** One class of the child's week: a session of a section they have a seat in, or a demo of theirs. */
export interface LearnerClass {
  key: string;
  bookingId: string;
  courseTitle: string;
  teacherName: string;
  startsAt: string;
  endsAt: string;
  window: JoinWindow;
  joinHref: string;
  isToday: boolean;
  isMoved: boolean;
}

const teacher = alias(users, "learner_class_teacher");

/**
 * The child's classes from the start of today to the end of the seventh day, in the family's zone
 * (the parent's; "today" is the family's today): every session of their confirmed seats (moved ones
 * at their new time, cancelled ones left out) and their confirmed demos. Only this child's: a
 * brother's classes are not on his sister's page.
 */
export async function listLearnerWeek(learner: Pick<LearnerSession, "learnerId" | "timezone">, now = new Date()): Promise<LearnerClass[]> {
  const zone = learner.timezone ?? FALLBACK_TIMEZONE;
  const dayStart = DateTime.fromJSDate(now).setZone(zone).startOf("day");
  const from = dayStart.toJSDate();
  const to = dayStart.plus({ days: 7 }).toJSDate();
  const todayEnds = dayStart.plus({ days: 1 }).toMillis();
  const db = await getDb();
  const [seats, demos] = await Promise.all([
    joinSeatBooking(
      db
        .select({ bookingId: bookings.id, section: sections, courseTitle: courses.title, teacherName: teacherNameForFamilies(teacher.id) })
        .from(bookings)
        .$dynamic(),
    )
      .innerJoin(teacher, eq(teacher.id, sections.teacherId))
      .where(
        and(
          eq(bookings.learnerId, learner.learnerId),
          eq(bookings.kind, "seat"),
          eq(bookings.status, "confirmed"),
          inArray(sections.status, LIVE_SECTION_STATUSES),
        ),
      ),
    db
      .select({
        id: bookings.id,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        courseTitle: courses.title,
        teacherName: teacherNameForFamilies(teacher.id),
      })
      .from(bookings)
      .leftJoin(courses, eq(courses.id, bookings.courseId))
      .leftJoin(teacher, eq(teacher.id, bookings.teacherId))
      .where(
        and(
          eq(bookings.learnerId, learner.learnerId),
          eq(bookings.kind, "demo"),
          eq(bookings.status, "confirmed"),
          gte(bookings.endsAt, from),
          lt(bookings.startsAt, to),
        ),
      )
      .orderBy(asc(bookings.startsAt)),
  ]);
  const clocks = new WallClocks();
  const classes: LearnerClass[] = [];
  const changed = new Map(
    (
      await withSessionChanges(
        db,
        seats.map((seat) => seat.section),
      )
    ).map((section) => [section.id, section]),
  );
  for (const seat of seats) {
    const section = changed.get(seat.section.id) ?? seat.section;
    for (const session of sectionSessionsWithChanges(section, from, to, { clocks })) {
      if (new Date(session.endsAt).getTime() <= now.getTime()) continue;
      classes.push({
        key: `${seat.bookingId}-${session.occurrence}`,
        bookingId: seat.bookingId,
        courseTitle: seat.courseTitle,
        teacherName: seat.teacherName ?? "your teacher",
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        window: joinWindow(session, now),
        joinHref: joinHrefOf({ section: seat.section.id }),
        isToday: Date.parse(session.startsAt) < todayEnds,
        isMoved: session.state === "moved" || session.state === "makeup",
      });
    }
  }
  for (const demo of demos) {
    if (demo.endsAt.getTime() <= now.getTime()) continue;
    const session = { startsAt: demo.startsAt.toISOString(), endsAt: demo.endsAt.toISOString() };
    classes.push({
      key: demo.id,
      bookingId: demo.id,
      courseTitle: demo.courseTitle ?? "Free demo class",
      teacherName: demo.teacherName ?? "your teacher",
      ...session,
      window: joinWindow(session, now),
      joinHref: joinHrefOf({ booking: demo.id }),
      isToday: demo.startsAt.getTime() < todayEnds,
      isMoved: false,
    });
  }
  return classes.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/**
 * The meeting link for the child: only for a class of their own (a confirmed seat of theirs in the
 * section, or their demo), then the family's checks as for the parent (the Join window, the section
 * still running). A sibling's class is refused like a class that is not the family's.
 */
export async function resolveLearnerJoinUrl(learner: LearnerSession, target: JoinTarget, now = new Date()): Promise<string> {
  const db = await getDb();
  const own =
    "section" in target
      ? and(eq(bookings.sectionId, target.section), eq(bookings.kind, "seat"))
      : and(eq(bookings.id, target.booking), eq(bookings.kind, "demo"));
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(own, eq(bookings.learnerId, learner.learnerId), eq(bookings.status, "confirmed")))
    .limit(1);
  if (!booking) throw new AppError("forbidden", CLASSROOM_MESSAGES.notBooked);
  return resolveJoinUrl(learner.parent, target, now);
}
