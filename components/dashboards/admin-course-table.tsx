import Link from "next/link";

import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import { DataTable } from "@/components/dashboards/data-table";
import type { AdminCourseRow } from "@/lib/courses/admin";

/** One category's courses, published or not, each with an edit link and a publish toggle. */
export function AdminCourseTable({
  courses,
  caption,
  setPublished,
}: {
  courses: AdminCourseRow[];
  caption: string;
  setPublished: FormAction;
}) {
  if (courses.length === 0) return <p className="text-slate-700">No courses in this category yet.</p>;
  return (
    // Fixed widths line the five category tables up.
    <DataTable
      caption={caption}
      tableClassName="min-w-[40rem] table-fixed"
      columns={[
        { label: "Title", className: "w-[38%]" },
        { label: "Grades", className: "w-[13%]" },
        { label: "Teachers", className: "w-[19%]" },
        { label: "Status", className: "w-[18%]" },
        { label: <span className="sr-only">Publish or unpublish</span>, className: "w-[12%]" },
      ]}
    >
      {courses.map((course) => (
        <tr key={course.id} className={`border-t border-slate-200 align-top ${course.isPublished ? "" : "bg-slate-50"}`}>
          <th scope="row" className="px-3 py-2 font-medium">
            <Link href={`/admin/courses/${course.id}`} className="text-brand-700 underline-offset-4 hover:underline">
              {course.title}
            </Link>
            <span className="block font-normal text-slate-600">{course.slug}</span>
          </th>
          <td className="px-3 py-2 whitespace-nowrap">
            {course.gradeMin === course.gradeMax ? `Grade ${course.gradeMin}` : `Grades ${course.gradeMin}–${course.gradeMax}`}
          </td>
          <td className="px-3 py-2">{course.teacherNames.length > 0 ? course.teacherNames.join(", ") : "—"}</td>
          <td className="px-3 py-2">
            <span
              className={`rounded px-1.5 py-0.5 text-xs font-semibold ${course.isPublished ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800"}`}
            >
              {course.isPublished ? "Published" : "Hidden"}
            </span>
            {course.isFeatured ? (
              <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Featured</span>
            ) : null}
          </td>
          <td className="px-3 py-2 text-right">
            <ActionForm action={setPublished}>
              <input type="hidden" name="id" value={course.id} />
              <input type="hidden" name="published" value={course.isPublished ? "false" : "true"} />
              <button
                type="submit"
                className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold whitespace-nowrap text-brand-700 hover:bg-slate-100"
              >
                {course.isPublished ? "Unpublish" : "Publish"}
                <span className="sr-only"> {course.title}</span>
              </button>
            </ActionForm>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
