import Link from "next/link";
import { notFound, redirect } from "next/navigation";

import { HandInForm } from "@/components/homework/hand-in-form";
import { FeedbackDetails, SubmissionDetails } from "@/components/homework/homework-details";
import { familyHomeworkItem } from "@/lib/homework/views";
import { currentLearner } from "@/lib/learner-access/session";
import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import { getDb } from "@/lib/platform/db/client";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { zoneLabel } from "@/lib/scheduling/zone-name";

import { handInAsChildAction } from "../../homework-actions";

export const metadata = { title: "My homework" };

/**
 * One task, for the child signed in: what to do, by when (the family's clock), what they handed in,
 * the teacher's feedback, and the hand-in form until it is marked. Only the child's own tasks exist here.
 */
export default async function LearnerHomeworkPage({ params }: { params: Promise<{ taskId: string }> }) {
  const learner = await currentLearner();
  if (!learner) redirect("/kids");
  const { taskId } = await params;
  if (!/^\d{1,9}$/.test(taskId)) notFound();
  const item = await familyHomeworkItem(await getDb(), learner.parentId, learner.learnerId, Number(taskId));
  if (!item) notFound();
  const zone = learner.timezone ?? FALLBACK_TIMEZONE;
  const submission = item.submission;
  return (
    <>
      <p className="mb-3">
        <Link href="/learn" className="text-lg text-brand-700 underline underline-offset-4">
          Back to my classes
        </Link>
      </p>
      <h1 className="text-3xl font-extrabold text-slate-900">{item.title}</h1>
      <p className="mt-1 text-lg text-slate-800">{item.courseTitle}</p>
      <p className="mt-3 text-lg text-slate-900">
        Due <time dateTime={item.dueAt}>{formatInstantInZone(item.dueAt, zone)}</time>
      </p>
      <p className="text-slate-800">Times are {zoneLabel(zone)}. Late work is OK.</p>
      <section aria-labelledby="what-to-do" className="mt-6">
        <h2 id="what-to-do" className="mb-2 text-2xl font-bold text-slate-900">
          What to do
        </h2>
        <p className="text-lg whitespace-pre-line text-slate-900">{item.instructions}</p>
        {item.resourceUrl ? (
          <p className="mt-2">
            <a
              href={item.resourceUrl}
              rel="noopener noreferrer"
              target="_blank"
              className="text-lg text-brand-700 underline underline-offset-4"
            >
              {item.resourceUrl}
            </a>
          </p>
        ) : null}
      </section>
      {submission ? (
        <section aria-labelledby="my-work" className="mt-8 space-y-4">
          <h2 id="my-work" className="text-2xl font-bold text-slate-900">
            My work
          </h2>
          <SubmissionDetails submission={submission} timezone={zone} />
          {submission.feedback ? (
            <FeedbackDetails feedback={submission.feedback} timezone={zone} />
          ) : (
            <p className="text-lg text-slate-800">Your teacher will write back soon.</p>
          )}
        </section>
      ) : null}
      {submission?.feedback ? null : (
        <section aria-labelledby="hand-in" className="mt-8 max-w-xl">
          <h2 id="hand-in" className="mb-3 text-2xl font-bold text-slate-900">
            {submission ? "Hand in again" : "Hand in"}
          </h2>
          <HandInForm
            childName={item.learnerFirstName}
            isAgain={Boolean(submission)}
            action={handInAsChildAction.bind(null, item.taskId)}
          />
        </section>
      )}
    </>
  );
}
