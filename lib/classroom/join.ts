import "server-only";

import { and, asc, eq, gt, inArray, or } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { joinSeatBooking } from "@/lib/platform/db/queries";
import { bookings, courses, demoRequests, learners, sections } from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { withSessionChanges } from "@/lib/scheduling/session-changes";
import { sectionSessionsWithChanges, type SectionWithChanges, type Session } from "@/lib/scheduling/session-overrides";
import type { SessionTimes } from "@/lib/scheduling/sessions";
import { WallClocks } from "@/lib/scheduling/time";

import { CLASSROOM_MESSAGES, type JoinTarget } from "./schema";
import { inProductClassroom } from "./media-server";
import { sessionRoomName } from "./session-room";

/** The Join button opens this long before a session starts (issue 19) and closes at its end. */
export const JOIN_OPENS_MINUTES_BEFORE = 10;
/** How far ahead "the next session" is looked for. */
const LOOKAHEAD_DAYS = 120;

/** The sections whose sessions run: a draft has not started taking seats, a closed one (cancelled or over) has no sessions to join. */
export const LIVE_SECTION_STATUSES = ["open", "full"] as const;
const isLive = (status: string) => (LIVE_SECTION_STATUSES as readonly string[]).includes(status);

export type JoinState = "early" | "open" | "ended";

export interface JoinWindow {
  opensAt: string;
  closesAt: string;
  state: JoinState;
}

/** Decided on the server from `now`; the client only flips the state at opensAt and closesAt. */
export function joinWindow(session: SessionTimes, now: Date): JoinWindow {
  const opens = new Date(session.startsAt).getTime() - JOIN_OPENS_MINUTES_BEFORE * 60_000;
  const closes = new Date(session.endsAt).getTime();
  const state: JoinState = now.getTime() < opens ? "early" : now.getTime() < closes ? "open" : "ended";
  return { opensAt: new Date(opens).toISOString(), closesAt: session.endsAt, state };
}

/**
 * The teacher's own link, else the generated room on the configured service (never sent unchecked:
 * see resolveJoinUrl). A section's generated room is one session's (sessionRoomName); a teacher's
 * own link is the same for every session, so the README asks that its waiting room be on.
 */
export function meetingUrl(ownUrl: string | null, room: string): string {
  return ownUrl ?? `${env.MEETING_BASE_URL.replace(/\/+$/, "")}/${room}`;
}

/**
 * The session running now or the next one to start (a session stays "current" until it ends), with
 * the section's moved, cancelled and make-up sessions applied (issue 27): a cancelled one is skipped.
 */
export function currentOrNextSession(section: SectionWithChanges, now: Date, clocks?: WallClocks): Session | null {
  const from = new Date(now.getTime() - section.durationMinutes * 60_000);
  const until = new Date(now.getTime() + LOOKAHEAD_DAYS * 86_400_000);
  return sectionSessionsWithChanges(section, from, until, { clocks }).find((s) => new Date(s.endsAt).getTime() > now.getTime()) ?? null;
}

/** A moved session or a make-up, as the classes list names it. */
const sessionNote = (session: Session): string | undefined =>
  session.state === "moved" ? "Moved session" : session.state === "makeup" ? "Make-up session" : undefined;

/** A class on /my-courses or the teacher dashboard: the next session and its Join window, never the link itself. */
export interface UpcomingClass {
  key: string;
  kind: "session" | "demo";
  courseTitle: string;
  /** The child (for a family) or the learners booked (for a teacher). */
  who: string;
  startsAt: string;
  endsAt: string;
  window: JoinWindow;
  /** Our own route that checks the booking before it hands out the meeting link. */
  joinHref: string;
  /** For a section's session: the section (its teacher takes attendance there). */
  sectionId?: number;
  /** "Moved session" or "Make-up session" when this one is not at its regular time. */
  note?: string;
}

export const joinHrefOf = (target: JoinTarget): string =>
  "section" in target ? `/api/classes/join?section=${target.section}` : `/api/classes/join?booking=${target.booking}`;

/** The confirmed classes of a parent's children (seats and demos), each with its current or next session. */
export async function listFamilyClasses(parentId: number, now = new Date()): Promise<UpcomingClass[]> {
  const db = await getDb();
  const [seats, demos] = await Promise.all([
    joinSeatBooking(db.select({ section: sections, courseTitle: courses.title, learnerName: learners.firstName }).from(bookings).$dynamic())
      .where(
        and(
          eq(learners.parentId, parentId),
          eq(bookings.kind, "seat"),
          eq(bookings.status, "confirmed"),
          inArray(sections.status, LIVE_SECTION_STATUSES),
        ),
      )
      .orderBy(asc(learners.firstName)),
    db
      .select({
        id: bookings.id,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        courseTitle: courses.title,
        learnerName: learners.firstName,
      })
      .from(bookings)
      .leftJoin(learners, eq(learners.id, bookings.learnerId))
      .leftJoin(demoRequests, eq(demoRequests.id, bookings.demoRequestId))
      .leftJoin(courses, eq(courses.id, bookings.courseId))
      .where(
        and(
          eq(bookings.kind, "demo"),
          eq(bookings.status, "confirmed"),
          gt(bookings.endsAt, now),
          or(eq(learners.parentId, parentId), eq(demoRequests.userId, parentId)),
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .limit(10),
  ]);
  const clocks = new WallClocks();
  const classes: UpcomingClass[] = [];
  const changed = new Map(
    (
      await withSessionChanges(
        db,
        seats.map((seat) => seat.section),
      )
    ).map((section) => [section.id, section]),
  );
  for (const seat of seats) {
    const session = currentOrNextSession(changed.get(seat.section.id) ?? seat.section, now, clocks);
    if (!session) continue;
    const note = sessionNote(session);
    classes.push({
      key: `s${seat.section.id}-${seat.learnerName}`,
      kind: "session",
      courseTitle: seat.courseTitle,
      who: seat.learnerName,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      window: joinWindow(session, now),
      joinHref: joinHrefOf({ section: seat.section.id }),
      ...(note ? { note } : {}),
    });
  }
  for (const demo of demos) {
    const session = { startsAt: demo.startsAt.toISOString(), endsAt: demo.endsAt.toISOString() };
    classes.push({
      key: `d${demo.id}`,
      kind: "demo",
      courseTitle: demo.courseTitle ?? "Free demo class",
      who: demo.learnerName ?? "Your child",
      ...session,
      window: joinWindow(session, now),
      joinHref: joinHrefOf({ booking: demo.id }),
    });
  }
  return classes.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** A teacher's next classes (their open sections' current or next sessions, and confirmed demos), soonest first. */
export async function listTeacherClasses(teacherId: number, now = new Date(), limit = 3): Promise<UpcomingClass[]> {
  const db = await getDb();
  const [own, demos] = await Promise.all([
    db
      .select({ section: sections, courseTitle: courses.title })
      .from(sections)
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .where(and(eq(sections.teacherId, teacherId), inArray(sections.status, LIVE_SECTION_STATUSES))),
    db
      .select({
        id: bookings.id,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        courseTitle: courses.title,
        learnerName: learners.firstName,
      })
      .from(bookings)
      .leftJoin(learners, eq(learners.id, bookings.learnerId))
      .leftJoin(courses, eq(courses.id, bookings.courseId))
      .where(and(eq(bookings.teacherId, teacherId), eq(bookings.kind, "demo"), eq(bookings.status, "confirmed"), gt(bookings.endsAt, now)))
      .orderBy(asc(bookings.startsAt))
      .limit(limit),
  ]);
  const clocks = new WallClocks();
  const classes: UpcomingClass[] = [];
  for (const section of await withSessionChanges(
    db,
    own.map((row) => ({ ...row.section, courseTitle: row.courseTitle })),
  )) {
    const { courseTitle } = section;
    const session = currentOrNextSession(section, now, clocks);
    if (!session) continue;
    const note = sessionNote(session);
    classes.push({
      key: `s${section.id}`,
      kind: "session",
      courseTitle,
      who: section.classType === "group" ? "Group class" : "One-on-one class",
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      window: joinWindow(session, now),
      joinHref: joinHrefOf({ section: section.id }),
      sectionId: section.id,
      ...(note ? { note } : {}),
    });
  }
  for (const demo of demos) {
    const session = { startsAt: demo.startsAt.toISOString(), endsAt: demo.endsAt.toISOString() };
    classes.push({
      key: `d${demo.id}`,
      kind: "demo",
      courseTitle: demo.courseTitle ?? "Free demo class",
      who: demo.learnerName ?? "Demo learner",
      ...session,
      window: joinWindow(session, now),
      joinHref: joinHrefOf({ booking: demo.id }),
    });
  }
  return classes.sort((a, b) => a.startsAt.localeCompare(b.startsAt)).slice(0, limit);
}

/**
 * The meeting link, only for its section's teacher or a parent with a confirmed seat (or the demo's
 * teacher or family), and only while the Join window is open: the room of the session running or
 * about to start, so a seat withdrawn since an earlier session finds no way into this one. Anyone
 * else gets the same refusal, whether or not the class exists.
 */
export async function resolveJoinUrl(actor: Actor, target: JoinTarget, now = new Date()): Promise<string> {
  const db = await getDb();
  let url: string;
  let session: SessionTimes | null;
  if ("section" in target) {
    const [section] = await db.select().from(sections).where(eq(sections.id, target.section)).limit(1);
    if (!section) throw new AppError("forbidden", CLASSROOM_MESSAGES.notBooked);
    // Only a confirmed (paid) seat counts below: a held seat of an unpaid order is no booking yet.
    if (section.teacherId !== actor.id) {
      const [seat] = await db
        .select({ id: bookings.id })
        .from(bookings)
        .innerJoin(learners, eq(learners.id, bookings.learnerId))
        .where(
          and(
            eq(bookings.sectionId, section.id),
            eq(bookings.kind, "seat"),
            eq(bookings.status, "confirmed"),
            eq(learners.parentId, actor.id),
          ),
        )
        .limit(1);
      if (!seat) throw new AppError("forbidden", CLASSROOM_MESSAGES.notBooked);
    }
    // Checked after the seat, so that a stranger learns nothing of a section's state.
    if (!isLive(section.status)) throw new AppError("conflict", CLASSROOM_MESSAGES.sectionClosed);
    const [withChanges] = await withSessionChanges(db, [section]);
    const current = currentOrNextSession(withChanges ?? section, now);
    session = current;
    // Each session its own room (issue 26, finding 3), named by its occurrence of the series, so a
    // moved session or a make-up keeps one room however often it moves (issue 27).
    // Our own classroom page, unless the section has its own link or the operator chose outside links
    // (or no media server runs): that page checks the roster again and hands out the room itself.
    url =
      !section.meetingUrl && inProductClassroom()
        ? `/classroom/${section.id}`
        : meetingUrl(section.meetingUrl, current ? sessionRoomName(section, current.occurrence) : "");
  } else {
    const [demo] = await db
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt, room: bookings.meetingRoom })
      .from(bookings)
      .leftJoin(learners, eq(learners.id, bookings.learnerId))
      .leftJoin(demoRequests, eq(demoRequests.id, bookings.demoRequestId))
      .where(
        and(
          eq(bookings.id, target.booking),
          eq(bookings.kind, "demo"),
          eq(bookings.status, "confirmed"),
          or(eq(bookings.teacherId, actor.id), eq(learners.parentId, actor.id), eq(demoRequests.userId, actor.id)),
        ),
      )
      .limit(1);
    if (!demo) throw new AppError("forbidden", CLASSROOM_MESSAGES.notBooked);
    url = meetingUrl(null, demo.room);
    session = { startsAt: demo.startsAt.toISOString(), endsAt: demo.endsAt.toISOString() };
  }
  if (!session || joinWindow(session, now).state !== "open") throw new AppError("conflict", CLASSROOM_MESSAGES.joinNotOpen);
  return url;
}
