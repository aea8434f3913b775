import "server-only";

import { and, asc, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { DateTime } from "luxon";

import type { Actor } from "@/lib/platform/auth/permissions";
import type { Database } from "@/lib/platform/db/client";
import { attendance, courses, learners, progressReports, sections } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { textScreen } from "@/lib/platform/security/screen";
import { todayIn } from "@/lib/scheduling/time";

import { HOMEWORK_LIMITS } from "./limits";
import { HOMEWORK_MESSAGES as M } from "./messages";
import { progressReportInput, type ProgressReportInput } from "./schema";
import { isSeatedChildOf, taughtSection } from "./sections";
import { learnerHomework } from "./views";

/** A section without an end date is reported on every this many weeks from its start. */
export const REPORT_EVERY_WEEKS = 6;

/**
 * The last days of the periods a section's reports cover that have ended by `today` (yyyy-MM-dd in
 * the section's zone), oldest first: its end date, or every six weeks from its first day for a
 * section without one.
 */
export function reportPeriodsEnded(section: { startsOn: string; endsOn: string | null }, today: string): string[] {
  if (section.endsOn) return section.endsOn < today ? [section.endsOn] : [];
  const ends: string[] = [];
  const start = DateTime.fromISO(section.startsOn, { zone: "UTC" });
  for (let n = 1; n < 200; n += 1) {
    const end = start.plus({ weeks: REPORT_EVERY_WEEKS * n, days: -1 }).toISODate()!;
    if (end >= today) break;
    ends.push(end);
  }
  return ends;
}

/**
 * The teacher's report on one child for one ended period of a section they teach (an admin: any):
 * a comment and a next step, screened before the family reads them. Written again, it replaces
 * the earlier words.
 */
export async function writeProgressReport(db: Database, actor: Actor | null, input: ProgressReportInput, now = new Date()): Promise<void> {
  const data = parseInput(progressReportInput, input);
  const section = await taughtSection(db, actor, data.sectionId);
  if (!reportPeriodsEnded(section, todayIn(section.timezone, now)).includes(data.periodEndsOn))
    throw new AppError("invalid", M.reportNotDue);
  const [learner] = await db.select({ parentId: learners.parentId }).from(learners).where(eq(learners.id, data.learnerId));
  if (!learner || !(await isSeatedChildOf(db, learner.parentId, data.learnerId, section.id))) throw new AppError("invalid", M.notYourChild);
  // Issue 40: with the admins' link allow-list, as every shared text (lib/platform/security/screen.ts).
  const screen = await textScreen(db);
  const comment = screen(data.comment);
  const nextStep = screen(data.nextStep);
  const values = {
    comment: comment.text.slice(0, HOMEWORK_LIMITS.progressComment),
    nextStep: nextStep.text.slice(0, HOMEWORK_LIMITS.nextStep),
    flagged: comment.isFlagged || nextStep.isFlagged,
    authorId: actor!.id,
    createdAt: now,
  };
  await db
    .insert(progressReports)
    .values({ sectionId: section.id, learnerId: data.learnerId, periodEndsOn: data.periodEndsOn, ...values })
    .onConflictDoUpdate({ target: [progressReports.sectionId, progressReports.learnerId, progressReports.periodEndsOn], set: values });
}

export interface ProgressReport {
  id: number;
  sectionId: number;
  courseTitle: string;
  periodEndsOn: string;
  comment: string;
  nextStep: string;
  writtenAt: string;
  attendance: { present: number; late: number; absent: number };
  homework: { set: number; handedIn: number; late: number };
  /** Each marked piece of work in the period, oldest first: its title and marks. */
  marks: Array<{ title: string; dueAt: string; marks: Array<{ criterion: string; mark: number }> }>;
}

/**
 * A child's progress reports, newest first, each with the period's figures read as they are now:
 * attendance in the section up to the period's end, homework set and handed in, and the marks.
 */
export async function learnerProgress(db: Pick<Database, "select" | "selectDistinct">, learnerId: number): Promise<ProgressReport[]> {
  const reports = await db
    .select({ report: progressReports, courseTitle: courses.title })
    .from(progressReports)
    .innerJoin(sections, eq(sections.id, progressReports.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(progressReports.learnerId, learnerId))
    .orderBy(desc(progressReports.periodEndsOn), asc(progressReports.id));
  if (reports.length === 0) return [];
  const sectionIds = [...new Set(reports.map((r) => r.report.sectionId))];
  const [marks, homework] = await Promise.all([
    db
      .select({ sectionId: attendance.sectionId, status: attendance.status, at: attendance.sessionStartsAt })
      .from(attendance)
      .where(and(eq(attendance.learnerId, learnerId), inArray(attendance.sectionId, sectionIds))),
    learnerHomework(db, learnerId),
  ]);
  return reports.map(({ report, courseTitle }) => {
    // The period runs to the end of its last day; a day later covers it in every zone.
    const until = new Date(`${report.periodEndsOn}T00:00:00Z`).getTime() + 2 * 86_400_000;
    const inPeriod = (iso: string | Date) => new Date(iso).getTime() < until;
    const seen = marks.filter((m) => m.sectionId === report.sectionId && inPeriod(m.at));
    const tasks = homework.filter((h) => h.sectionId === report.sectionId && inPeriod(h.dueAt));
    return {
      id: report.id,
      sectionId: report.sectionId,
      courseTitle,
      periodEndsOn: report.periodEndsOn,
      comment: report.comment,
      nextStep: report.nextStep,
      writtenAt: report.createdAt.toISOString(),
      attendance: {
        present: seen.filter((m) => m.status === "present").length,
        late: seen.filter((m) => m.status === "late").length,
        absent: seen.filter((m) => m.status === "absent").length,
      },
      homework: {
        set: tasks.length,
        handedIn: tasks.filter((t) => t.submission).length,
        late: tasks.filter((t) => t.submission?.isLate).length,
      },
      marks: tasks
        .filter((t) => t.submission?.feedback)
        .sort((a, b) => a.dueAt.localeCompare(b.dueAt))
        .map((t) => ({ title: t.title, dueAt: t.dueAt, marks: t.submission!.feedback!.marks })),
    };
  });
}

/** Reports written for a parent's children in [since, until) (the weekly digest's "new"). */
export async function newFamilyReports(db: Pick<Database, "select">, parentId: number, since: Date, until: Date) {
  return db
    .select({
      learnerFirstName: learners.firstName,
      courseTitle: courses.title,
      periodEndsOn: progressReports.periodEndsOn,
      nextStep: progressReports.nextStep,
    })
    .from(progressReports)
    .innerJoin(learners, eq(learners.id, progressReports.learnerId))
    .innerJoin(sections, eq(sections.id, progressReports.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(eq(learners.parentId, parentId), gte(progressReports.createdAt, since), lt(progressReports.createdAt, until)))
    .orderBy(asc(learners.firstName));
}

/** Which of a section's seated children have a report for each ended period (the teacher's list of reports to write). */
export async function writtenReports(db: Pick<Database, "select">, sectionId: number): Promise<Set<string>> {
  const rows = await db
    .select({ learnerId: progressReports.learnerId, periodEndsOn: progressReports.periodEndsOn })
    .from(progressReports)
    .where(eq(progressReports.sectionId, sectionId));
  return new Set(rows.map((r) => `${r.learnerId}|${r.periodEndsOn}`));
}
