import { brand } from "@/lib/platform/brand";
import type { CourseSummary } from "@/lib/courses/queries";
import { jsonLd } from "@/lib/platform/seo";

/** schema.org ItemList of Course for a listing page. */
export function courseListJsonLd(courses: CourseSummary[]): string {
  return jsonLd({
    "@type": "ItemList",
    itemListElement: courses.map((course, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: {
        "@type": "Course",
        name: course.title,
        description: course.description,
        educationalLevel: `Grades ${course.gradeMin}-${course.gradeMax}`,
        provider: { "@type": "Organization", name: brand.name, sameAs: brand.siteUrl },
      },
    })),
  });
}
