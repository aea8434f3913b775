import { CATEGORY_LABELS } from "@/lib/constants";
import type { listCourseDemand } from "@/lib/dashboards/queries";

/** Published courses with how many demo requests name each. */
export function CourseDemand({ courses }: { courses: Awaited<ReturnType<typeof listCourseDemand>> }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Courses and their demo requests</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">Course</th>
            <th scope="col" className="px-3 py-2">Category</th>
            <th scope="col" className="px-3 py-2">Grades</th>
            <th scope="col" className="px-3 py-2">Demo requests</th>
          </tr>
        </thead>
        <tbody>
          {courses.map((course) => (
            <tr key={course.id} className="border-t border-slate-200">
              <td className="px-3 py-2 font-medium text-slate-900">{course.title}</td>
              <td className="px-3 py-2">{CATEGORY_LABELS[course.category]}</td>
              <td className="px-3 py-2">
                {course.gradeMin}–{course.gradeMax}
              </td>
              <td className="px-3 py-2">{course.requests}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
