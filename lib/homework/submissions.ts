import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import type { Database } from "@/lib/platform/db/client";
import { homeworkFeedback, homeworkFiles, homeworkSubmissions, learners } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { textScreen } from "@/lib/platform/security/screen";

import { checkUploads, type Upload } from "./file-check";
import { fileStore } from "./file-store";
import { HOMEWORK_LIMITS } from "./limits";
import { HOMEWORK_MESSAGES as M } from "./messages";
import { handInInput, type HandInInput } from "./schema";
import { isSeatedChildOf } from "./sections";
import { findTask, screenLink, type HomeworkTask } from "./tasks";

export interface HandedIn {
  submissionId: number;
  isLate: boolean;
  files: number;
}

/**
 * A parent hands in a task for their own child with a seat in its section: an answer, a link, or
 * files (pictures and PDF by their content, within the count and size limits). Everything is
 * checked before anything is stored, so a refused hand-in leaves nothing. Work after the due time
 * is taken and marked late. Free text is screened before the teacher reads it (contact details
 * masked; what was typed kept for support), and a link off the allow-list is held for support.
 * Handed in again before the teacher's feedback, it replaces the earlier work; after, it is refused.
 */
export async function handInHomework(
  db: Database,
  actor: Actor | null,
  input: HandInInput,
  uploads: readonly Upload[],
  now = new Date(),
): Promise<HandedIn> {
  authorize(actor, "homework.hand-in");
  const data = parseInput(handInInput, input);
  const task = await findTask(db, data.taskId);
  if (!task || !(await isSeatedChildOf(db, actor.id, data.learnerId, task.sectionId))) throw new AppError("forbidden", M.notYourChild);
  return storeHandIn(db, task, data, actor.id, uploads, now);
}

/**
 * The same hand-in made by the child in their own space: the caller has established that the
 * signed-in child is `learnerId` (a child's session names its learner). Refused, like the parent's,
 * for a task of a section the child has no seat in.
 */
export async function handInAsLearner(
  db: Database,
  learnerId: number,
  input: Omit<HandInInput, "learnerId">,
  uploads: readonly Upload[],
  now = new Date(),
): Promise<HandedIn> {
  const data = parseInput(handInInput, { ...input, learnerId });
  const task = await findTask(db, data.taskId);
  const [learner] = task ? await db.select({ parentId: learners.parentId }).from(learners).where(eq(learners.id, learnerId)) : [];
  if (!task || !learner || !(await isSeatedChildOf(db, learner.parentId, learnerId, task.sectionId)))
    throw new AppError("forbidden", M.notYourChild);
  return storeHandIn(db, task, data, null, uploads, now);
}

async function storeHandIn(
  db: Database,
  task: HomeworkTask,
  data: { learnerId: number; text: string; link: string },
  submittedById: number | null,
  uploads: readonly Upload[],
  now: Date,
): Promise<HandedIn> {
  const files = await checkUploads(uploads);
  if (data.text === "" && data.link === "" && files.length === 0)
    throw new AppError("invalid", M.nothingHandedIn, { fieldErrors: { text: M.nothingHandedIn } });
  const screen = await textScreen(db);
  const text = screen(data.text);
  const link = screenLink(data.link, screen.allowedHosts);
  const isLate = now.getTime() > task.dueAt.getTime();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: homeworkSubmissions.id, marked: homeworkFeedback.submissionId })
      .from(homeworkSubmissions)
      .leftJoin(homeworkFeedback, eq(homeworkFeedback.submissionId, homeworkSubmissions.id))
      .where(and(eq(homeworkSubmissions.taskId, task.id), eq(homeworkSubmissions.learnerId, data.learnerId)))
      .for("update", { of: homeworkSubmissions });
    if (existing?.marked) throw new AppError("conflict", M.alreadyMarked);
    const values = {
      text: text.text.slice(0, HOMEWORK_LIMITS.text),
      originalText: text.isFlagged ? data.text : null,
      link: link.shown,
      heldLink: link.held,
      flagged: text.isFlagged || link.held !== null,
      isLate,
      submittedAt: now,
      submittedById,
    };
    const [submission] = await tx
      .insert(homeworkSubmissions)
      .values({ taskId: task.id, learnerId: data.learnerId, ...values })
      .onConflictDoUpdate({
        target: [homeworkSubmissions.taskId, homeworkSubmissions.learnerId],
        set: {
          text: sql`excluded.text`,
          originalText: sql`excluded.original_text`,
          link: sql`excluded.link`,
          heldLink: sql`excluded.held_link`,
          flagged: sql`excluded.flagged`,
          isLate: sql`excluded.is_late`,
          submittedAt: sql`excluded.submitted_at`,
          submittedById: sql`excluded.submitted_by_id`,
        },
      })
      .returning({ id: homeworkSubmissions.id });
    const submissionId = submission!.id;
    if (existing) {
      // The earlier hand-in's files go with it: the work is replaced as a whole.
      const old = await tx
        .select({ storedFileId: homeworkFiles.storedFileId })
        .from(homeworkFiles)
        .where(eq(homeworkFiles.submissionId, submissionId));
      await fileStore.remove(
        tx,
        old.map((file) => file.storedFileId),
      );
    }
    for (const file of files) {
      const storedFileId = await fileStore.put(tx, { learnerId: data.learnerId, mediaType: file.mediaType, bytes: file.bytes });
      await tx
        .insert(homeworkFiles)
        .values({ submissionId, storedFileId, name: file.name, mediaType: file.mediaType, byteSize: file.bytes.byteLength });
    }
    return { submissionId, isLate, files: files.length };
  });
}
