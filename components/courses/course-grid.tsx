import type { CourseSummary } from "@/lib/courses/queries";

import { CourseCard } from "./course-card";

export function CourseGrid({ courses, headingLevel = 3 }: { courses: CourseSummary[]; headingLevel?: 2 | 3 }) {
  if (courses.length === 0) {
    return <p className="text-slate-700">No courses are open for booking here right now. Please check back soon or contact us.</p>;
  }
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course) => (
        <li key={course.id}>
          <CourseCard course={course} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
