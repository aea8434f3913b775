import { gradeRangeLabel } from "@/components/courses/course-card";
import { SectionOffer } from "@/components/discovery/section-offer";
import { IntentLink } from "@/components/ui/intent-link";
import { CATEGORY_LABELS } from "@/lib/platform/constants";
import { CLASS_TYPE_LABELS } from "@/lib/discovery/filters";
import type { SearchResult } from "@/lib/discovery/search";
import { zoneLabel } from "@/lib/scheduling/zone-name";

/**
 * Issue 29: what a search on /courses found, course by course, each section with its weekly times
 * and next classes on the viewer's clock (named), its price and seats; or, when nothing matched, the
 * nearest searches that find something and the free demo.
 */
export function SearchResults({ result }: { result: SearchResult }) {
  const zone = zoneLabel(result.zone);
  if (result.sectionCount === 0) {
    return (
      <section aria-labelledby="results-heading" className="mt-8">
        <h2 id="results-heading" className="text-2xl font-bold text-slate-900">
          No classes match all of these filters
        </h2>
        {result.suggestions.length > 0 ? (
          <>
            <p className="mt-3 text-slate-700">The nearest matches:</p>
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {result.suggestions.map((suggestion) => (
                <li key={suggestion.href}>
                  <a href={suggestion.href} className="font-semibold text-brand-700 underline underline-offset-4">
                    {suggestion.count} {suggestion.count === 1 ? "class" : "classes"} {suggestion.label}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-3 text-slate-700">Try fewer words or filters, or check the spelling.</p>
        )}
        <p className="mt-4 max-w-2xl text-slate-700">
          Or tell us what your child needs: a free demo class with one of our teachers, at a time that suits you.
        </p>
        <IntentLink
          href="/book-free-demo"
          className="mt-3 inline-flex rounded-xl bg-accent-400 px-5 py-3 font-semibold text-slate-900 hover:bg-accent-500"
        >
          Book a free demo
        </IntentLink>
      </section>
    );
  }
  return (
    <section aria-labelledby="results-heading" className="mt-8">
      <h2 id="results-heading" className="text-2xl font-bold text-slate-900">
        {result.sectionCount} {result.sectionCount === 1 ? "class" : "classes"} in {result.courseCount}{" "}
        {result.courseCount === 1 ? "course" : "courses"}
      </h2>
      <p className="mt-1 text-sm text-slate-700">Times are on your clock: {zone}.</p>
      {result.courseCount > result.courses.length ? (
        <p className="mt-1 text-sm text-slate-700">
          The first {result.courses.length} courses are shown; add a filter to narrow them down.
        </p>
      ) : null}
      <ul className="mt-5 space-y-6">
        {result.courses.map((course) => (
          <li key={course.id}>
            <article aria-labelledby={`course-${course.id}`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                {CATEGORY_LABELS[course.category]} · {gradeRangeLabel(course)}
              </p>
              <h3 id={`course-${course.id}`} className="mt-1 text-xl font-bold text-slate-900">
                <IntentLink href={`/courses/${course.slug}`} className="underline-offset-4 hover:text-brand-700 hover:underline">
                  {course.title}
                </IntentLink>
              </h3>
              <p className="mt-1 text-sm text-slate-700">{course.description}</p>
              <ul className="mt-4 grid gap-3 md:grid-cols-2">
                {course.sections.map((section) => (
                  <li key={section.id} className="rounded-xl border border-slate-200 p-4" data-testid="found-section">
                    <p className="text-xs font-semibold uppercase tracking-wide text-slate-700">
                      {CLASS_TYPE_LABELS[section.classType]} · {section.durationMinutes} minutes
                    </p>
                    <p className="mt-1 font-semibold text-slate-900">
                      With{" "}
                      <IntentLink href={`/teachers/${section.teacherSlug}`} className="text-brand-700 underline underline-offset-4">
                        {section.teacherName}
                      </IntentLink>
                    </p>
                    <p className="mt-1 text-sm text-slate-800">{section.weeklyTimes}</p>
                    <p className="mt-2 text-sm font-semibold text-slate-800">Next classes</p>
                    <ul className="text-sm text-slate-700">
                      {section.nextTimes.map((time) => (
                        <li key={time.instant}>
                          <time dateTime={time.instant}>{time.label}</time>
                        </li>
                      ))}
                    </ul>
                    <SectionOffer
                      section={section}
                      courseTitle={course.title}
                      teacherName={section.teacherName}
                      buttonClassName="mt-3 inline-block"
                    />
                  </li>
                ))}
              </ul>
              {course.moreSections > 0 ? (
                <p className="mt-3 text-sm">
                  <IntentLink href={`/courses/${course.slug}`} className="font-semibold text-brand-700 underline underline-offset-4">
                    {course.moreSections} more {course.moreSections === 1 ? "class" : "classes"} of {course.title}
                  </IntentLink>
                </p>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
