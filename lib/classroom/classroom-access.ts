import "server-only";

import { and, asc, eq, exists, lt, notExists, or, type SQL } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { bookings, courses, learners, sections, seatSessions, users } from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { withSessionChanges } from "@/lib/scheduling/session-changes";
import { sectionSessionsWithChanges, type Session } from "@/lib/scheduling/session-overrides";

import { JOIN_OPENS_MINUTES_BEFORE, LIVE_SECTION_STATUSES, meetingUrl } from "./join";
import { mediaServer } from "./media-server";
import { CLASSROOM_MESSAGES } from "./schema";
import { sessionRoomName } from "./session-room";

/** Who someone is in a session's room: its teacher, a family holding a seat, or staff watching (shown as such). */
export type ClassroomRole = "teacher" | "learner" | "observer";

/**
 * A child signed in on their own (lib/learner-access/session.ts): they enter only the sessions their
 * own seat holds, under their own name, never a brother's or sister's. The family (userId in the
 * room) is their parent's, so the teacher's roster and controls treat the family as one.
 */
export interface LearnerPerson {
  kind: "learner";
  learnerId: number;
  parentId: number;
  firstName: string;
}

/** Who asks to enter: a grown-up's account (teacher, parent, staff) or a child's own session. */
export type ClassroomPerson = Actor | LearnerPerson;

/** The classroom's person for a signed-in child's session (lib/learner-access/session.ts). */
export const learnerPerson = (learner: Omit<LearnerPerson, "kind">): LearnerPerson => ({
  kind: "learner",
  learnerId: learner.learnerId,
  parentId: learner.parentId,
  firstName: learner.firstName,
});

export const isLearnerPerson = (person: ClassroomPerson): person is LearnerPerson => "kind" in person && person.kind === "learner";

/** The family user and (for a child's own session) the child a person is in a room as. */
export function presenceKeyOf(person: ClassroomPerson): { userId: number; learnerId: number | null } {
  return isLearnerPerson(person) ? { userId: person.parentId, learnerId: person.learnerId } : { userId: person.id, learnerId: null };
}

/** Staff who may watch any class, announced to everyone in it. */
const OBSERVER_ROLES = ["support", "admin"] as const;

export interface ClassroomAccess {
  role: ClassroomRole;
  section: { id: number; teacherId: number; courseTitle: string; timezone: string; capacity: number };
  session: Session;
  /** The Janus room of this session (an HMAC name, never derivable from the section id). */
  room: string;
  /** Join from `opensAt` until `closesAt` (the end plus the grace period). */
  opensAt: string;
  closesAt: string;
  /** The children this family has a seat for (learner role), shown as the person's name in the room. */
  learnerNames: string[];
  /** Where the class happens: our classroom, or an outside link (the section's own, the operator's choice, or the fallback). */
  where: { kind: "classroom" } | { kind: "outside"; url: string; reason: "section-link" | "operator" | "media-server-unavailable" };
}

/**
 * The session whose classroom is open at `now` or the next one (cancelled ones are skipped, moved
 * ones follow their new time), then the sessions after it (120 days).
 */
function sessionsFrom(section: Parameters<typeof sectionSessionsWithChanges>[0], now: Date): Session[] {
  const graceMs = env.CLASSROOM_GRACE_MINUTES * 60_000;
  const from = new Date(now.getTime() - section.durationMinutes * 60_000 - graceMs);
  const until = new Date(now.getTime() + 120 * 86_400_000);
  return sectionSessionsWithChanges(section, from, until).filter((s) => new Date(s.endsAt).getTime() + graceMs > now.getTime());
}

/**
 * A family whose seat holds a later session of the section but not this one (bought after this one
 * began, or moved in from another section since): it is told when its seat's first session is,
 * never let in. `firstSessionStartsAt` (UTC) is shown in the viewer's zone by the page.
 */
export class SeatStartsLaterError extends AppError {
  constructor(readonly firstSessionStartsAt: string) {
    super("forbidden", CLASSROOM_MESSAGES.seatStartsLater);
    this.name = "SeatStartsLaterError";
  }
}

/** Whether one of these seat_sessions rows (a family's seats in the section) holds `occurrence`, as seatHolds in SQL below. */
function rowsHold(rows: Array<{ bookingId: string; occurrence: Date; status: string }>, occurrence: string): boolean {
  const at = new Date(occurrence).getTime();
  const bookingIds = new Set(rows.map((r) => r.bookingId));
  return [...bookingIds].some((bookingId) => {
    const own = rows.filter((r) => r.bookingId === bookingId);
    const forIt = own.filter((r) => r.occurrence.getTime() === at);
    return forIt.length ? forIt.some((r) => r.status === "open") : own.some((r) => r.occurrence.getTime() < at && r.status === "open");
  });
}

/**
 * Who may enter a section's classroom at `now`, and as what; every refusal is an AppError whose
 * message the page shows. Someone with no part in the section learns nothing of it (the same
 * refusal whether it exists or not); a family counts only with a confirmed seat (withdrawn, moved
 * away and refunded seats are cancelled bookings); support and admins may observe any live class.
 */
export async function classroomAccess(person: ClassroomPerson | null, sectionId: number, now = new Date()): Promise<ClassroomAccess> {
  if (!person) throw new AppError("unauthenticated", "Please sign in first.");
  const db = await getDb();
  const [row] = await db
    .select({ section: sections, courseTitle: courses.title })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(sections.id, sectionId))
    .limit(1);
  if (!row) throw new AppError("forbidden", CLASSROOM_MESSAGES.notBooked);
  const { section } = row;
  const child = isLearnerPerson(person) ? person : null;
  const grownUp = isLearnerPerson(person) ? null : person;
  const seatRows = (...conditions: SQL[]) =>
    db
      .select({ id: seatSessions.id })
      .from(seatSessions)
      .where(and(eq(seatSessions.bookingId, bookings.id), eq(seatSessions.sectionId, section.id), ...conditions));
  const seatHolds = (occurrence: string) => {
    const at = new Date(occurrence);
    return or(
      exists(seatRows(eq(seatSessions.occurrence, at), eq(seatSessions.status, "open"))),
      and(
        notExists(seatRows(eq(seatSessions.occurrence, at))),
        exists(seatRows(lt(seatSessions.occurrence, at), eq(seatSessions.status, "open"))),
      ),
    );
  };
  // The confirmed seats of this family in the section (a child's own session: their own seat only).
  const seatsHeld = (occurrence?: string) =>
    db
      .select({ firstName: learners.firstName })
      .from(bookings)
      .innerJoin(learners, eq(learners.id, bookings.learnerId))
      .where(
        and(
          eq(bookings.sectionId, section.id),
          eq(bookings.kind, "seat"),
          eq(bookings.status, "confirmed"),
          child ? eq(bookings.learnerId, child.learnerId) : eq(learners.parentId, grownUp!.id),
          // The seat holds this session (issue 39's record of what it bought, seat_sessions): its row
          // for the session is still open, or it has none and the seat held an earlier one of the
          // section (an open-ended class past the weeks its price was spread over). A seat bought
          // after the session began, moved away from it, refunded or credited for it does not open it.
          occurrence ? seatHolds(occurrence) : undefined,
        ),
      )
      .orderBy(asc(learners.firstName));
  let role: ClassroomRole;
  const isStaff = grownUp !== null && (OBSERVER_ROLES as readonly string[]).includes(grownUp.role);
  if (grownUp && section.teacherId === grownUp.id) role = "teacher";
  else if ((await seatsHeld()).length) role = "learner";
  else if (isStaff) role = "observer";
  else throw new AppError("forbidden", CLASSROOM_MESSAGES.notBooked);
  // Checked after the seat, so that a stranger learns nothing of a section's state.
  if (!(LIVE_SECTION_STATUSES as readonly string[]).includes(section.status))
    throw new AppError("conflict", CLASSROOM_MESSAGES.sectionClosed);
  const [withChanges] = await withSessionChanges(db, [section]);
  const upcoming = sessionsFrom(withChanges ?? { ...section, sessionChanges: [] }, now);
  const session = upcoming[0];
  if (!session) throw new AppError("conflict", CLASSROOM_MESSAGES.sectionClosed);
  let learnerNames: string[] = [];
  if (role === "learner") {
    learnerNames = (await seatsHeld(session.occurrence)).map((seat) => seat.firstName);
    // A family with a seat in the section, but none for this session: staff may still watch.
    if (!learnerNames.length) {
      if (isStaff) role = "observer";
      else {
        // Its seat holds a later session (bought after this one began, moved in since): say when, not "not booked".
        const rows = await db
          .select({ bookingId: seatSessions.bookingId, occurrence: seatSessions.occurrence, status: seatSessions.status })
          .from(seatSessions)
          .innerJoin(bookings, eq(bookings.id, seatSessions.bookingId))
          .innerJoin(learners, eq(learners.id, bookings.learnerId))
          .where(
            and(
              eq(seatSessions.sectionId, section.id),
              eq(bookings.sectionId, section.id),
              eq(bookings.kind, "seat"),
              eq(bookings.status, "confirmed"),
              child ? eq(bookings.learnerId, child.learnerId) : eq(learners.parentId, grownUp!.id),
            ),
          );
        const first = upcoming.slice(1).find((later) => rowsHold(rows, later.occurrence));
        if (first) throw new SeatStartsLaterError(first.startsAt);
        throw new AppError("forbidden", CLASSROOM_MESSAGES.notBooked);
      }
    }
  }
  const opensAt = new Date(new Date(session.startsAt).getTime() - JOIN_OPENS_MINUTES_BEFORE * 60_000);
  const closesAt = new Date(new Date(session.endsAt).getTime() + env.CLASSROOM_GRACE_MINUTES * 60_000);
  if (now < opensAt)
    throw new AppError("conflict", CLASSROOM_MESSAGES.joinNotOpen, {
      retryAfterSeconds: Math.ceil((opensAt.getTime() - now.getTime()) / 1000),
    });
  const room = sessionRoomName(section, session.occurrence);
  const where: ClassroomAccess["where"] = section.meetingUrl
    ? { kind: "outside", url: section.meetingUrl, reason: "section-link" }
    : env.CLASSROOM_MODE === "outside-link"
      ? { kind: "outside", url: meetingUrl(null, room), reason: "operator" }
      : mediaServer()
        ? { kind: "classroom" }
        : { kind: "outside", url: meetingUrl(null, room), reason: "media-server-unavailable" };
  return {
    role,
    section: {
      id: section.id,
      teacherId: section.teacherId,
      courseTitle: row.courseTitle,
      timezone: section.timezone,
      capacity: section.capacity,
    },
    session,
    room,
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    learnerNames,
    where,
  };
}

/** How a person is named in the room: a family by its children (a child on their own by their name), the teacher and staff by their role. */
export async function displayNameOf(access: ClassroomAccess, actor: ClassroomPerson): Promise<string> {
  if (access.role === "learner") return access.learnerNames.join(" & ");
  if (isLearnerPerson(actor)) return actor.firstName;
  const db = await getDb();
  const [user] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, actor.id)).limit(1);
  const name = user?.displayName?.trim() || actor.email.split("@")[0]!;
  return access.role === "teacher" ? `${name} (teacher)` : `${name} (observing, ${actor.role})`;
}
