import "server-only";

import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { joinAttendanceMark } from "@/lib/platform/db/queries";
import { attendance, bookings, courses, learners, sections, teacherProfiles, users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { textScreen } from "@/lib/platform/security/screen";
import { withSessionChanges } from "@/lib/scheduling/session-changes";
import { sectionSessionsWithChanges, type SessionChange } from "@/lib/scheduling/session-overrides";
import type { SessionTimes } from "@/lib/scheduling/sessions";

import { sessionJoinLog } from "./live-room";
import { ATTENDED, CLASSROOM_MESSAGES, attendanceInput, type AttendanceInput, type AttendanceStatus } from "./schema";

/** A section with its moved, cancelled and make-up sessions (issue 27): attendance follows the sessions as held. */
type Section = typeof sections.$inferSelect & { sessionChanges: SessionChange[] };

/** The actor's own section, else the refusal (the same whether the section is another teacher's or none). */
async function ownSection(actor: Actor | null, sectionId: number): Promise<Section & { courseTitle: string }> {
  authorize(actor, "attendance.mark");
  const db = await getDb();
  const [row] = await db
    .select({ section: sections, courseTitle: courses.title })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(eq(sections.id, sectionId), eq(sections.teacherId, actor.id)))
    .limit(1);
  if (!row) throw new AppError("forbidden", CLASSROOM_MESSAGES.notYourSection);
  const [section] = await withSessionChanges(db, [{ ...row.section, courseTitle: row.courseTitle }]);
  return section!;
}

/** The session of a section that starts at this instant (as held: moved, make-up), or null; a cancelled one is none. */
function sessionAt(section: Section, startsAt: Date): SessionTimes | null {
  if (Number.isNaN(startsAt.getTime())) return null;
  const [session] = sectionSessionsWithChanges(section, startsAt, new Date(startsAt.getTime() + 1));
  return session ? { startsAt: session.startsAt, endsAt: session.endsAt } : null;
}

/** Sessions that have started, most recent first (the ones attendance can be taken for). */
function startedSessions(section: Section, now: Date, limit: number): SessionTimes[] {
  const from = new Date(Math.max(new Date(`${section.startsOn}T00:00:00Z`).getTime() - 86_400_000, now.getTime() - 365 * 86_400_000));
  return sectionSessionsWithChanges(section, from, new Date(now.getTime() + 1))
    .map(({ startsAt, endsAt }) => ({ startsAt, endsAt }))
    .reverse()
    .slice(0, limit);
}

export interface RosterLine {
  learnerId: number;
  firstName: string;
  grade: number;
  status: AttendanceStatus | null;
  note: string;
  /** From the classroom's join log, until the teacher saves a mark: present, or late past LATE_AFTER_MINUTES; absent if never joined. */
  suggested: AttendanceStatus | null;
  joined: { firstJoinedAt: string; minutesPresent: number } | null;
}

/** A family joining more than this many minutes after the start is suggested as late. */
export const LATE_AFTER_MINUTES = 5;

export interface AttendanceSheet {
  sectionId: number;
  courseTitle: string;
  timezone: string;
  sessions: SessionTimes[];
  /** The session shown (the one asked for, else the latest started), or null before the first. */
  session: SessionTimes | null;
  roster: RosterLine[];
}

/** A teacher's attendance sheet for one session of their own section. */
export async function getAttendanceSheet(
  actor: Actor | null,
  sectionId: number,
  sessionStartsAt?: string,
  now = new Date(),
): Promise<AttendanceSheet> {
  const section = await ownSection(actor, sectionId);
  const sessions = startedSessions(section, now, 12);
  // From the address bar: a time that is no date means "the latest", not an error page.
  const askedAt = sessionStartsAt ? new Date(sessionStartsAt).getTime() : Number.NaN;
  const asked = Number.isNaN(askedAt) ? undefined : sessions.find((s) => new Date(s.startsAt).getTime() === askedAt);
  const session = asked ?? sessions[0] ?? null;
  const db = await getDb();
  const seated = await db
    .select({ learnerId: learners.id, firstName: learners.firstName, grade: learners.grade, parentId: learners.parentId })
    .from(bookings)
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(and(eq(bookings.sectionId, section.id), eq(bookings.kind, "seat"), eq(bookings.status, "confirmed")))
    .orderBy(asc(learners.firstName));
  const marks = session
    ? await db
        // Its teacher edits what they typed (saved again, a flagged note stays flagged); families read the screened note.
        .select({
          learnerId: attendance.learnerId,
          status: attendance.status,
          note: sql<string>`coalesce(${attendance.originalNote}, ${attendance.note})`,
        })
        .from(attendance)
        .where(and(eq(attendance.sectionId, section.id), eq(attendance.sessionStartsAt, new Date(session.startsAt))))
    : [];
  const byLearner = new Map(marks.map((m) => [m.learnerId, m]));
  const joins = session
    ? await sessionJoinLog(section.id, new Date(session.startsAt), [...new Set(seated.map((l) => l.parentId))])
    : new Map();
  const suggestion = (parentId: number): AttendanceStatus | null => {
    // Only for a session held in the classroom: with no one's join logged, there is nothing to go by.
    if (!session || joins.size === 0) return null;
    const joined = joins.get(parentId);
    if (!joined) return "absent";
    const lateBy = new Date(joined.firstJoinedAt).getTime() - new Date(session.startsAt).getTime();
    return lateBy > LATE_AFTER_MINUTES * 60_000 ? "late" : "present";
  };
  return {
    sectionId: section.id,
    courseTitle: section.courseTitle,
    timezone: section.timezone,
    sessions,
    session,
    roster: seated.map(({ parentId, ...l }) => ({
      ...l,
      status: byLearner.get(l.learnerId)?.status ?? null,
      note: byLearner.get(l.learnerId)?.note ?? "",
      suggested: suggestion(parentId),
      joined: joins.get(parentId) ?? null,
    })),
  };
}

/** On an attendance upsert: the note saved now is flagged, and is not the text already on the row (so not one support resolved). */
const raisesFlag = sql`(excluded.flagged and excluded.original_note is distinct from ${attendance.originalNote})`;

/** Marks (or corrects) learners of one started session of the teacher's own section. Nothing is written if any line is refused. */
export async function markAttendance(actor: Actor | null, input: AttendanceInput, now = new Date()): Promise<number> {
  const data = parseInput(attendanceInput, input);
  const section = await ownSection(actor, data.sectionId);
  const startsAt = new Date(data.sessionStartsAt);
  const session = sessionAt(section, startsAt);
  if (!session) throw new AppError("invalid", CLASSROOM_MESSAGES.noSuchSession);
  if (startsAt.getTime() > now.getTime()) throw new AppError("invalid", CLASSROOM_MESSAGES.sessionNotStarted);
  const db = await getDb();
  const learnerIds = [...new Set(data.marks.map((m) => m.learnerId))];
  const seated = await db
    .select({ learnerId: bookings.learnerId })
    .from(bookings)
    .where(
      and(
        eq(bookings.sectionId, section.id),
        eq(bookings.kind, "seat"),
        eq(bookings.status, "confirmed"),
        inArray(bookings.learnerId, learnerIds),
      ),
    );
  if (new Set(seated.map((s) => s.learnerId)).size !== learnerIds.length)
    throw new AppError("invalid", CLASSROOM_MESSAGES.learnerNotInSection);
  const screen = await textScreen(db);
  await db
    .insert(attendance)
    .values(
      data.marks.map((m) => {
        // Issue 40: families read the note, so it is screened as a message is: contact details
        // masked, and a masked or suspicious note flagged with what was typed for support's safety
        // queue (lib/classroom/flagged-notes.ts).
        const note = screen(m.note);
        return {
          sectionId: section.id,
          sessionStartsAt: startsAt,
          learnerId: m.learnerId,
          status: m.status,
          note: note.text.slice(0, 200),
          originalNote: note.isFlagged ? m.note : null,
          flaggedNote: note.isFlagged ? m.note : null,
          flagged: note.isFlagged,
          flagReasons: note.reasons,
          markedById: actor!.id,
          markedAt: now,
        };
      }),
    )
    .onConflictDoUpdate({
      target: [attendance.sectionId, attendance.sessionStartsAt, attendance.learnerId],
      set: {
        status: sql`excluded.status`,
        note: sql`excluded.note`,
        originalNote: sql`excluded.original_note`,
        // Issue 40: a raised flag sticks until support resolves it (resolveFlaggedAttendanceNote),
        // with the text that raised it, whatever the teacher saves since; the reasons add up. A
        // note typed anew that the screen flags raises it again; the same text saved again after
        // support resolved it does not.
        flaggedNote: sql`case when ${attendance.flagged} then coalesce(${attendance.flaggedNote}, ${attendance.originalNote})
          when ${raisesFlag} then excluded.original_note end`,
        flagged: sql`${attendance.flagged} or ${raisesFlag}`,
        flagReasons: sql`case when ${attendance.flagged} then array(select distinct r from unnest(${attendance.flagReasons} || excluded.flag_reasons) r order by r)
          when ${raisesFlag} then excluded.flag_reasons else '{}'::text[] end`,
        markedById: sql`excluded.marked_by_id`,
        markedAt: sql`excluded.marked_at`,
      },
    });
  return data.marks.length;
}

export interface FamilyAttendanceLine {
  learnerFirstName: string;
  courseTitle: string;
  sessionStartsAt: string;
  status: AttendanceStatus;
  note: string;
}

/** A parent's children's attendance, newest first (read-only on /my-courses). */
export async function listFamilyAttendance(parentId: number, limit = 30): Promise<FamilyAttendanceLine[]> {
  const db = await getDb();
  const rows = await joinAttendanceMark(
    db
      .select({
        learnerFirstName: learners.firstName,
        courseTitle: courses.title,
        sessionStartsAt: attendance.sessionStartsAt,
        status: attendance.status,
        note: attendance.note,
      })
      .from(attendance)
      .$dynamic(),
  )
    .where(eq(learners.parentId, parentId))
    .orderBy(desc(attendance.sessionStartsAt), asc(learners.firstName))
    .limit(limit);
  return rows.map((r) => ({ ...r, sessionStartsAt: r.sessionStartsAt.toISOString() }));
}

export interface AttendanceRate {
  name: string;
  marked: number;
  attended: number;
  /** attended / marked, 0..1 */
  rate: number;
}

/** Attendance rates (present or late among all marks) per course and per teacher, for admins. */
export async function attendanceRates(actor: Actor | null): Promise<{ byCourse: AttendanceRate[]; byTeacher: AttendanceRate[] }> {
  authorize(actor, "attendance.report");
  const db = await getDb();
  const attended = sql<number>`count(*) filter (where ${inArray(attendance.status, [...ATTENDED])})`.mapWith(Number);
  const [byCourse, byTeacher] = await Promise.all([
    db
      .select({ name: courses.title, marked: count(), attended })
      .from(attendance)
      .innerJoin(sections, eq(sections.id, attendance.sectionId))
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .groupBy(courses.id, courses.title)
      .orderBy(asc(courses.title)),
    db
      .select({ name: sql<string>`coalesce(${teacherProfiles.publicName}, ${users.email})`, marked: count(), attended })
      .from(attendance)
      .innerJoin(sections, eq(sections.id, attendance.sectionId))
      .innerJoin(users, eq(users.id, sections.teacherId))
      .leftJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
      .groupBy(users.id, users.email, teacherProfiles.publicName),
  ]);
  const withRate = (r: { name: string; marked: number; attended: number }) => ({ ...r, rate: r.marked === 0 ? 0 : r.attended / r.marked });
  return { byCourse: byCourse.map(withRate), byTeacher: byTeacher.map(withRate).sort((a, b) => a.name.localeCompare(b.name)) };
}
