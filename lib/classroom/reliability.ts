import "server-only";

import { and, asc, count, desc, eq, gte, isNull, sql } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Database } from "@/lib/platform/db/client";
import {
  classroomPresence,
  classroomRooms,
  courses,
  sections,
  sessionChanges,
  teacherSessionReliability,
  users,
} from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { emit } from "@/lib/platform/events/events";
import { cancelMissedSession } from "@/lib/scheduling/session-changes";

import { sessionMissedByTeacher } from "./events";

/**
 * Issue 43: the teacher's reliability record, from the classroom's join log (classroom_presence).
 * Once a session held in the product's classroom is over (its end plus the grace period), it is
 * recorded once: on time (the teacher's first join within LATE_AFTER_MINUTES of the start), late
 * (after that, by how many minutes) or absent (the teacher never came into the room). Only sessions
 * whose room exists are judged: a room is made when the first person presses Join, so a class
 * nobody came to, or one held on an outside link (the section's own, the operator's mode, or the
 * fallback while the media server was down), is not held against the teacher.
 *
 * A session the teacher never joined counts as cancelled, whether it was held at its regular time,
 * moved, or was a make-up: in the transaction that records it absent, it is cancelled by the
 * session-change rules as a teacher's cancel would be (cancelMissedSession: the families told, then
 * a make-up or the seats' credit after the deadline), the record names the change it made, and the
 * teacher is told which session it was and what the families were offered
 * (classroom.session-missed-by-teacher). The record's unique
 * key makes that once: a rerun, or another instance running the job at the same moment, waits on
 * the first one's row and records nothing, cancels nothing. A session already cancelled (without a
 * make-up at that time), moved away from that time, or no longer on the section's schedule, is
 * recorded and left as it is.
 */
export const LATE_AFTER_MINUTES = 3;
/** How far back a run looks for sessions not yet recorded (an instance that was down catches up). */
const LOOKBACK_DAYS = 7;
const MINUTE = 60_000;

export type ReliabilityKind = "on-time" | "late" | "absent";

/** Records each finished classroom session not recorded yet; returns how many it recorded. Idempotent (one row per session). */
export async function recordTeacherReliability(db: Database, now = new Date()): Promise<number> {
  const rooms = await db
    .select({
      roomId: classroomRooms.id,
      sectionId: classroomRooms.sectionId,
      sessionStartsAt: classroomRooms.sessionStartsAt,
      teacherId: sections.teacherId,
      durationMinutes: sections.durationMinutes,
      teacherJoinedAt: sql<Date | string | null>`(
        select min(p.first_joined_at) from ${classroomPresence} p
        where p.room_id = ${classroomRooms.id} and p.user_id = ${sections.teacherId} and p.role = 'teacher'
      )`,
    })
    .from(classroomRooms)
    .innerJoin(sections, eq(sections.id, classroomRooms.sectionId))
    .leftJoin(
      teacherSessionReliability,
      and(
        eq(teacherSessionReliability.sectionId, classroomRooms.sectionId),
        eq(teacherSessionReliability.sessionStartsAt, classroomRooms.sessionStartsAt),
      ),
    )
    .where(
      and(
        gte(classroomRooms.sessionStartsAt, new Date(now.getTime() - LOOKBACK_DAYS * 1440 * MINUTE)),
        isNull(teacherSessionReliability.id),
        // A section meeting on its teacher's own link: the product cannot tell who joined.
        isNull(sections.meetingUrl),
      ),
    )
    .orderBy(asc(classroomRooms.sessionStartsAt));
  const graceMs = env.CLASSROOM_GRACE_MINUTES * MINUTE;
  let recorded = 0;
  for (const room of rooms) {
    const startsAt = room.sessionStartsAt.getTime();
    if (startsAt + room.durationMinutes * MINUTE + graceMs > now.getTime()) continue;
    const joinedAt = room.teacherJoinedAt === null ? null : new Date(room.teacherJoinedAt);
    const minutesLate = joinedAt ? Math.max(0, Math.floor((joinedAt.getTime() - startsAt) / MINUTE)) : null;
    const kind: ReliabilityKind = !joinedAt ? "absent" : joinedAt.getTime() - startsAt > LATE_AFTER_MINUTES * MINUTE ? "late" : "on-time";
    recorded += await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(teacherSessionReliability)
        .values({
          teacherId: room.teacherId,
          sectionId: room.sectionId,
          sessionStartsAt: room.sessionStartsAt,
          kind,
          firstJoinedAt: joinedAt,
          minutesLate: kind === "late" ? minutesLate : null,
        })
        .onConflictDoNothing()
        .returning({ id: teacherSessionReliability.id });
      const [record] = inserted;
      if (!record) return 0;
      if (kind !== "absent") return 1;
      // The room is named by the session's start as held: an unchanged session's occurrence, a moved session's new time, a make-up's.
      const cancelled = await cancelMissedSession(tx, room.sectionId, room.sessionStartsAt, now);
      if (cancelled) {
        const { change, heldAs } = cancelled;
        await tx.update(teacherSessionReliability).set({ sessionChangeId: change.id }).where(eq(teacherSessionReliability.id, record.id));
        await emit(tx, sessionMissedByTeacher, { reliabilityId: record.id, changeId: change.id, heldAs });
      }
      return 1;
    });
  }
  return recorded;
}

export const RELIABILITY_DAYS = 90;

export interface TeacherReliabilityRow {
  teacherId: number;
  teacherName: string;
  sessions: number;
  late: number;
  absent: number;
}

export interface ReliabilityLapse {
  teacherName: string;
  courseTitle: string;
  sectionId: number;
  sessionStartsAt: Date;
  kind: Exclude<ReliabilityKind, "on-time">;
  minutesLate: number | null;
  /** A missed session cancelled for it: waiting for a make-up or its credit, given a make-up, or credited. Null when it was not cancelled. */
  cancellation: "pending" | "makeup" | "credited" | null;
}

/** The admin dashboard's reliability table (the last 90 days, teachers with a lapse first) and the latest lapses. */
export async function teacherReliability(
  actor: Actor | null,
  now = new Date(),
): Promise<{ teachers: TeacherReliabilityRow[]; lapses: ReliabilityLapse[] }> {
  authorize(actor, "figures.read");
  const db = await getDb();
  const since = new Date(now.getTime() - RELIABILITY_DAYS * 1440 * MINUTE);
  const teacherName = sql<string>`coalesce(nullif(trim(${users.displayName}), ''), split_part(${users.email}, '@', 1))`;
  const [teachers, lapses] = await Promise.all([
    db
      .select({
        teacherId: teacherSessionReliability.teacherId,
        teacherName,
        sessions: count(),
        late: sql<number>`count(*) filter (where ${teacherSessionReliability.kind} = 'late')::int`,
        absent: sql<number>`count(*) filter (where ${teacherSessionReliability.kind} = 'absent')::int`,
      })
      .from(teacherSessionReliability)
      .innerJoin(users, eq(users.id, teacherSessionReliability.teacherId))
      .where(gte(teacherSessionReliability.sessionStartsAt, since))
      .groupBy(teacherSessionReliability.teacherId, users.displayName, users.email),
    db
      .select({
        teacherName,
        courseTitle: courses.title,
        sectionId: teacherSessionReliability.sectionId,
        sessionStartsAt: teacherSessionReliability.sessionStartsAt,
        kind: teacherSessionReliability.kind,
        minutesLate: teacherSessionReliability.minutesLate,
        cancelledAs: sessionChanges.kind,
        makeupStartsAt: sessionChanges.makeupStartsAt,
        creditedAt: sessionChanges.creditedAt,
      })
      .from(teacherSessionReliability)
      .innerJoin(users, eq(users.id, teacherSessionReliability.teacherId))
      .innerJoin(sections, eq(sections.id, teacherSessionReliability.sectionId))
      .innerJoin(courses, eq(courses.id, sections.courseId))
      // The change the job's cancel made: a moved session's or a make-up's start names no change once cancelled.
      .leftJoin(sessionChanges, and(eq(sessionChanges.id, teacherSessionReliability.sessionChangeId), eq(sessionChanges.kind, "cancelled")))
      .where(and(gte(teacherSessionReliability.sessionStartsAt, since), sql`${teacherSessionReliability.kind} <> 'on-time'`))
      .orderBy(desc(teacherSessionReliability.sessionStartsAt))
      .limit(20),
  ]);
  return {
    teachers: teachers
      .map((t) => ({ ...t, sessions: Number(t.sessions), late: Number(t.late), absent: Number(t.absent) }))
      .sort((a, b) => b.absent + b.late - (a.absent + a.late) || a.teacherName.localeCompare(b.teacherName)),
    lapses: lapses.map(({ cancelledAs, makeupStartsAt, creditedAt, ...l }) => ({
      ...l,
      kind: l.kind as ReliabilityLapse["kind"],
      cancellation: l.kind !== "absent" || !cancelledAs ? null : makeupStartsAt ? "makeup" : creditedAt ? "credited" : "pending",
    })),
  };
}
