import type { RatingSummary } from "@/lib/classroom/reviews";

/** A course's approved reviews: the average out of 5 and how many (nothing before the first). */
export function CourseRatingLine({ rating }: { rating: RatingSummary }) {
  if (rating.count === 0 || rating.average === null) return null;
  return (
    <p className="mt-3 text-slate-800" data-testid="course-rating">
      <span aria-hidden="true" className="text-amber-700">
        ★{" "}
      </span>
      <span className="font-bold">{rating.average.toFixed(1)}</span> out of 5 from {rating.count} parent{" "}
      {rating.count === 1 ? "review" : "reviews"}
    </p>
  );
}
