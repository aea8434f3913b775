import { CourseGrid } from "@/components/courses/course-grid";
import { SearchForm } from "@/components/discovery/search-form";
import { CategoryLinks } from "@/components/marketing/category-links";
import { PageSection } from "@/components/marketing/page-section";
import { JsonLd } from "@/components/ui/json-ld";
import { CATEGORY_LABELS, COURSE_CATEGORIES } from "@/lib/platform/constants";
import { courseListJsonLd } from "@/lib/courses/json-ld";
import { listCourses } from "@/lib/courses/queries";
import { cachedCourseFacts } from "@/lib/discovery/catalogue-facts";
import { resolveViewerZone } from "@/lib/discovery/viewer-zone";
import { searchZoneOptions } from "@/lib/scheduling/time";
import { pageMetadata } from "@/lib/platform/seo";

export const revalidate = 300;

export const metadata = pageMetadata({
  title: "All courses",
  description:
    "Browse live online courses for grades 1 to 12: technical, academic, language, music and lifestyle classes, one-on-one or in groups.",
  path: "/courses",
});

/**
 * The catalogue, static: with a filter in its URL, proxy.ts serves the class finder instead
 * (app/(marketing)/class-finder), so this page's form leads there.
 */
export default async function CoursesPage() {
  const [courses, facts] = await Promise.all([listCourses(), cachedCourseFacts()]);
  // Nobody's zone is known to a static page: the form takes the browser's once it runs.
  const { zone, guessed } = resolveViewerZone({});
  const listed = COURSE_CATEGORIES.map((category) => ({ category, inCategory: courses.filter((c) => c.category === category) })).filter(
    ({ inCategory }) => inCategory.length > 0,
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold text-slate-900">All courses</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Every course starts with a free demo class. Find a class by grade, day and time on your own clock, pick a category or scroll through
        the whole catalogue.
      </p>
      <div className="mt-6">
        <SearchForm filters={{ days: [], parts: [] }} zone={zone} zones={searchZoneOptions(zone)} guessZone={guessed} />
      </div>
      <div className="mt-8">
        <CategoryLinks />
      </div>
      {/* Every block rendered (no render-when-near): with the next class and price on each card, a
          skipped block's 480px placeholder is far shorter than its cards, and Lighthouse's tap-target
          audit found the cards laid over the next block's links. */}
      {listed.map(({ category, inCategory }) => (
        <PageSection key={category} id={`category-${category}`} title={CATEGORY_LABELS[category]} className="mt-12">
          <div className="mt-4">
            <CourseGrid courses={inCategory} facts={facts} />
          </div>
        </PageSection>
      ))}
      <JsonLd data={courseListJsonLd(courses)} />
    </div>
  );
}
