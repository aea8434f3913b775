import "server-only";

import { and, asc, eq, inArray } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import type { Database } from "@/lib/platform/db/client";
import {
  bookings,
  courseCriteria,
  courses,
  homeworkFeedback,
  homeworkFiles,
  homeworkMarks,
  homeworkSubmissions,
  homeworkTasks,
  learners,
  sections,
} from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";

import { courseCriteriaOf, type Criterion } from "./feedback";
import { fileStore } from "./file-store";
import { HOMEWORK_MESSAGES as M } from "./messages";
import { seatedLearners, taughtSection } from "./sections";
import { homeworkSessionChoices, sectionTasks, type HomeworkTask } from "./tasks";

export interface HandedInFile {
  id: number;
  name: string;
  mediaType: string;
  byteSize: number;
}

export interface SubmissionView {
  id: number;
  text: string;
  link: string | null;
  isLate: boolean;
  submittedAt: string;
  files: HandedInFile[];
  feedback: FeedbackView | null;
}

export interface FeedbackView {
  comment: string;
  returnedAt: string;
  marks: Array<{ criterion: string; mark: number }>;
}

/** One task as a child (and their parent) sees it, with what the child handed in and what came back. */
export interface LearnerHomeworkItem {
  taskId: number;
  sectionId: number;
  learnerId: number;
  learnerFirstName: string;
  courseTitle: string;
  title: string;
  instructions: string;
  resourceUrl: string | null;
  dueAt: string;
  sessionStartsAt: string;
  submission: SubmissionView | null;
}

/** The submissions (with files, feedback and marks) of these tasks, by `${taskId}|${learnerId}`. */
async function submissionsOf(db: Pick<Database, "select">, taskIds: number[], learnerIds?: number[]): Promise<Map<string, SubmissionView>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .select({ submission: homeworkSubmissions, feedback: homeworkFeedback })
    .from(homeworkSubmissions)
    .leftJoin(homeworkFeedback, eq(homeworkFeedback.submissionId, homeworkSubmissions.id))
    .where(and(inArray(homeworkSubmissions.taskId, taskIds), learnerIds ? inArray(homeworkSubmissions.learnerId, learnerIds) : undefined));
  const ids = rows.map((r) => r.submission.id);
  const [files, marks] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              id: homeworkFiles.id,
              submissionId: homeworkFiles.submissionId,
              name: homeworkFiles.name,
              mediaType: homeworkFiles.mediaType,
              byteSize: homeworkFiles.byteSize,
            })
            .from(homeworkFiles)
            .where(inArray(homeworkFiles.submissionId, ids))
            .orderBy(asc(homeworkFiles.id)),
          db
            .select({
              submissionId: homeworkMarks.submissionId,
              criterion: courseCriteria.name,
              position: courseCriteria.position,
              mark: homeworkMarks.mark,
            })
            .from(homeworkMarks)
            .innerJoin(courseCriteria, eq(courseCriteria.id, homeworkMarks.criterionId))
            .where(inArray(homeworkMarks.submissionId, ids))
            .orderBy(asc(courseCriteria.position)),
        ]);
  const views = new Map<string, SubmissionView>();
  for (const { submission, feedback } of rows) {
    views.set(`${submission.taskId}|${submission.learnerId}`, {
      id: submission.id,
      text: submission.text,
      link: submission.link,
      isLate: submission.isLate,
      submittedAt: submission.submittedAt.toISOString(),
      files: files.filter((f) => f.submissionId === submission.id).map(({ submissionId: _, ...file }) => file),
      feedback: feedback
        ? {
            comment: feedback.comment,
            returnedAt: feedback.returnedAt.toISOString(),
            marks: marks.filter((m) => m.submissionId === submission.id).map(({ criterion, mark }) => ({ criterion, mark })),
          }
        : null,
    });
  }
  return views;
}

function itemOf(
  task: HomeworkTask,
  learner: { learnerId: number; firstName: string },
  courseTitle: string,
  submission: SubmissionView | null,
): LearnerHomeworkItem {
  return {
    taskId: task.id,
    sectionId: task.sectionId,
    learnerId: learner.learnerId,
    learnerFirstName: learner.firstName,
    courseTitle,
    title: task.title,
    instructions: task.instructions,
    resourceUrl: task.resourceUrl,
    dueAt: task.dueAt.toISOString(),
    sessionStartsAt: task.sessionStartsAt.toISOString(),
    submission,
  };
}

/**
 * The homework of one child: every task of the sections they have a confirmed seat in, with their
 * hand-in and its feedback; the ones still to do first (soonest due), then the rest (newest first).
 * For the parent's courses page and the child's own space: the caller has checked who may read it.
 */
export async function learnerHomework(db: Pick<Database, "select" | "selectDistinct">, learnerId: number): Promise<LearnerHomeworkItem[]> {
  const seats = await db
    .selectDistinct({ sectionId: bookings.sectionId, firstName: learners.firstName, courseTitle: courses.title })
    .from(bookings)
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .innerJoin(sections, eq(sections.id, bookings.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(eq(bookings.learnerId, learnerId), eq(bookings.kind, "seat"), eq(bookings.status, "confirmed")));
  const sectionIds = seats.map((s) => s.sectionId).filter((id): id is number => id !== null);
  const tasks = await sectionTasks(db, sectionIds);
  const submissions = await submissionsOf(
    db,
    tasks.map((t) => t.id),
    [learnerId],
  );
  const items = tasks.map((task) => {
    const seat = seats.find((s) => s.sectionId === task.sectionId)!;
    return itemOf(task, { learnerId, firstName: seat.firstName }, seat.courseTitle, submissions.get(`${task.id}|${learnerId}`) ?? null);
  });
  const todo = items.filter((i) => !i.submission).sort((a, b) => a.dueAt.localeCompare(b.dueAt));
  const done = items.filter((i) => i.submission).sort((a, b) => b.dueAt.localeCompare(a.dueAt));
  return [...todo, ...done];
}

/** The homework of every child of a parent, child by child (first name order). */
export async function familyHomework(db: Pick<Database, "select" | "selectDistinct">, parentId: number): Promise<LearnerHomeworkItem[]> {
  const children = await db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.parentId, parentId))
    .orderBy(asc(learners.firstName), asc(learners.id));
  const lists = await Promise.all(children.map((child) => learnerHomework(db, child.id)));
  return lists.flat();
}

/** One task of one child, when that child is this parent's; null otherwise (the same for none). */
export async function familyHomeworkItem(
  db: Pick<Database, "select" | "selectDistinct">,
  parentId: number,
  learnerId: number,
  taskId: number,
) {
  const [child] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(and(eq(learners.id, learnerId), eq(learners.parentId, parentId)));
  if (!child) return null;
  return (await learnerHomework(db, learnerId)).find((item) => item.taskId === taskId) ?? null;
}

export interface TeacherTaskView {
  task: HomeworkTask;
  /** Each seated child, with what they handed in. */
  learners: Array<{ learnerId: number; firstName: string; submission: SubmissionView | null }>;
}

export interface SectionHomeworkView {
  sectionId: number;
  courseId: number;
  courseTitle: string;
  startsOn: string;
  endsOn: string | null;
  timezone: string;
  criteria: Criterion[];
  /** The children with a confirmed seat, by first name. */
  learners: Array<{ learnerId: number; firstName: string }>;
  sessionChoices: string[];
  /** The session a new task is set on unless the teacher picks another: the latest started one. */
  defaultSession: string | undefined;
  tasks: TeacherTaskView[];
}

/** A section's homework as its teacher (or an admin) works on it: criteria, tasks and every child's hand-in. */
export async function sectionHomework(
  db: Database,
  actor: Actor | null,
  sectionId: number,
  now = new Date(),
): Promise<SectionHomeworkView> {
  const section = await taughtSection(db, actor, sectionId);
  const [criteria, seated, tasks] = await Promise.all([
    courseCriteriaOf(db, section.courseId),
    seatedLearners(db, section.id),
    sectionTasks(db, [section.id]),
  ]);
  const submissions = await submissionsOf(
    db,
    tasks.map((t) => t.id),
  );
  const sessionChoices = homeworkSessionChoices(section, now);
  return {
    sectionId: section.id,
    courseId: section.courseId,
    courseTitle: section.courseTitle,
    startsOn: section.startsOn,
    endsOn: section.endsOn,
    timezone: section.timezone,
    criteria,
    learners: seated.map(({ learnerId, firstName }) => ({ learnerId, firstName })),
    sessionChoices,
    defaultSession: [...sessionChoices].reverse().find((s) => new Date(s).getTime() <= now.getTime()) ?? sessionChoices[0],
    tasks: tasks.map((task) => ({
      task,
      learners: seated.map((l) => ({
        learnerId: l.learnerId,
        firstName: l.firstName,
        submission: submissions.get(`${task.id}|${l.learnerId}`) ?? null,
      })),
    })),
  };
}

/**
 * A handed-in file, for its child's parent, the section's teacher or an admin; the same not-found
 * for anyone else as for no such file.
 */
export async function readHomeworkFile(db: Database, actor: Actor | null, fileId: number) {
  if (!actor) throw new AppError("unauthenticated", "Please sign in first.");
  const [row] = await db
    .select({
      name: homeworkFiles.name,
      mediaType: homeworkFiles.mediaType,
      storedFileId: homeworkFiles.storedFileId,
      parentId: learners.parentId,
      teacherId: sections.teacherId,
    })
    .from(homeworkFiles)
    .innerJoin(homeworkSubmissions, eq(homeworkSubmissions.id, homeworkFiles.submissionId))
    .innerJoin(learners, eq(learners.id, homeworkSubmissions.learnerId))
    .innerJoin(homeworkTasks, eq(homeworkTasks.id, homeworkSubmissions.taskId))
    .innerJoin(sections, eq(sections.id, homeworkTasks.sectionId))
    .where(eq(homeworkFiles.id, fileId));
  const allowed = row && (actor.role === "admin" || row.parentId === actor.id || (actor.role === "teacher" && row.teacherId === actor.id));
  if (!row || !allowed) throw new AppError("not-found", M.fileNotFound);
  const stored = await fileStore.get(db, row.storedFileId);
  if (!stored) throw new AppError("not-found", M.fileNotFound);
  return { name: row.name, mediaType: stored.mediaType, bytes: stored.bytes };
}
