import { LocalTime } from "@/components/demo/local-time";
import { IntentLink } from "@/components/ui/intent-link";

import { CATEGORY_LABELS } from "@/lib/platform/constants";
import type { CourseSummary } from "@/lib/courses/queries";
import type { CourseFacts } from "@/lib/discovery/catalogue-facts";
import { formatInstant } from "@/lib/scheduling/zone-name";

export function gradeRangeLabel(course: Pick<CourseSummary, "gradeMin" | "gradeMax">): string {
  return course.gradeMin === course.gradeMax ? `Grade ${course.gradeMin}` : `Grades ${course.gradeMin}–${course.gradeMax}`;
}

/** A course in a listing: its title opens the course page; the call to action books a demo at the course's first grade. */
export function CourseCard({ course, headingLevel = 3, facts }: { course: CourseSummary; headingLevel?: 2 | 3; facts?: CourseFacts }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
        {CATEGORY_LABELS[course.category]} · {gradeRangeLabel(course)}
      </p>
      <Heading className="mt-2 text-lg font-bold text-slate-900">
        <IntentLink href={`/courses/${course.slug}`} className="underline-offset-4 hover:text-brand-700 hover:underline">
          {course.title}
        </IntentLink>
      </Heading>
      <p className="mt-2 flex-1 text-sm text-slate-700">{course.description}</p>
      {facts?.fromPrice || facts?.nextStartsAt ? (
        // Issue 29: real facts of its classes. The next class is in the viewer's zone once the page runs (UTC, named, before).
        <dl className="mt-3 space-y-1 text-sm" data-testid="course-facts">
          {facts.nextStartsAt ? (
            <div className="min-h-10">
              <dt className="inline font-semibold text-slate-900">Next class: </dt>
              <dd className="inline text-slate-700">
                <LocalTime instant={facts.nextStartsAt} fallback={formatInstant(new Date(facts.nextStartsAt), "UTC")} />
              </dd>
            </div>
          ) : null}
          {facts.fromPrice ? (
            <div>
              <dt className="sr-only">Price</dt>
              <dd className="font-semibold text-slate-900">From {facts.fromPrice}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <IntentLink
        href={`/book-free-demo/${course.gradeMin}`}
        className="mt-4 inline-flex w-fit rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-100"
        aria-label={`Book a free demo of ${course.title}`}
      >
        Book a free demo
      </IntentLink>
    </article>
  );
}
