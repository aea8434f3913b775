import "server-only";

import { and, desc, eq, isNotNull } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { courses, sections, sessionNotes, users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { z } from "@/lib/platform/zod";

/**
 * Issue 40: session notes the screen flagged (contact details masked, something suspicious, a
 * homework link held), for support's safety page: what families read beside what was typed. A held
 * link is let through (families see it) or dropped by support.
 */
export interface FlaggedNote {
  id: number;
  courseTitle: string;
  teacherName: string;
  sessionStartsAt: Date;
  covered: string;
  originalCovered: string | null;
  heldHomeworkUrl: string | null;
  reasons: string[];
}

export async function listFlaggedSessionNotes(actor: Actor | null, limit = 50): Promise<FlaggedNote[]> {
  authorize(actor, "safety.triage");
  const db = await getDb();
  const rows = await db
    .select({
      id: sessionNotes.id,
      courseTitle: courses.title,
      teacherName: users.displayName,
      sessionStartsAt: sessionNotes.sessionStartsAt,
      covered: sessionNotes.covered,
      originalCovered: sessionNotes.originalCovered,
      heldHomeworkUrl: sessionNotes.heldHomeworkUrl,
      reasons: sessionNotes.flagReasons,
    })
    .from(sessionNotes)
    .innerJoin(sections, eq(sections.id, sessionNotes.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .leftJoin(users, eq(users.id, sessionNotes.authorId))
    .where(eq(sessionNotes.flagged, true))
    .orderBy(desc(sessionNotes.updatedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, teacherName: r.teacherName ?? "Teacher" }));
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
  const stillFlagged = row.original !== null;
  await db
    .update(sessionNotes)
    .set({ homeworkUrl: decision === "release" ? row.held : null, heldHomeworkUrl: null, flagged: stillFlagged })
    .where(eq(sessionNotes.id, noteId));
}
