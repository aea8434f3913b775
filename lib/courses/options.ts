import { CATEGORY_LABELS } from "@/lib/platform/constants";
import type { CourseSummary } from "@/lib/courses/queries";

/** Course select options; grouped by category when the list spans several. */
export function toCourseOptions(courses: CourseSummary[], options: { grouped: boolean }) {
  return courses.map((course) => ({
    id: course.id,
    title: course.title,
    group: options.grouped ? CATEGORY_LABELS[course.category] : undefined,
  }));
}
