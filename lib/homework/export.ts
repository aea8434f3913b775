import "server-only";

import { asc, eq, inArray } from "drizzle-orm";

import type { Transaction } from "@/lib/platform/db/client";
import {
  certificates,
  courseCriteria,
  homeworkFeedback,
  homeworkFiles,
  homeworkMarks,
  homeworkSubmissions,
  homeworkTasks,
  progressReports,
  storedFiles,
} from "@/lib/platform/db/schema";

/**
 * Everything homework holds about these children, for their parent's data export: each hand-in as
 * it was typed, with its files (their bytes as base64: the work is the child's), the feedback and
 * marks it got, the progress reports and the certificates.
 */
export async function learnersHomeworkRecords(tx: Transaction, learnerIds: number[]) {
  if (learnerIds.length === 0) return { submissions: [], progressReports: [], certificates: [] };
  const submissions = await tx
    .select({
      id: homeworkSubmissions.id,
      learnerId: homeworkSubmissions.learnerId,
      task: homeworkTasks.title,
      dueAt: homeworkTasks.dueAt,
      text: homeworkSubmissions.text,
      originalText: homeworkSubmissions.originalText,
      link: homeworkSubmissions.link,
      heldLink: homeworkSubmissions.heldLink,
      isLate: homeworkSubmissions.isLate,
      submittedAt: homeworkSubmissions.submittedAt,
      feedback: homeworkFeedback.comment,
      feedbackReturnedAt: homeworkFeedback.returnedAt,
    })
    .from(homeworkSubmissions)
    .innerJoin(homeworkTasks, eq(homeworkTasks.id, homeworkSubmissions.taskId))
    .leftJoin(homeworkFeedback, eq(homeworkFeedback.submissionId, homeworkSubmissions.id))
    .where(inArray(homeworkSubmissions.learnerId, learnerIds))
    .orderBy(asc(homeworkSubmissions.submittedAt));
  const ids = submissions.map((s) => s.id);
  const [files, marks] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          tx
            .select({
              submissionId: homeworkFiles.submissionId,
              name: homeworkFiles.name,
              mediaType: homeworkFiles.mediaType,
              content: storedFiles.content,
            })
            .from(homeworkFiles)
            .innerJoin(storedFiles, eq(storedFiles.id, homeworkFiles.storedFileId))
            .where(inArray(homeworkFiles.submissionId, ids)),
          tx
            .select({ submissionId: homeworkMarks.submissionId, criterion: courseCriteria.name, mark: homeworkMarks.mark })
            .from(homeworkMarks)
            .innerJoin(courseCriteria, eq(courseCriteria.id, homeworkMarks.criterionId))
            .where(inArray(homeworkMarks.submissionId, ids)),
        ]);
  const reports = await tx
    .select({
      learnerId: progressReports.learnerId,
      sectionId: progressReports.sectionId,
      periodEndsOn: progressReports.periodEndsOn,
      comment: progressReports.comment,
      nextStep: progressReports.nextStep,
      createdAt: progressReports.createdAt,
    })
    .from(progressReports)
    .where(inArray(progressReports.learnerId, learnerIds));
  const issued = await tx
    .select({
      id: certificates.id,
      learnerId: certificates.learnerId,
      courseTitle: certificates.courseTitle,
      teacherFirstName: certificates.teacherFirstName,
      completedOn: certificates.completedOn,
      issuedAt: certificates.issuedAt,
    })
    .from(certificates)
    .where(inArray(certificates.learnerId, learnerIds));
  return {
    submissions: submissions.map(({ id, originalText, text, heldLink, link, ...rest }) => ({
      ...rest,
      // What the family typed, as typed (the teacher read it screened).
      text: originalText ?? text,
      link: heldLink ?? link,
      marks: marks.filter((m) => m.submissionId === id).map(({ criterion, mark }) => ({ criterion, mark })),
      files: files
        .filter((f) => f.submissionId === id)
        .map((f) => ({ name: f.name, mediaType: f.mediaType, contentBase64: f.content.toString("base64") })),
    })),
    progressReports: reports,
    certificates: issued,
  };
}
