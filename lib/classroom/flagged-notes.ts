import "server-only";

import { and, asc, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { teacherNameForFamilies } from "@/lib/platform/db/queries";
import {
  attendance,
  classroomChatMessages,
  classroomRooms,
  courses,
  learners,
  sections,
  sessionNoteLines,
  sessionNotes,
} from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { HELD_LINK_REASON } from "@/lib/platform/security/screening";
import { z } from "@/lib/platform/zod";

import { hasOpenTextFlag } from "./session-notes";

/**
 * Issue 40: what the screen flagged in the notes teachers write for families (contact details
 * masked, something suspicious, a homework link held), for support's safety page, the one queue
 * for notes: a session note (what was covered, and each child's line) and a teacher's attendance
 * note on a child, each as families read it beside what was typed. A held link is let through
 * (families see it) or dropped by support.
 */
export interface FlaggedLine {
  learnerFirstName: string;
  /** As the family reads it. */
  line: string;
  /**
   * As the teacher typed it (null when the line was not flagged); for an attendance note, the text
   * that raised the flag, kept until support resolves it even when the teacher has edited it since.
   */
  originalLine: string | null;
}

export interface FlaggedNote {
  /** A session note, a teacher's note on one child in the attendance sheet, or a message in a class's chat (issue 43). */
  kind: "session-note" | "attendance" | "classroom-chat";
  id: number;
  courseTitle: string;
  teacherName: string;
  sessionStartsAt: Date;
  /** A session note's "covered" text as families read it; "" for an attendance note. */
  covered: string;
  /** As typed, while its flag is open (a session note's "covered" that support resolved is in resolvedTexts). */
  originalCovered: string | null;
  heldHomeworkUrl: string | null;
  /**
   * Issue 40: a session note's homework links that were held and that its teacher replaced or
   * removed before support decided them: never shown to families, decided with heldHomeworkUrl.
   */
  replacedHeldHomeworkUrls: string[];
  reasons: string[];
  /** The flagged lines about a child, open ones: a session note's, or the attendance note itself. */
  lines: FlaggedLine[];
  /**
   * Issue 40: a session note's typed texts that raised its flag and are no longer on it (its
   * teacher edited them out), kept until support resolves it; [] for other kinds.
   */
  editedOut: string[];
  /**
   * Issue 40: a session note's typed texts still on it that support resolved before its flag was
   * raised again: history, not open; [] for other kinds.
   */
  resolvedTexts: string[];
  /**
   * Support can resolve its flag here: an attendance note always; a session note when a text flag is
   * open (hasOpenTextFlag: a held link alone is decided, not resolved); a chat message never.
   */
  canResolve: boolean;
  /** When it was last written. */
  writtenAt: Date;
  /** A chat message: who wrote it, as named in the room, and where the session's whole chat is read. */
  chat?: { author: string; transcriptPath: string };
}

/** Flagged session notes, attendance notes and class chat messages, the most recently written first. */
export async function listFlaggedNotes(actor: Actor | null, limit = 50): Promise<FlaggedNote[]> {
  authorize(actor, "safety.triage");
  const db = await getDb();
  const [notes, marks, chat] = await Promise.all([
    db
      .select({
        id: sessionNotes.id,
        courseTitle: courses.title,
        // Issue 38: as families (and the concerns beside it) name the teacher, their public name.
        teacherName: teacherNameForFamilies(sessionNotes.authorId),
        sessionStartsAt: sessionNotes.sessionStartsAt,
        covered: sessionNotes.covered,
        originalCovered: sessionNotes.originalCovered,
        heldHomeworkUrl: sessionNotes.heldHomeworkUrl,
        replacedHeldHomeworkUrls: sessionNotes.replacedHeldHomeworkUrls,
        reasons: sessionNotes.flagReasons,
        flaggedTexts: sessionNotes.flaggedTexts,
        writtenAt: sessionNotes.updatedAt,
      })
      .from(sessionNotes)
      .innerJoin(sections, eq(sections.id, sessionNotes.sectionId))
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .where(eq(sessionNotes.flagged, true))
      .orderBy(desc(sessionNotes.updatedAt))
      .limit(limit),
    db
      .select({
        id: attendance.id,
        courseTitle: courses.title,
        teacherName: teacherNameForFamilies(attendance.markedById),
        sessionStartsAt: attendance.sessionStartsAt,
        learnerFirstName: learners.firstName,
        note: attendance.note,
        // The text that raised the flag (kept until support resolves it), else what was typed (rows flagged before it was kept).
        originalNote: sql<string | null>`coalesce(${attendance.flaggedNote}, ${attendance.originalNote})`,
        reasons: attendance.flagReasons,
        writtenAt: attendance.markedAt,
      })
      .from(attendance)
      .innerJoin(sections, eq(sections.id, attendance.sectionId))
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .innerJoin(learners, eq(learners.id, attendance.learnerId))
      .where(eq(attendance.flagged, true))
      .orderBy(desc(attendance.markedAt))
      .limit(limit),
    db
      .select({
        id: classroomChatMessages.id,
        sectionId: classroomRooms.sectionId,
        courseTitle: courses.title,
        teacherName: teacherNameForFamilies(sections.teacherId),
        sessionStartsAt: classroomRooms.sessionStartsAt,
        author: classroomChatMessages.authorName,
        body: classroomChatMessages.body,
        originalBody: classroomChatMessages.originalBody,
        reasons: classroomChatMessages.flagReasons,
        writtenAt: classroomChatMessages.createdAt,
      })
      .from(classroomChatMessages)
      .innerJoin(classroomRooms, eq(classroomRooms.id, classroomChatMessages.roomId))
      .innerJoin(sections, eq(sections.id, classroomRooms.sectionId))
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .where(eq(classroomChatMessages.flagged, true))
      .orderBy(desc(classroomChatMessages.createdAt))
      .limit(limit),
  ]);
  const lines =
    notes.length === 0
      ? []
      : await db
          .select({
            noteId: sessionNoteLines.noteId,
            learnerFirstName: learners.firstName,
            line: sessionNoteLines.line,
            originalLine: sessionNoteLines.originalLine,
          })
          .from(sessionNoteLines)
          .innerJoin(learners, eq(learners.id, sessionNoteLines.learnerId))
          .where(
            and(
              eq(sessionNoteLines.flagged, true),
              inArray(
                sessionNoteLines.noteId,
                notes.map((n) => n.id),
              ),
            ),
          )
          .orderBy(asc(learners.firstName));
  const flagged: FlaggedNote[] = [
    ...notes.map(({ teacherName, flaggedTexts, ...n }) => {
      const noteLines = lines.filter((l) => l.noteId === n.id).map(({ noteId: _, ...l }) => l);
      const onNote = new Set([n.originalCovered, ...noteLines.map((l) => l.originalLine)]);
      const isTextOpen = hasOpenTextFlag({ flagged: true, flagReasons: n.reasons, flaggedTexts });
      // Open: a text that raised the flag since support last resolved it (flaggedTexts). A note
      // flagged before texts were kept: every flagged text on it, as stickyFlag reads it.
      const open = (typed: string | null) => typed !== null && (flaggedTexts.length > 0 ? flaggedTexts.includes(typed) : isTextOpen);
      const onNoteTyped = [n.originalCovered, ...noteLines.map((l) => l.originalLine)];
      return {
        ...n,
        kind: "session-note" as const,
        teacherName: teacherName ?? "Teacher",
        originalCovered: open(n.originalCovered) ? n.originalCovered : null,
        lines: noteLines.filter((l) => open(l.originalLine)),
        editedOut: flaggedTexts.filter((t) => !onNote.has(t)),
        resolvedTexts: [...new Set(onNoteTyped.filter((t): t is string => t !== null && !open(t)))],
        canResolve: isTextOpen,
      };
    }),
    ...marks.map((m) => ({
      kind: "attendance" as const,
      id: m.id,
      courseTitle: m.courseTitle,
      teacherName: m.teacherName ?? "Teacher",
      sessionStartsAt: m.sessionStartsAt,
      covered: "",
      originalCovered: null,
      heldHomeworkUrl: null,
      replacedHeldHomeworkUrls: [],
      reasons: m.reasons,
      lines: [{ learnerFirstName: m.learnerFirstName, line: m.note, originalLine: m.originalNote }],
      editedOut: [],
      resolvedTexts: [],
      canResolve: true,
      writtenAt: m.writtenAt,
    })),
    ...chat.map((c) => ({
      kind: "classroom-chat" as const,
      id: c.id,
      courseTitle: c.courseTitle,
      teacherName: c.teacherName ?? "Teacher",
      sessionStartsAt: c.sessionStartsAt,
      // What the room read, and what was typed.
      covered: c.body,
      originalCovered: c.originalBody,
      heldHomeworkUrl: null,
      replacedHeldHomeworkUrls: [],
      reasons: c.reasons,
      lines: [],
      editedOut: [],
      resolvedTexts: [],
      canResolve: false,
      writtenAt: c.writtenAt,
      chat: {
        author: c.author,
        transcriptPath: `/classroom/${c.sectionId}/chat?session=${encodeURIComponent(c.sessionStartsAt.toISOString())}`,
      },
    })),
  ];
  return flagged.sort((a, b) => b.writtenAt.getTime() - a.writtenAt.getTime()).slice(0, limit);
}

export const heldLinkDecisionSchema = z.object({
  noteId: z.coerce.number().int().positive("Choose a note."),
  decision: z.enum(["release", "drop"], { error: "Choose release or drop." }),
  /** Every held link support read on the note (the one held now and those replaced since held). */
  links: z.array(z.string().max(2000)).min(1, "Choose the held links.").max(100),
});

export const HELD_LINK_MESSAGES = {
  gone: "That link is no longer held.",
  changed: "The held links have changed since you read them. Reload the page and decide again.",
  nothingToRelease: "The held link was replaced: there is no link to let through. Drop it instead.",
} as const;

/**
 * Issue 40: support decides a session note's held homework links at once: the one held now is let
 * through to families or dropped, and the links held before it and replaced by its teacher (never
 * shown to families) are dropped with it. Refused when the held links are not the ones support
 * read (the teacher changed them since), so nothing is let through or cleared unread. HELD_LINK_REASON
 * leaves the note's reasons (a text's "link" stays with its text flag); the note stays flagged for a text flag support has not resolved. Audited.
 */
export async function decideHeldHomeworkLink(actor: Actor | null, input: unknown): Promise<void> {
  authorize(actor, "safety.triage");
  const { noteId, decision, links } = parseInput(heldLinkDecisionSchema, input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        held: sessionNotes.heldHomeworkUrl,
        replaced: sessionNotes.replacedHeldHomeworkUrls,
        flagged: sessionNotes.flagged,
        flagReasons: sessionNotes.flagReasons,
        flaggedTexts: sessionNotes.flaggedTexts,
      })
      .from(sessionNotes)
      .where(
        and(
          eq(sessionNotes.id, noteId),
          or(isNotNull(sessionNotes.heldHomeworkUrl), sql`cardinality(${sessionNotes.replacedHeldHomeworkUrls}) > 0`),
        ),
      )
      .for("update");
    if (!row) throw new AppError("not-found", HELD_LINK_MESSAGES.gone);
    const pending = new Set([...(row.held === null ? [] : [row.held]), ...row.replaced]);
    const read = new Set(links);
    if (pending.size !== read.size || [...pending].some((link) => !read.has(link)))
      throw new AppError("conflict", HELD_LINK_MESSAGES.changed);
    if (decision === "release" && row.held === null) throw new AppError("invalid", HELD_LINK_MESSAGES.nothingToRelease);
    const isTextOpen = hasOpenTextFlag(row);
    await tx
      .update(sessionNotes)
      .set({
        // Dropped: families keep what they read now (a held link was never shown to them).
        ...(decision === "release" ? { homeworkUrl: row.held } : {}),
        heldHomeworkUrl: null,
        replacedHeldHomeworkUrls: [],
        flagged: isTextOpen,
        flagReasons: isTextOpen ? row.flagReasons.filter((r) => r !== HELD_LINK_REASON) : [],
      })
      .where(eq(sessionNotes.id, noteId));
    await recordAudit(tx, actor!, {
      action: "session-note.links-decided",
      targetType: "session_note",
      targetId: noteId,
      details: { decision, links: [...pending], ...(decision === "release" ? { released: row.held } : {}) },
    });
  });
}

export const resolveAttendanceFlagSchema = z.object({
  attendanceId: z.coerce.number().int().positive("Choose a note."),
});

/**
 * Issue 40: support resolves a flagged attendance note in its queue: the flag, its reasons and the
 * flagged text kept for them go (what families read stays as it is); audited with the reasons. Only
 * support's resolution clears a raised flag: the teacher's edits do not (lib/classroom/attendance.ts).
 */
export async function resolveFlaggedAttendanceNote(actor: Actor | null, input: unknown): Promise<void> {
  authorize(actor, "safety.triage");
  const { attendanceId } = parseInput(resolveAttendanceFlagSchema, input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: attendance.id, reasons: attendance.flagReasons })
      .from(attendance)
      .where(and(eq(attendance.id, attendanceId), eq(attendance.flagged, true)))
      .for("update");
    if (!row) throw new AppError("not-found", "That note is no longer flagged.");
    await tx.update(attendance).set({ flagged: false, flaggedNote: null, flagReasons: [] }).where(eq(attendance.id, row.id));
    await recordAudit(tx, actor!, {
      action: "attendance.flag-resolved",
      targetType: "attendance_note",
      targetId: row.id,
      details: { reasons: row.reasons },
    });
  });
}

export const resolveSessionNoteFlagSchema = z.object({
  noteId: z.coerce.number().int().positive("Choose a note."),
});

/**
 * Issue 40: support resolves a session note's text flag in its queue: the flag, its reasons and the
 * typed texts kept for them go (what families read stays as it is); audited with the reasons. A link
 * still held keeps the note flagged for its own decision (decideHeldHomeworkLink). Only support's
 * resolution clears a raised text flag: the teacher's edits do not (saveSessionNote).
 */
export async function resolveFlaggedSessionNote(actor: Actor | null, input: unknown): Promise<{ isLinkHeld: boolean }> {
  authorize(actor, "safety.triage");
  const { noteId } = parseInput(resolveSessionNoteFlagSchema, input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: sessionNotes.id,
        flagged: sessionNotes.flagged,
        flagReasons: sessionNotes.flagReasons,
        flaggedTexts: sessionNotes.flaggedTexts,
        held: sessionNotes.heldHomeworkUrl,
        replaced: sessionNotes.replacedHeldHomeworkUrls,
      })
      .from(sessionNotes)
      .where(and(eq(sessionNotes.id, noteId), eq(sessionNotes.flagged, true)))
      .for("update");
    if (!row || !hasOpenTextFlag(row)) throw new AppError("not-found", "That note is no longer flagged.");
    const isHeld = row.held !== null || row.replaced.length > 0;
    await tx
      .update(sessionNotes)
      .set({ flagged: isHeld, flagReasons: isHeld ? [HELD_LINK_REASON] : [], flaggedTexts: [] })
      .where(eq(sessionNotes.id, row.id));
    await recordAudit(tx, actor!, {
      action: "session-note.flag-resolved",
      targetType: "session_note",
      targetId: row.id,
      details: { reasons: row.flagReasons },
    });
    return { isLinkHeld: isHeld };
  });
}
