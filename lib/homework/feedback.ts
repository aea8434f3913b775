import "server-only";

import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import type { Database } from "@/lib/platform/db/client";
import { courseCriteria, homeworkFeedback, homeworkMarks, homeworkSubmissions, homeworkTasks, sections } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";
import { screenShared } from "@/lib/platform/security/screen";

import { homeworkFeedbackReturned } from "./events";
import { HOMEWORK_LIMITS } from "./limits";
import { HOMEWORK_MESSAGES as M } from "./messages";
import { criteriaInput, feedbackInput, type CriteriaInput, type FeedbackInput } from "./schema";
import { taughtSection } from "./sections";

export interface Criterion {
  id: number;
  position: number;
  name: string;
}

export async function courseCriteriaOf(db: Pick<Database, "select">, courseId: number): Promise<Criterion[]> {
  return db
    .select({ id: courseCriteria.id, position: courseCriteria.position, name: courseCriteria.name })
    .from(courseCriteria)
    .where(eq(courseCriteria.courseId, courseId))
    .orderBy(asc(courseCriteria.position));
}

/**
 * Sets the (up to three) things a course's homework is marked on: a teacher of one of the course's
 * sections, or an admin. A criterion keeps its id when renamed, so its marks stay; one that has
 * marks cannot be removed.
 */
export async function setCourseCriteria(db: Database, actor: Actor | null, input: CriteriaInput): Promise<Criterion[]> {
  authorize(actor, "homework.teach");
  const data = parseInput(criteriaInput, input);
  if (actor.role !== "admin") {
    const [taught] = await db
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.courseId, data.courseId), eq(sections.teacherId, actor.id)))
      .limit(1);
    if (!taught) throw new AppError("forbidden", M.notYourSection);
  }
  await db.transaction(async (tx) => {
    const removed = await tx
      .select({ id: courseCriteria.id })
      .from(courseCriteria)
      .where(and(eq(courseCriteria.courseId, data.courseId), gt(courseCriteria.position, data.names.length)));
    if (removed.length > 0) {
      const ids = removed.map((r) => r.id);
      const [marked] = await tx
        .select({ id: homeworkMarks.criterionId })
        .from(homeworkMarks)
        .where(inArray(homeworkMarks.criterionId, ids))
        .limit(1);
      if (marked) throw new AppError("conflict", M.criteriaInUse);
      await tx.delete(courseCriteria).where(inArray(courseCriteria.id, ids));
    }
    for (const [i, name] of data.names.entries()) {
      await tx
        .insert(courseCriteria)
        .values({ courseId: data.courseId, position: i + 1, name })
        .onConflictDoUpdate({ target: [courseCriteria.courseId, courseCriteria.position], set: { name: sql`excluded.name` } });
    }
  });
  return courseCriteriaOf(db, data.courseId);
}

/**
 * The teacher's feedback on one child's work: a comment (screened before the family reads it) and
 * a mark from 1 to 4 on each of the course's criteria. Written again, it replaces the earlier one.
 * The family is told by email (homework.feedback-returned, in the same transaction).
 */
export async function returnFeedback(
  db: Database,
  actor: Actor | null,
  input: FeedbackInput,
  now = new Date(),
): Promise<{ isMasked: boolean }> {
  authorize(actor, "homework.teach");
  const data = parseInput(feedbackInput, input);
  const [row] = await db
    .select({ sectionId: homeworkTasks.sectionId, courseId: sections.courseId })
    .from(homeworkSubmissions)
    .innerJoin(homeworkTasks, eq(homeworkTasks.id, homeworkSubmissions.taskId))
    .innerJoin(sections, eq(sections.id, homeworkTasks.sectionId))
    .where(eq(homeworkSubmissions.id, data.submissionId));
  if (!row) throw new AppError("not-found", M.submissionNotFound);
  await taughtSection(db, actor, row.sectionId);
  const criteria = await courseCriteriaOf(db, row.courseId);
  const known = new Set(criteria.map((c) => c.id));
  if (data.marks.some((m) => !known.has(m.criterionId))) throw new AppError("invalid", M.unknownCriterion);
  const given = new Set(data.marks.map((m) => m.criterionId));
  if (given.size !== data.marks.length || given.size !== known.size)
    throw new AppError("invalid", M.markMissing, { fieldErrors: { marks: M.markMissing } });
  // Issue 40: with the admins' link allow-list, as every shared text (lib/platform/security/screen.ts).
  const comment = await screenShared(db, data.comment);
  return db.transaction(async (tx) => {
    await tx
      .insert(homeworkFeedback)
      .values({
        submissionId: data.submissionId,
        comment: comment.text.slice(0, HOMEWORK_LIMITS.comment),
        originalComment: comment.isFlagged ? data.comment : null,
        flagged: comment.isFlagged,
        teacherId: actor.id,
        returnedAt: now,
      })
      .onConflictDoUpdate({
        target: homeworkFeedback.submissionId,
        set: {
          comment: sql`excluded.comment`,
          originalComment: sql`excluded.original_comment`,
          flagged: sql`excluded.flagged`,
          teacherId: sql`excluded.teacher_id`,
          returnedAt: sql`excluded.returned_at`,
        },
      });
    await tx.delete(homeworkMarks).where(eq(homeworkMarks.submissionId, data.submissionId));
    if (data.marks.length > 0) await tx.insert(homeworkMarks).values(data.marks.map((m) => ({ submissionId: data.submissionId, ...m })));
    await emit(tx, homeworkFeedbackReturned, { submissionId: data.submissionId, version: now.toISOString() });
    return { isMasked: comment.isMasked };
  });
}
