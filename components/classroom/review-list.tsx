import { LocalTime } from "@/components/demo/local-time";
import { ReportLink } from "@/components/safety/report-link";
import type { PublicReview } from "@/lib/classroom/reviews";
import { formatInstant, MONTH_FORMAT } from "@/lib/scheduling/zone-name";

/**
 * Issue 29: what parents wrote, once support approved it, newest first: the rating, the comment and
 * the child's first name and grade (nothing else of the family). Its month is the viewer's (issue
 * 41, one clock; the page is public and cached, so the browser reads it), the zone named; UTC, named,
 * until the browser has.
 */
export function ReviewList({ reviews, showCourse = false }: { reviews: PublicReview[]; showCourse?: boolean }) {
  if (reviews.length === 0) return <p className="mt-3 text-slate-700">No reviews with comments yet.</p>;
  return (
    <ul className="mt-4 space-y-4">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="review">
          <p className="text-sm text-slate-800">
            <span aria-hidden="true" className="text-amber-700">
              {"★".repeat(review.rating)}
              {"☆".repeat(5 - review.rating)}
            </span>
            <span className="sr-only">{review.rating} out of 5</span>
            {showCourse ? <span className="ml-2 font-semibold">{review.courseTitle}</span> : null}
          </p>
          <blockquote className="mt-2 text-slate-900">{review.comment}</blockquote>
          <p className="mt-2 text-sm text-slate-700">
            For {review.learnerFirstName}, grade {review.learnerGrade} ·{" "}
            <LocalTime
              instant={review.at}
              options={MONTH_FORMAT}
              fallback={formatInstant(new Date(review.at), "UTC", "en-US", MONTH_FORMAT)}
            />{" "}
            ·{" "}
            <ReportLink
              subjectType="review"
              subjectId={review.id}
              label="Report this review"
              className="text-red-800 underline underline-offset-4"
            />
          </p>
        </li>
      ))}
    </ul>
  );
}
