import "server-only";

import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import type { Database } from "@/lib/platform/db/client";
import { attendance, bookings, courses, learners, sessionNoteLines, sections, sessionNotes } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { textScreen, type TextScreen } from "@/lib/platform/security/screen";
import { HELD_LINK_REASON } from "@/lib/platform/security/screening";
import { withSessionChanges } from "@/lib/scheduling/session-changes";
import { sectionSessionsWithChanges, type SessionChange, type SessionState } from "@/lib/scheduling/session-overrides";

import { CLASSROOM_MESSAGES, sessionNoteInput, type AttendanceStatus, type SessionNoteInput } from "./schema";
import { SESSION_NOTE_LIMITS } from "./session-note-limits";

/**
 * The note after every session (issue 28). The section's teacher (or an admin) writes what the
 * session covered, an optional homework link and a line per learner; each family reads it beside
 * its children's attendance, its own children's lines only. The session is the one as held
 * (sectionSessionsWithChanges: a moved session's new time, a make-up's), named by its start as
 * attendance names it. Nothing of it is public: the course page reads none of these tables.
 */

type Section = typeof sections.$inferSelect & { sessionChanges: SessionChange[] };

/** The section, if the actor may write its notes (its teacher; an admin any); else the same refusal for another's and none. */
async function noteSection(db: Database, actor: Actor | null, sectionId: number): Promise<Section> {
  authorize(actor, "session-notes.write");
  const owner = actor.role === "admin" ? undefined : eq(sections.teacherId, actor.id);
  const [row] = await db
    .select()
    .from(sections)
    .where(and(eq(sections.id, sectionId), owner))
    .limit(1);
  if (!row) throw new AppError("forbidden", CLASSROOM_MESSAGES.notYourNoteSection);
  const [section] = await withSessionChanges(db, [row]);
  return section!;
}

export interface SessionNoteView {
  covered: string;
  homeworkUrl: string | null;
  /** learner id -> the teacher's line about them. */
  lines: Record<number, string>;
  updatedAt: string;
  /** The homework link is to a site off the allow-list: families do not see it until support lets it through. */
  isHeld: boolean;
  /** The screen masked or flagged something: support reads it. */
  isFlagged: boolean;
}

export interface SavedNote {
  created: boolean;
  /** Contact details were taken out of what families read. */
  isMasked: boolean;
  /** The homework link waits for support (a site off the allow-list). */
  isLinkHeld: boolean;
}

/**
 * Issue 40: a note reaches families (/my-courses, the weekly digest), so it is screened like a
 * message: what was covered and each child's line masked and flagged; a homework link only to a
 * site on the allow-list, others held for support (kept, not shown).
 */
function screenNote(data: { covered: string; homeworkUrl: string; lines: { learnerId: number; line: string }[] }, screen: TextScreen) {
  const covered = screen(data.covered);
  const link = data.homeworkUrl === "" ? null : data.homeworkUrl;
  const isLinkHeld = link !== null && !screen.allowsLink(link);
  const lines = data.lines.map((l) => ({ learnerId: l.learnerId, typed: l.line, screened: screen(l.line) }));
  const typed = [{ text: data.covered, screened: covered }, ...lines.map((l) => ({ text: l.typed, screened: l.screened }))];
  return {
    /** Each typed text the screen flagged, with its own reasons (stickyFlag counts only those newly typed). */
    flaggedTyped: typed.filter((t) => t.screened.isFlagged).map((t) => ({ text: t.text, reasons: t.screened.reasons })),
    covered: covered.text.slice(0, SESSION_NOTE_LIMITS.covered),
    originalCovered: covered.isFlagged ? data.covered : null,
    homeworkUrl: isLinkHeld ? null : link,
    heldHomeworkUrl: isLinkHeld ? link : null,
    isMasked: covered.isMasked || lines.some((l) => l.screened.isMasked),
    isLinkHeld,
    lines: lines.map((l) => ({
      learnerId: l.learnerId,
      line: l.screened.text.slice(0, SESSION_NOTE_LIMITS.line),
      originalLine: l.screened.isFlagged ? l.typed : null,
      flagged: l.screened.isFlagged,
    })),
  };
}

/** A session's note as its author edits it, or null before one is written (the section's teacher or an admin). */
export async function getSessionNote(
  db: Database,
  actor: Actor | null,
  sectionId: number,
  sessionStartsAt: string,
): Promise<SessionNoteView | null> {
  const section = await noteSection(db, actor, sectionId);
  const at = new Date(sessionStartsAt);
  if (Number.isNaN(at.getTime())) return null;
  const [note] = await db
    .select()
    .from(sessionNotes)
    .where(and(eq(sessionNotes.sectionId, section.id), eq(sessionNotes.sessionStartsAt, at)));
  if (!note) return null;
  const lines = await db
    .select({ learnerId: sessionNoteLines.learnerId, line: sessionNoteLines.line, originalLine: sessionNoteLines.originalLine })
    .from(sessionNoteLines)
    .where(eq(sessionNoteLines.noteId, note.id));
  // Its author edits what they typed; families read the screened text (saveSessionNote).
  return {
    covered: note.originalCovered ?? note.covered,
    homeworkUrl: note.heldHomeworkUrl ?? note.homeworkUrl,
    lines: Object.fromEntries(lines.map((l) => [l.learnerId, l.originalLine ?? l.line])),
    updatedAt: note.updatedAt.toISOString(),
    isHeld: note.heldHomeworkUrl !== null,
    isFlagged: note.flagged,
  };
}

/**
 * Writes (or rewrites) the note of one started session of a section the actor teaches (an admin:
 * any). Refused with nothing stored: another teacher's section, no such session (or a cancelled
 * one), a session not started yet, empty or over-long text, a homework link that is not http(s),
 * a line about a learner without a seat in the section. An empty line removes that learner's line.
 */
export async function saveSessionNote(db: Database, actor: Actor | null, input: SessionNoteInput, now = new Date()): Promise<SavedNote> {
  const data = parseInput(sessionNoteInput, input);
  const section = await noteSection(db, actor, data.sectionId);
  const startsAt = new Date(data.sessionStartsAt);
  const [session] = sectionSessionsWithChanges(section, startsAt, new Date(startsAt.getTime() + 1));
  if (!session) throw new AppError("invalid", CLASSROOM_MESSAGES.noSuchSession);
  if (startsAt.getTime() > now.getTime()) throw new AppError("invalid", CLASSROOM_MESSAGES.noteNotStarted);
  const lines = data.lines.filter((l) => l.line !== "");
  const learnerIds = [...new Set(data.lines.map((l) => l.learnerId))];
  if (learnerIds.length > 0) {
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
  }
  const screenedNow = screenNote({ covered: data.covered, homeworkUrl: data.homeworkUrl, lines }, await textScreen(db));
  return db.transaction(async (tx) => {
    // The note as stored, locked so that no other save or support's resolution interleaves with
    // this one. None yet: inserted below; a concurrent first save that inserts it first makes the
    // insert do nothing, and the second turn locks and updates that row.
    for (;;) {
      const [existing] = await tx
        .select()
        .from(sessionNotes)
        .where(and(eq(sessionNotes.sectionId, section.id), eq(sessionNotes.sessionStartsAt, startsAt)))
        .for("update");
      const storedLines = existing
        ? await tx
            .select({ originalLine: sessionNoteLines.originalLine, flagged: sessionNoteLines.flagged })
            .from(sessionNoteLines)
            .where(eq(sessionNoteLines.noteId, existing.id))
        : [];
      const screened = keepShownLink(screenedNow, existing ?? null);
      const flag = stickyFlag(existing ?? null, storedLines, screened);
      const values = {
        covered: screened.covered,
        originalCovered: screened.originalCovered,
        homeworkUrl: screened.homeworkUrl,
        heldHomeworkUrl: screened.heldHomeworkUrl,
        ...flag,
        authorId: actor!.id,
        updatedAt: now,
      };
      let noteId: number;
      if (existing) {
        await tx.update(sessionNotes).set(values).where(eq(sessionNotes.id, existing.id));
        noteId = existing.id;
      } else {
        const [inserted] = await tx
          .insert(sessionNotes)
          .values({ ...values, sectionId: section.id, sessionStartsAt: startsAt, occurrence: new Date(session.occurrence), createdAt: now })
          .onConflictDoNothing({ target: [sessionNotes.sectionId, sessionNotes.sessionStartsAt] })
          .returning({ id: sessionNotes.id });
        if (!inserted) continue;
        noteId = inserted.id;
      }
      if (learnerIds.length > 0)
        await tx.delete(sessionNoteLines).where(and(eq(sessionNoteLines.noteId, noteId), inArray(sessionNoteLines.learnerId, learnerIds)));
      if (screened.lines.length > 0) await tx.insert(sessionNoteLines).values(screened.lines.map((l) => ({ noteId, ...l })));
      return { created: !existing, isMasked: screened.isMasked, isLinkHeld: screened.isLinkHeld };
    }
  });
}

type StoredNote = typeof sessionNotes.$inferSelect;
type ScreenedNote = ReturnType<typeof screenNote>;

/**
 * Issue 40: the homework link families read now (its site on the allow-list when it was saved, or
 * let through by support: decideHeldHomeworkLink), saved again unchanged, stays as families read
 * it: not held again. Any other link is screened as typed.
 */
function keepShownLink(screened: ScreenedNote, existing: StoredNote | null): ScreenedNote {
  const link = screened.heldHomeworkUrl;
  if (link === null || existing?.homeworkUrl !== link) return screened;
  return { ...screened, homeworkUrl: link, heldHomeworkUrl: null, isLinkHeld: false };
}

/**
 * Issue 40: a text flag is open on the note (support has not resolved it): texts kept for it, or,
 * on a note flagged before they were kept, a reason other than a held link (a resolution leaves
 * only HELD_LINK_REASON, for a link still held).
 */
export function hasOpenTextFlag(note: Pick<StoredNote, "flagged" | "flaggedTexts" | "flagReasons">): boolean {
  return note.flaggedTexts.length > 0 || (note.flagged && note.flagReasons.some((r) => r !== HELD_LINK_REASON));
}

/**
 * Issue 40: the note's flag after a save. A text flag sticks until support resolves it
 * (resolveFlaggedSessionNote), with every typed text that raised it, whatever the teacher saves
 * since; its reasons (those of the texts that raised it) add up. It is raised by a flagged text
 * newly typed: not one already stored as typed on the note, so the same text saved again after
 * support resolved it does not raise it again, nor count among the reasons (a text's "link" among
 * them: a link typed in it). A held homework link flags the note, with its own reason
 * HELD_LINK_REASON, until support decides it (decideHeldHomeworkLink), also when its teacher
 * replaces or removes it first: the replaced one is kept for support.
 */
function stickyFlag(
  existing: StoredNote | null,
  storedLines: { originalLine: string | null; flagged: boolean }[],
  screened: ScreenedNote,
): Pick<StoredNote, "flagged" | "flagReasons" | "flaggedTexts" | "replacedHeldHomeworkUrls"> {
  const wasOpen = existing !== null && hasOpenTextFlag(existing);
  const storedAsTyped = new Set([existing?.originalCovered, ...storedLines.map((l) => l.originalLine)]);
  const raised = screened.flaggedTyped.filter((t) => !storedAsTyped.has(t.text));
  // A note flagged before texts were kept: what is on it as typed and flagged is what raised it.
  const legacy =
    wasOpen && existing.flaggedTexts.length === 0
      ? [existing.originalCovered, ...storedLines.filter((l) => l.flagged).map((l) => l.originalLine)]
      : [];
  const kept = [...(wasOpen ? existing.flaggedTexts : []), ...legacy, ...raised.map((t) => t.text)].filter((t): t is string => t !== null);
  const isOpen = wasOpen || raised.length > 0;
  // The held links' reason is the links' own, added below while one is held.
  const reasons = new Set<string>(
    [...(wasOpen ? existing.flagReasons : []), ...raised.flatMap((t) => t.reasons)].filter((r) => r !== HELD_LINK_REASON),
  );
  const replacedHeld = new Set(existing?.replacedHeldHomeworkUrls ?? []);
  if (existing?.heldHomeworkUrl) replacedHeld.add(existing.heldHomeworkUrl);
  if (screened.heldHomeworkUrl !== null) replacedHeld.delete(screened.heldHomeworkUrl);
  const isLinkHeld = screened.heldHomeworkUrl !== null || replacedHeld.size > 0;
  if (isLinkHeld) reasons.add(HELD_LINK_REASON);
  return {
    flagged: isOpen || isLinkHeld,
    flagReasons: [...reasons].sort(),
    flaggedTexts: [...new Set(kept)],
    replacedHeldHomeworkUrls: [...replacedHeld],
  };
}

/** One past session of one child, as the family reads it: attendance and the teacher's note. */
export interface FamilySessionRecord {
  sectionId: number;
  learnerId: number;
  learnerFirstName: string;
  courseTitle: string;
  startsAt: string;
  state: SessionState;
  attendance: AttendanceStatus | null;
  attendanceNote: string;
  note: { covered: string; homeworkUrl: string | null; line: string | null } | null;
}

const key = (sectionId: number, startsAt: string, learnerId: number) => `${sectionId}|${startsAt}|${learnerId}`;

/**
 * The sessions of a parent's children that started in [from, to) and before `now`, newest first:
 * every session of each confirmed seat from its first one (a cancelled one marked so), and any
 * session marked in attendance (a seat left since included), each with its attendance and note.
 * The parent is in every query's where; a note's lines are read for this parent's children only.
 */
export async function listFamilySessions(
  db: Database,
  parentId: number,
  window: { from: Date; to: Date; now?: Date; limit?: number },
): Promise<FamilySessionRecord[]> {
  const now = window.now ?? new Date();
  const until = new Date(Math.min(window.to.getTime(), now.getTime() + 1));
  if (until.getTime() <= window.from.getTime()) return [];
  const seats = await db
    .select({
      learnerId: learners.id,
      firstName: learners.firstName,
      firstStartsAt: bookings.startsAt,
      section: sections,
      courseTitle: courses.title,
    })
    .from(bookings)
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .innerJoin(sections, eq(sections.id, bookings.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(eq(learners.parentId, parentId), eq(bookings.kind, "seat"), eq(bookings.status, "confirmed")));
  const marks = await db
    .select({
      sectionId: attendance.sectionId,
      learnerId: attendance.learnerId,
      firstName: learners.firstName,
      courseTitle: courses.title,
      startsAt: attendance.sessionStartsAt,
      status: attendance.status,
      note: attendance.note,
    })
    .from(attendance)
    .innerJoin(learners, eq(learners.id, attendance.learnerId))
    .innerJoin(sections, eq(sections.id, attendance.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(eq(learners.parentId, parentId), gte(attendance.sessionStartsAt, window.from), lt(attendance.sessionStartsAt, until)));

  const records = new Map<string, FamilySessionRecord>();
  const sectionsWithChanges = await withSessionChanges(
    db,
    seats.map((s) => s.section),
  );
  for (const [i, seat] of seats.entries()) {
    const section = sectionsWithChanges[i]!;
    const from = new Date(Math.max(window.from.getTime(), seat.firstStartsAt.getTime()));
    for (const session of sectionSessionsWithChanges(section, from, until, { includeCancelled: true })) {
      records.set(key(section.id, session.startsAt, seat.learnerId), {
        sectionId: section.id,
        learnerId: seat.learnerId,
        learnerFirstName: seat.firstName,
        courseTitle: seat.courseTitle,
        startsAt: session.startsAt,
        state: session.state,
        attendance: null,
        attendanceNote: "",
        note: null,
      });
    }
  }
  for (const mark of marks) {
    const startsAt = mark.startsAt.toISOString();
    const k = key(mark.sectionId, startsAt, mark.learnerId);
    const record = records.get(k) ?? {
      sectionId: mark.sectionId,
      learnerId: mark.learnerId,
      learnerFirstName: mark.firstName,
      courseTitle: mark.courseTitle,
      startsAt,
      state: "scheduled" as const,
      attendance: null,
      attendanceNote: "",
      note: null,
    };
    records.set(k, { ...record, attendance: mark.status, attendanceNote: mark.note });
  }
  if (records.size === 0) return [];

  const sectionIds = [...new Set([...records.values()].map((r) => r.sectionId))];
  const notes = await db
    .select({
      id: sessionNotes.id,
      sectionId: sessionNotes.sectionId,
      startsAt: sessionNotes.sessionStartsAt,
      covered: sessionNotes.covered,
      homeworkUrl: sessionNotes.homeworkUrl,
    })
    .from(sessionNotes)
    .where(
      and(
        inArray(sessionNotes.sectionId, sectionIds),
        gte(sessionNotes.sessionStartsAt, window.from),
        lt(sessionNotes.sessionStartsAt, until),
      ),
    );
  const learnerIds = [...new Set([...records.values()].map((r) => r.learnerId))];
  const lines =
    notes.length === 0
      ? []
      : await db
          .select({ noteId: sessionNoteLines.noteId, learnerId: sessionNoteLines.learnerId, line: sessionNoteLines.line })
          .from(sessionNoteLines)
          .innerJoin(learners, eq(learners.id, sessionNoteLines.learnerId))
          .where(
            and(
              eq(learners.parentId, parentId),
              inArray(sessionNoteLines.learnerId, learnerIds),
              inArray(
                sessionNoteLines.noteId,
                notes.map((n) => n.id),
              ),
            ),
          );
  const lineOf = new Map(lines.map((l) => [`${l.noteId}|${l.learnerId}`, l.line]));
  const notesBySession = new Map(notes.map((n) => [`${n.sectionId}|${n.startsAt.toISOString()}`, n]));
  const result = [...records.values()].map((record) => {
    const note = notesBySession.get(`${record.sectionId}|${record.startsAt}`);
    return note
      ? {
          ...record,
          note: { covered: note.covered, homeworkUrl: note.homeworkUrl, line: lineOf.get(`${note.id}|${record.learnerId}`) ?? null },
        }
      : record;
  });
  result.sort((a, b) => b.startsAt.localeCompare(a.startsAt) || a.learnerFirstName.localeCompare(b.learnerFirstName));
  return window.limit ? result.slice(0, window.limit) : result;
}

/** The sections and their sessions' notes a teacher has written, for the sheet's "earlier sessions" list. */
export async function notedSessions(db: Database, sectionId: number): Promise<Set<string>> {
  const rows = await db
    .select({ startsAt: sessionNotes.sessionStartsAt })
    .from(sessionNotes)
    .where(eq(sessionNotes.sectionId, sectionId))
    .orderBy(asc(sessionNotes.sessionStartsAt));
  return new Set(rows.map((r) => r.startsAt.toISOString()));
}
