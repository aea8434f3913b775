import type { CourseSummary } from "@/lib/courses/queries";
import type { CourseFacts } from "@/lib/discovery/catalogue-facts";

import { CourseCard } from "./course-card";

export function CourseGrid({
  courses,
  headingLevel = 3,
  facts = {},
}: {
  courses: CourseSummary[];
  headingLevel?: 2 | 3;
  /** Issue 29: each course's next class and lowest price, by course id. */
  facts?: Record<number, CourseFacts>;
}) {
  if (courses.length === 0) {
    return <p className="text-slate-700">No courses are open for booking here right now. Please check back soon or contact us.</p>;
  }
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course) => (
        <li key={course.id}>
          <CourseCard course={course} headingLevel={headingLevel} facts={facts[course.id]} />
        </li>
      ))}
    </ul>
  );
}
