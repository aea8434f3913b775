import Link from "next/link";
import { notFound } from "next/navigation";

import { HandInForm } from "@/components/homework/hand-in-form";
import { FeedbackDetails, SubmissionDetails } from "@/components/homework/homework-details";
import { familyHomeworkItem } from "@/lib/homework/views";
import { requireUser } from "@/lib/platform/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { zoneLabel } from "@/lib/scheduling/zone-name";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";

import { handInAction } from "../../homework-actions";

export const metadata = { title: "Homework" };

/**
 * One task of one child (?learner=ID), for their parent: what to do and by when (in the family's
 * zone), what was handed in, the teacher's feedback, and the hand-in form until it is marked.
 * Another family's child, or a task of a section the child has no seat in, is not found.
 */
export default async function HomeworkPage({
  params,
  searchParams,
}: {
  params: Promise<{ taskId: string }>;
  searchParams: Promise<{ learner?: string }>;
}) {
  const { taskId } = await params;
  const { learner } = await searchParams;
  const user = await requireUser(`/my-courses/homework/${encodeURIComponent(taskId)}`);
  if (!/^\d{1,9}$/.test(taskId) || typeof learner !== "string" || !/^\d{1,9}$/.test(learner)) notFound();
  const db = await getDb();
  const [item, storedZone] = await Promise.all([
    familyHomeworkItem(db, user.databaseId, Number(learner), Number(taskId)),
    findUserTimezone(user.databaseId),
  ]);
  if (!item) notFound();
  const timezone = storedZone ?? FALLBACK_TIMEZONE;
  const submission = item.submission;
  return (
    <>
      <p className="mb-2">
        <Link href="/my-courses#homework" className="text-brand-700 underline underline-offset-4">
          Back to My courses
        </Link>
      </p>
      <h1 className="text-3xl font-extrabold text-slate-900">{item.title}</h1>
      <p className="mt-1 text-slate-700">
        {item.courseTitle} · {item.learnerFirstName}
      </p>
      <p className="mt-3 text-slate-900">
        Due <time dateTime={item.dueAt}>{formatInstantInZone(item.dueAt, timezone)}</time>
      </p>
      <p className="text-sm text-slate-700">Times in {zoneLabel(timezone)}. Late work is still taken, marked late.</p>
      <section aria-labelledby="instructions" className="mt-6">
        <h2 id="instructions" className="mb-2 text-xl font-bold text-slate-900">
          What to do
        </h2>
        <p className="whitespace-pre-line text-slate-900">{item.instructions}</p>
        {item.resourceUrl ? (
          <p className="mt-2">
            <a href={item.resourceUrl} rel="noopener noreferrer" target="_blank" className="text-brand-700 underline underline-offset-4">
              {item.resourceUrl}
            </a>
          </p>
        ) : null}
      </section>
      {submission ? (
        <section aria-labelledby="handed-in" className="mt-8 space-y-4">
          <h2 id="handed-in" className="text-xl font-bold text-slate-900">
            Handed in
          </h2>
          <SubmissionDetails submission={submission} timezone={timezone} />
          {submission.feedback ? (
            <FeedbackDetails feedback={submission.feedback} timezone={timezone} />
          ) : (
            <p className="text-slate-700">Waiting for the teacher&apos;s feedback.</p>
          )}
        </section>
      ) : null}
      {submission?.feedback ? null : (
        <section aria-labelledby="hand-in" className="mt-8 max-w-xl">
          <h2 id="hand-in" className="mb-3 text-xl font-bold text-slate-900">
            {submission ? "Hand in again (replaces the work above)" : `Hand in for ${item.learnerFirstName}`}
          </h2>
          <HandInForm
            childName={item.learnerFirstName}
            isAgain={Boolean(submission)}
            action={handInAction.bind(null, item.taskId, item.learnerId)}
          />
        </section>
      )}
    </>
  );
}
