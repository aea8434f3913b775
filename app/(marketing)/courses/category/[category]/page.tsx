import { IntentLink } from "@/components/ui/intent-link";
import { notFound } from "next/navigation";

import { CourseGrid } from "@/components/courses/course-grid";
import { CATEGORY_BLURBS } from "@/components/marketing/category-links";
import { JsonLd } from "@/components/ui/json-ld";
import { CATEGORY_LABELS, COURSE_CATEGORIES, isCourseCategory } from "@/lib/platform/constants";
import { courseListJsonLd } from "@/lib/courses/json-ld";
import { listCoursesByCategory } from "@/lib/courses/queries";
import { cachedCourseFacts } from "@/lib/discovery/catalogue-facts";
import { pageMetadata } from "@/lib/platform/seo";

export const revalidate = 300;
// Only the five categories exist; anything else is a 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return COURSE_CATEGORIES.map((category) => ({ category }));
}

type Props = { params: Promise<{ category: string }> };

export async function generateMetadata({ params }: Props) {
  const { category } = await params;
  if (!isCourseCategory(category)) return {};
  return pageMetadata({
    title: `${CATEGORY_LABELS[category]} courses`,
    description: `Live ${CATEGORY_LABELS[category].toLowerCase()} classes for kids: ${CATEGORY_BLURBS[category]} Book a free demo class.`,
    path: `/courses/category/${category}`,
  });
}

export default async function CategoryPage({ params }: Props) {
  const { category } = await params;
  if (!isCourseCategory(category)) notFound();
  const [courses, facts] = await Promise.all([listCoursesByCategory(category), cachedCourseFacts()]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <IntentLink href="/courses" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          All courses
        </IntentLink>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-slate-900">{CATEGORY_LABELS[category]} courses</h1>
      <p className="mt-2 max-w-2xl text-slate-700">{CATEGORY_BLURBS[category]}</p>
      <div className="mt-8">
        <CourseGrid courses={courses} headingLevel={2} facts={facts} />
      </div>
      <JsonLd data={courseListJsonLd(courses)} />
    </div>
  );
}
