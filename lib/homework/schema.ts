import { z } from "@/lib/platform/zod";

import { HOMEWORK_LIMITS, MARK_MAX, MARK_MIN } from "./limits";
import { HOMEWORK_MESSAGES as M } from "./messages";

const id = z.coerce.number().int().positive();
const webAddress = z
  .string()
  .trim()
  .max(HOMEWORK_LIMITS.resourceUrl, M.urlTooLong)
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), M.urlInvalid)
  .default("");

export const setHomeworkInput = z.object({
  sectionId: id,
  sessionStartsAt: z.iso.datetime({ offset: true, error: M.noSuchSession }),
  title: z.string().trim().min(1, M.titleRequired).max(HOMEWORK_LIMITS.title, M.titleTooLong),
  instructions: z.string().trim().min(1, M.instructionsRequired).max(HOMEWORK_LIMITS.instructions, M.instructionsTooLong),
  /** The due wall time in the teacher's zone, as a datetime-local input gives it: 2026-12-03T17:00. */
  dueLocal: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, M.dueInvalid),
  resourceUrl: webAddress,
});
export type SetHomeworkInput = z.input<typeof setHomeworkInput>;

export const handInInput = z.object({
  taskId: id,
  learnerId: id,
  text: z.string().trim().max(HOMEWORK_LIMITS.text, M.textTooLong).default(""),
  link: webAddress,
});
export type HandInInput = z.input<typeof handInInput>;

const mark = z.coerce.number({ error: M.markInvalid }).int(M.markInvalid).min(MARK_MIN, M.markInvalid).max(MARK_MAX, M.markInvalid);

export const feedbackInput = z.object({
  submissionId: id,
  comment: z.string().trim().min(1, M.commentRequired).max(HOMEWORK_LIMITS.comment, M.commentTooLong),
  marks: z.array(z.object({ criterionId: id, mark })).max(HOMEWORK_LIMITS.criteria),
});
export type FeedbackInput = z.input<typeof feedbackInput>;

export const criteriaInput = z.object({
  courseId: id,
  names: z
    .array(z.string().trim().max(HOMEWORK_LIMITS.criterion, M.criterionTooLong))
    .max(HOMEWORK_LIMITS.criteria, M.tooManyCriteria)
    .transform((names) => names.filter((name) => name !== "")),
});
export type CriteriaInput = z.input<typeof criteriaInput>;

export const progressReportInput = z.object({
  sectionId: id,
  learnerId: id,
  periodEndsOn: z.iso.date({ error: M.reportNotDue }),
  comment: z.string().trim().min(1, M.progressCommentRequired).max(HOMEWORK_LIMITS.progressComment, M.progressCommentTooLong),
  nextStep: z.string().trim().min(1, M.nextStepRequired).max(HOMEWORK_LIMITS.nextStep, M.nextStepTooLong),
});
export type ProgressReportInput = z.input<typeof progressReportInput>;
