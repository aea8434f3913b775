import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import type { PendingReview } from "@/lib/classroom/reviews";

/** Support's queue of parents' reviews: approve (shown on the course page) or reject. */
export function ReviewModeration({ reviews, action }: { reviews: PendingReview[]; action: FormAction }) {
  return (
    <section aria-labelledby="reviews-to-moderate" className="mt-10">
      <h2 id="reviews-to-moderate" className="mb-3 text-xl font-bold text-slate-900">
        Reviews to moderate
      </h2>
      {reviews.length === 0 ? (
        <p className="text-slate-700">No reviews are waiting.</p>
      ) : (
        <ul className="space-y-3">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-xl border border-slate-200 p-4">
              <p className="font-semibold text-slate-900">
                {review.courseTitle}: {review.rating} of 5 (for {review.learnerFirstName})
              </p>
              <p className="mt-1 whitespace-pre-line text-slate-800">{review.comment || "No comment."}</p>
              <ActionForm action={action} className="mt-3 flex gap-3">
                <input type="hidden" name="reviewId" value={review.id} />
                <button
                  type="submit"
                  name="decision"
                  value="approved"
                  className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
                >
                  Approve
                  <span className="sr-only">
                    {" "}
                    the review of {review.courseTitle} for {review.learnerFirstName}
                  </span>
                </button>
                <button
                  type="submit"
                  name="decision"
                  value="rejected"
                  className="rounded-lg border border-slate-400 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50"
                >
                  Reject
                  <span className="sr-only">
                    {" "}
                    the review of {review.courseTitle} for {review.learnerFirstName}
                  </span>
                </button>
              </ActionForm>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
