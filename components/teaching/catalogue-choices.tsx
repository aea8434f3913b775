import { ActionButton } from "@/components/teaching/action-button";
import { DataTable } from "@/components/dashboards/data-table";
import { CATEGORY_LABELS } from "@/lib/platform/constants";
import type { ActionResult } from "@/lib/platform/http/action-result";
import type { CatalogueChoice } from "@/lib/teachers/course-teaching";

/** Issue 38: the catalogue courses a teacher may add to the ones they teach; others may teach them too. */
export function CatalogueChoices({ courses, teach }: { courses: CatalogueChoice[]; teach: (data: FormData) => Promise<ActionResult> }) {
  if (courses.length === 0) return <p className="text-slate-700">You teach every course in the catalogue.</p>;
  return (
    <DataTable caption="Catalogue courses you could teach" columns={["Course", "Category", "Grades", "Teachers", ""]}>
      {courses.map((course) => (
        <tr key={course.id} className="border-t border-slate-200">
          <th scope="row" className="px-3 py-2 font-medium text-slate-900">
            {course.title}
          </th>
          <td className="px-3 py-2">{CATEGORY_LABELS[course.category]}</td>
          <td className="px-3 py-2">
            {course.gradeMin}–{course.gradeMax}
          </td>
          <td className="px-3 py-2">{course.teachers === 0 ? "Nobody yet" : `${course.teachers} teach it`}</td>
          <td className="px-3 py-2">
            <ActionButton
              action={teach}
              fields={{ courseId: course.id }}
              label="I teach this"
              accessibleLabel={`I teach ${course.title}`}
            />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
