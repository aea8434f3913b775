import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import type { ReviewableCourse } from "@/lib/classroom/reviews";

/** One review form per course and child that may be reviewed (three sessions attended, none yet). */
export function ReviewForms({ courses, action }: { courses: ReviewableCourse[]; action: FormAction }) {
  if (courses.length === 0) return <p className="text-slate-700">After three sessions of a course you can rate it here.</p>;
  return (
    <div className="space-y-4">
      {courses.map((course) => {
        const id = `review-${course.courseId}-${course.learnerId}`;
        return (
          <ActionForm key={id} action={action} className="rounded-xl border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900">
              Rate {course.courseTitle} for {course.learnerFirstName}
            </h3>
            <input type="hidden" name="courseId" value={course.courseId} />
            <input type="hidden" name="learnerId" value={course.learnerId} />
            <label htmlFor={`${id}-rating`} className="mt-2 block text-sm font-medium text-slate-800">
              Rating
            </label>
            <select
              id={`${id}-rating`}
              name="rating"
              required
              defaultValue=""
              className="mt-1 rounded-lg border border-slate-400 px-3 py-2"
            >
              <option value="" disabled>
                Choose…
              </option>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? "star" : "stars"}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-comment`} className="mt-3 block text-sm font-medium text-slate-800">
              Comment (optional)
            </label>
            <textarea
              id={`${id}-comment`}
              name="comment"
              maxLength={1000}
              rows={3}
              className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2"
            />
            <button type="submit" className="mt-3 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
              Send review
            </button>
          </ActionForm>
        );
      })}
    </div>
  );
}
