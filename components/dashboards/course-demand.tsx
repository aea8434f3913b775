import Link from "next/link";

import { CATEGORY_LABELS } from "@/lib/platform/constants";
import { RECENT_DAYS, type TeacherCourseRow } from "@/lib/teachers/courses";
import { DataTable } from "@/components/dashboards/data-table";

/** A teacher's courses with how many demo requests each has drawn; each links to its requests. */
export function CourseDemand({ courses, caption }: { courses: TeacherCourseRow[]; caption: string }) {
  if (courses.length === 0)
    return (
      <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-700">
        You teach no course yet: add the catalogue courses you teach below, or propose a new one.
      </p>
    );
  return (
    <DataTable caption={caption} columns={["Course", "Category", "Grades", "Demo requests", `Open, last ${RECENT_DAYS} days`]}>
      {courses.map((course) => (
        <tr key={course.id} className="border-t border-slate-200">
          <th scope="row" className="px-3 py-2 font-medium text-slate-900">
            <Link
              href={`/teacher/courses?course=${course.id}`}
              className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {course.title}
            </Link>
            {course.isPublished ? null : (
              <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">Unpublished</span>
            )}
          </th>
          <td className="px-3 py-2">{CATEGORY_LABELS[course.category]}</td>
          <td className="px-3 py-2">
            {course.gradeMin}–{course.gradeMax}
          </td>
          <td className="px-3 py-2">{course.requests}</td>
          <td className="px-3 py-2">{course.openRecent}</td>
        </tr>
      ))}
    </DataTable>
  );
}
