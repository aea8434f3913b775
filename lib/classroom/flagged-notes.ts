import "server-only";

import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import {
  attendance,
  classroomChatMessages,
  classroomRooms,
  courses,
  learners,
  sections,
  sessionNoteLines,
  sessionNotes,
  users,
} from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { z } from "@/lib/platform/zod";

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
  /** As the teacher typed it (null when the line was not flagged). */
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
  originalCovered: string | null;
  heldHomeworkUrl: string | null;
  reasons: string[];
  /** The flagged lines about a child: a session note's, or the attendance note itself. */
  lines: FlaggedLine[];
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
        teacherName: users.displayName,
        sessionStartsAt: sessionNotes.sessionStartsAt,
        covered: sessionNotes.covered,
        originalCovered: sessionNotes.originalCovered,
        heldHomeworkUrl: sessionNotes.heldHomeworkUrl,
        reasons: sessionNotes.flagReasons,
        writtenAt: sessionNotes.updatedAt,
      })
      .from(sessionNotes)
      .innerJoin(sections, eq(sections.id, sessionNotes.sectionId))
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .leftJoin(users, eq(users.id, sessionNotes.authorId))
      .where(eq(sessionNotes.flagged, true))
      .orderBy(desc(sessionNotes.updatedAt))
      .limit(limit),
    db
      .select({
        id: attendance.id,
        courseTitle: courses.title,
        teacherName: users.displayName,
        sessionStartsAt: attendance.sessionStartsAt,
        learnerFirstName: learners.firstName,
        note: attendance.note,
        originalNote: attendance.originalNote,
        reasons: attendance.flagReasons,
        writtenAt: attendance.markedAt,
      })
      .from(attendance)
      .innerJoin(sections, eq(sections.id, attendance.sectionId))
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .innerJoin(learners, eq(learners.id, attendance.learnerId))
      .leftJoin(users, eq(users.id, attendance.markedById))
      .where(eq(attendance.flagged, true))
      .orderBy(desc(attendance.markedAt))
      .limit(limit),
    db
      .select({
        id: classroomChatMessages.id,
        sectionId: classroomRooms.sectionId,
        courseTitle: courses.title,
        teacherName: users.displayName,
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
      .leftJoin(users, eq(users.id, sections.teacherId))
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
    ...notes.map(({ teacherName, ...n }) => ({
      ...n,
      kind: "session-note" as const,
      teacherName: teacherName ?? "Teacher",
      lines: lines.filter((l) => l.noteId === n.id).map(({ noteId: _, ...l }) => l),
    })),
    ...marks.map((m) => ({
      kind: "attendance" as const,
      id: m.id,
      courseTitle: m.courseTitle,
      teacherName: m.teacherName ?? "Teacher",
      sessionStartsAt: m.sessionStartsAt,
      covered: "",
      originalCovered: null,
      heldHomeworkUrl: null,
      reasons: m.reasons,
      lines: [{ learnerFirstName: m.learnerFirstName, line: m.note, originalLine: m.originalNote }],
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
      reasons: c.reasons,
      lines: [],
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
});

/** Lets a held homework link through to families, or drops it; the note stays flagged only for what else the screen found. */
export async function decideHeldHomeworkLink(actor: Actor | null, input: unknown): Promise<void> {
  authorize(actor, "safety.triage");
  const { noteId, decision } = parseInput(heldLinkDecisionSchema, input);
  const db = await getDb();
  const [row] = await db
    .select({ held: sessionNotes.heldHomeworkUrl, reasons: sessionNotes.flagReasons, original: sessionNotes.originalCovered })
    .from(sessionNotes)
    .where(and(eq(sessionNotes.id, noteId), isNotNull(sessionNotes.heldHomeworkUrl)));
  if (!row) throw new AppError("not-found", "That link is no longer held.");
  // Still in the queue for what was typed: the covered text, or a child's line.
  const [flaggedLine] = await db
    .select({ noteId: sessionNoteLines.noteId })
    .from(sessionNoteLines)
    .where(and(eq(sessionNoteLines.noteId, noteId), eq(sessionNoteLines.flagged, true)))
    .limit(1);
  const stillFlagged = row.original !== null || flaggedLine !== undefined;
  await db
    .update(sessionNotes)
    .set({ homeworkUrl: decision === "release" ? row.held : null, heldHomeworkUrl: null, flagged: stillFlagged })
    .where(eq(sessionNotes.id, noteId));
}
