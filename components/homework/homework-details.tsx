import { MARK_MAX, MARK_WORDS } from "@/lib/homework/limits";
import type { FeedbackView, LearnerHomeworkItem, SubmissionView } from "@/lib/homework/views";
import { formatInstantInZone } from "@/lib/scheduling/time";

/** Where a handed-in file is read (its child's parent, the section's teacher, an admin). */
export const homeworkFileHref = (fileId: number) => `/api/homework/files/${fileId}`;

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** What was handed in: the answer, the link, the files, when (late marked so). */
export function SubmissionDetails({ submission, timezone }: { submission: SubmissionView; timezone: string }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        Handed in <time dateTime={submission.submittedAt}>{formatInstantInZone(submission.submittedAt, timezone)}</time>
        {submission.isLate ? <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">Late</span> : null}
      </p>
      {submission.text ? <p className="whitespace-pre-line text-slate-900">{submission.text}</p> : null}
      {submission.link ? (
        <p>
          <a
            href={submission.link}
            rel="noopener noreferrer nofollow"
            target="_blank"
            className="text-brand-700 underline underline-offset-4"
          >
            {submission.link}
          </a>
        </p>
      ) : null}
      {submission.files.length > 0 ? (
        <ul className="list-disc pl-5">
          {submission.files.map((file) => (
            <li key={file.id}>
              <a href={homeworkFileHref(file.id)} className="text-brand-700 underline underline-offset-4">
                {file.name}
              </a>{" "}
              <span className="text-sm text-slate-700">
                ({file.mediaType === "application/pdf" ? "PDF" : "picture"}, {kilobytes(file.byteSize)})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The teacher's feedback: the marks with their words, and the comment. */
export function FeedbackDetails({ feedback, timezone }: { feedback: FeedbackView; timezone: string }) {
  return (
    <div className="space-y-2 rounded-lg border border-green-200 bg-green-50 p-3">
      <p className="font-semibold text-slate-900">
        Feedback, <time dateTime={feedback.returnedAt}>{formatInstantInZone(feedback.returnedAt, timezone)}</time>
      </p>
      {feedback.marks.length > 0 ? (
        <ul className="space-y-1">
          {feedback.marks.map((m) => (
            <li key={m.criterion}>
              <span className="font-semibold">{m.criterion}:</span> {m.mark} of {MARK_MAX} ({MARK_WORDS[m.mark]})
            </li>
          ))}
        </ul>
      ) : null}
      <p className="whitespace-pre-line text-slate-900">{feedback.comment}</p>
    </div>
  );
}

/**
 * One child's homework as a list: to do and done, each due time in the viewer's zone with the zone
 * named, its state, and a link to its page (the parent's, or later the child's own).
 */
export function LearnerHomeworkList({
  items,
  timezone,
  hrefOf,
  now = new Date(),
}: {
  items: LearnerHomeworkItem[];
  timezone: string;
  hrefOf: (item: LearnerHomeworkItem) => string;
  now?: Date;
}) {
  if (items.length === 0) return <p className="text-slate-700">No homework yet.</p>;
  return (
    <ul className="space-y-3">
      {items.map((item) => {
        const state = item.submission?.feedback
          ? "Feedback returned"
          : item.submission
            ? item.submission.isLate
              ? "Handed in late"
              : "Handed in"
            : new Date(item.dueAt).getTime() < now.getTime()
              ? "Overdue: late work is still taken"
              : "To do";
        return (
          <li key={`${item.taskId}-${item.learnerId}`} className="rounded-xl border border-slate-200 p-4">
            <p className="font-semibold text-slate-900">
              <a href={hrefOf(item)} className="text-brand-700 underline underline-offset-4">
                {item.title}
              </a>{" "}
              <span className="font-normal text-slate-700">
                · {item.courseTitle} · {item.learnerFirstName}
              </span>
            </p>
            <p className="text-sm text-slate-700">
              Due <time dateTime={item.dueAt}>{formatInstantInZone(item.dueAt, timezone)}</time> ·{" "}
              <span className="font-semibold">{state}</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
