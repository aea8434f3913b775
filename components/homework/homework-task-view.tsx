import Link from "next/link";

import type { LearnerHomeworkItem } from "@/lib/homework/views";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { HandInForm } from "./hand-in-form";
import { FeedbackDetails, SubmissionDetails } from "./homework-details";

/** What differs between the parent's page of a task and the child's own: the words and the size of the type. */
export interface HomeworkTaskWording {
  back: { href: string; label: string };
  /** Under the title: the course (and, for the parent, which child). */
  subtitle: string;
  /** After the due time: the zone named, and that late work is taken. */
  zoneNote: string;
  handedInHeading: string;
  waitingForFeedback: string;
  handInHeading: string;
  handInAgainHeading: string;
}

/** The child's pages read larger (SPEC: made for children: large targets, readable at grade 2). */
const SIZES = {
  "grown-up": { back: "", subtitle: "text-slate-700", due: "text-slate-900", note: "text-sm text-slate-700", h2: "text-xl", body: "" },
  child: {
    back: "text-lg",
    subtitle: "text-lg text-slate-800",
    due: "text-lg text-slate-900",
    note: "text-slate-800",
    h2: "text-2xl",
    body: "text-lg",
  },
} as const;

/**
 * One homework task of one child: what to do and by when (in the family's zone, named), what was
 * handed in, the teacher's feedback, and the hand-in form until it is marked. The parent's page
 * (/my-courses/homework/{task}) and the child's own (/learn/homework/{task}) are this view with
 * their own words, size and hand-in action (the parent's names the child; the child's is the
 * signed-in child).
 */
export function HomeworkTaskView({
  item,
  timezone,
  wording,
  size,
  handIn,
}: {
  item: LearnerHomeworkItem;
  timezone: string;
  wording: HomeworkTaskWording;
  size: keyof typeof SIZES;
  handIn: (data: FormData) => Promise<ActionResult>;
}) {
  const s = SIZES[size];
  const submission = item.submission;
  return (
    <>
      <p className={size === "child" ? "mb-3" : "mb-2"}>
        <Link href={wording.back.href} className={`${s.back} text-brand-700 underline underline-offset-4`.trim()}>
          {wording.back.label}
        </Link>
      </p>
      <h1 className="text-3xl font-extrabold text-slate-900">{item.title}</h1>
      <p className={`mt-1 ${s.subtitle}`}>{wording.subtitle}</p>
      <p className={`mt-3 ${s.due}`}>
        Due <time dateTime={item.dueAt}>{formatInstantInZone(item.dueAt, timezone)}</time>
      </p>
      <p className={s.note}>{wording.zoneNote}</p>
      <section aria-labelledby="what-to-do" className="mt-6">
        <h2 id="what-to-do" className={`mb-2 ${s.h2} font-bold text-slate-900`}>
          What to do
        </h2>
        <p className={`${s.body} whitespace-pre-line text-slate-900`.trim()}>{item.instructions}</p>
        {item.resourceUrl ? (
          <p className="mt-2">
            <a
              href={item.resourceUrl}
              rel="noopener noreferrer"
              target="_blank"
              className={`${s.body} text-brand-700 underline underline-offset-4`.trim()}
            >
              {item.resourceUrl}
            </a>
          </p>
        ) : null}
      </section>
      {submission ? (
        <section aria-labelledby="handed-in" className="mt-8 space-y-4">
          <h2 id="handed-in" className={`${s.h2} font-bold text-slate-900`}>
            {wording.handedInHeading}
          </h2>
          <SubmissionDetails submission={submission} timezone={timezone} />
          {submission.feedback ? (
            <FeedbackDetails feedback={submission.feedback} timezone={timezone} />
          ) : (
            <p className={`${s.body} ${size === "child" ? "text-slate-800" : "text-slate-700"}`.trim()}>{wording.waitingForFeedback}</p>
          )}
        </section>
      ) : null}
      {submission?.feedback ? null : (
        <section aria-labelledby="hand-in" className="mt-8 max-w-xl">
          <h2 id="hand-in" className={`mb-3 ${s.h2} font-bold text-slate-900`}>
            {submission ? wording.handInAgainHeading : wording.handInHeading}
          </h2>
          <HandInForm childName={item.learnerFirstName} isAgain={Boolean(submission)} action={handIn} />
        </section>
      )}
    </>
  );
}
