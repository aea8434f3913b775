import Link from "next/link";
import { notFound } from "next/navigation";

import { TeacherNav } from "@/components/dashboards/teacher-nav";
import { CriteriaForm } from "@/components/homework/criteria-form";
import { FeedbackForm } from "@/components/homework/feedback-form";
import { FeedbackDetails, SubmissionDetails } from "@/components/homework/homework-details";
import { ActionButton, ProgressReportForm } from "@/components/homework/progress-report-form";
import { certificatePdfHref } from "@/components/homework/progress-report";
import { SetHomeworkForm } from "@/components/homework/set-homework-form";
import { sectionCertificates } from "@/lib/homework/certificates";
import { reportPeriodsEnded, writtenReports } from "@/lib/homework/progress";
import { sectionHomework, type SectionHomeworkView } from "@/lib/homework/views";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors";
import { teacherTimezone } from "@/lib/scheduling/teacher-zone";
import { formatDate, formatInstantInZone, todayIn } from "@/lib/scheduling/time";
import { zoneLabel } from "@/lib/scheduling/zone-name";

import {
  issueCertificateAction,
  returnFeedbackAction,
  saveCriteriaAction,
  setHomeworkAction,
  writeProgressReportAction,
} from "../../homework-actions";

export const metadata = { title: "Homework and progress" };

/**
 * A teacher's homework for one of their sections: the course's criteria, setting a task on a
 * session, every child's hand-in with its feedback form, progress reports for ended periods and
 * certificates of completion.
 */
export default async function SectionHomeworkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const path = `/teacher/sections/${encodeURIComponent(id)}/homework`;
  const actor = await requirePagePermission("homework.teach", path);
  if (!/^\d{1,9}$/.test(id)) notFound();
  const db = await getDb();
  let view: SectionHomeworkView;
  try {
    view = await sectionHomework(db, actor, Number(id));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return (
      <>
        <h1 className="mb-6 text-3xl font-extrabold text-slate-900">Homework</h1>
        <p role="alert" className="text-red-700">
          {error.message}
        </p>
      </>
    );
  }
  const timezone = await teacherTimezone(actor.id);
  const [reports, certificates] = await Promise.all([writtenReports(db, view.sectionId), sectionCertificates(db, view.sectionId)]);
  const periods = reportPeriodsEnded(view, todayIn(view.timezone));
  const canCertify = !view.endsOn || view.endsOn <= todayIn(view.timezone);
  const sessions = view.sessionChoices.map((startsAt) => ({ value: startsAt, label: formatInstantInZone(startsAt, timezone) }));
  return (
    <>
      <h1 className="mb-2 text-3xl font-extrabold text-slate-900">Homework: {view.courseTitle}</h1>
      <TeacherNav current="/teacher/sections" isAdmin={actor.role === "admin"} />
      <p className="mt-4">
        <Link href={`/teacher/sections/${view.sectionId}/attendance`} className="text-brand-700 underline underline-offset-4">
          Attendance and session notes
        </Link>
      </p>

      <section aria-labelledby="criteria" className="mt-8 max-w-xl">
        <h2 id="criteria" className="mb-1 text-xl font-bold text-slate-900">
          What homework is marked on
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          Up to three criteria for this course, each marked 1 to 4. Every section of the course uses them.
        </p>
        <CriteriaForm names={view.criteria.map((c) => c.name)} action={saveCriteriaAction.bind(null, view.sectionId, view.courseId)} />
      </section>

      <section aria-labelledby="set-homework" className="mt-10 max-w-xl">
        <h2 id="set-homework" className="mb-3 text-xl font-bold text-slate-900">
          Set homework
        </h2>
        {sessions.length > 0 ? (
          <SetHomeworkForm
            sessions={sessions}
            defaultSession={view.defaultSession}
            zone={zoneLabel(timezone)}
            action={setHomeworkAction.bind(null, view.sectionId)}
          />
        ) : (
          <p className="text-slate-700">This section has no sessions in the last four or next eight weeks.</p>
        )}
      </section>

      <section aria-labelledby="homework-set" className="mt-10">
        <h2 id="homework-set" className="mb-3 text-xl font-bold text-slate-900">
          Homework set
        </h2>
        {view.tasks.length === 0 ? <p className="text-slate-700">None yet.</p> : null}
        <ul className="space-y-6">
          {view.tasks.map(({ task, learners }) => (
            <li key={task.id} className="rounded-xl border border-slate-200 p-4">
              <h3 className="text-lg font-bold text-slate-900">{task.title}</h3>
              <p className="text-sm text-slate-700">
                Session of {formatInstantInZone(task.sessionStartsAt, timezone)} · due{" "}
                <time dateTime={task.dueAt.toISOString()}>{formatInstantInZone(task.dueAt, timezone)}</time>
              </p>
              <p className="mt-2 whitespace-pre-line text-slate-900">{task.instructions}</p>
              {task.resourceUrl ? (
                <p className="mt-1">
                  <a
                    href={task.resourceUrl}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="text-brand-700 underline underline-offset-4"
                  >
                    {task.resourceUrl}
                  </a>
                </p>
              ) : task.heldResourceUrl ? (
                <p className="mt-1 text-sm text-amber-900">The link waits for our support team.</p>
              ) : null}
              <ul className="mt-4 space-y-4">
                {learners.map((learner) => (
                  <li
                    key={learner.learnerId}
                    className="border-t border-slate-200 pt-3"
                    aria-label={`${learner.firstName}'s work on ${task.title}`}
                  >
                    <h4 className="font-semibold text-slate-900">{learner.firstName}</h4>
                    {learner.submission ? (
                      <div className="mt-2 grid gap-4 md:grid-cols-2">
                        <div className="space-y-3">
                          <SubmissionDetails submission={learner.submission} timezone={timezone} />
                          {learner.submission.feedback ? (
                            <FeedbackDetails feedback={learner.submission.feedback} timezone={timezone} />
                          ) : null}
                        </div>
                        {view.criteria.length > 0 || learner.submission.feedback ? (
                          <FeedbackForm
                            formId={`feedback-${learner.submission.id}`}
                            childName={learner.firstName}
                            criteria={view.criteria}
                            given={
                              learner.submission.feedback
                                ? {
                                    comment: learner.submission.feedback.comment,
                                    marks: Object.fromEntries(learner.submission.feedback.marks.map((m) => [m.criterion, m.mark])),
                                  }
                                : null
                            }
                            action={returnFeedbackAction.bind(null, view.sectionId, learner.submission.id)}
                          />
                        ) : (
                          <p className="text-slate-700">Set the course&apos;s criteria above to mark it.</p>
                        )}
                      </div>
                    ) : (
                      <p className="text-sm text-slate-700">Not handed in yet.</p>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="progress" className="mt-10">
        <h2 id="progress" className="mb-1 text-xl font-bold text-slate-900">
          Progress reports
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          One per child at the end of the section{view.endsOn ? "" : " (this section has no end: one every six weeks)"}. Attendance,
          homework and marks are added for you; write how it went and one next step.
        </p>
        {periods.length === 0 ? <p className="text-slate-700">No period has ended yet.</p> : null}
        {periods.map((periodEndsOn) => (
          <div key={periodEndsOn} className="mb-6">
            <h3 className="mb-2 font-bold text-slate-900">Period to {formatDate(periodEndsOn)}</h3>
            <ul className="space-y-4">
              {view.learners.map((learner) => (
                <li key={learner.learnerId} className="max-w-xl">
                  {reports.has(`${learner.learnerId}|${periodEndsOn}`) ? (
                    <p className="text-sm text-green-800">Written for {learner.firstName}; saving again replaces it.</p>
                  ) : null}
                  <ProgressReportForm
                    formId={`report-${periodEndsOn}-${learner.learnerId}`}
                    childName={learner.firstName}
                    action={writeProgressReportAction.bind(null, view.sectionId, learner.learnerId, periodEndsOn)}
                  />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>

      <section aria-labelledby="certificates" className="mt-10 mb-10">
        <h2 id="certificates" className="mb-3 text-xl font-bold text-slate-900">
          Certificates of completion
        </h2>
        {!canCertify && view.endsOn ? (
          <p className="text-slate-700">Certificates can be issued once the section ends on {formatDate(view.endsOn)}.</p>
        ) : null}
        <ul className="space-y-2">
          {view.learners.map((learner) => {
            const issued = certificates.get(learner.learnerId);
            return (
              <li key={learner.learnerId}>
                {learner.firstName}:{" "}
                {issued ? (
                  <a href={certificatePdfHref(issued)} className="font-semibold text-brand-700 underline underline-offset-4">
                    Certificate (PDF)
                  </a>
                ) : canCertify ? (
                  <ActionButton
                    label={`Issue ${learner.firstName}'s certificate`}
                    action={issueCertificateAction.bind(null, view.sectionId, learner.learnerId)}
                  />
                ) : (
                  "not yet"
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
