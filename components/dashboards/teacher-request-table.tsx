import { LeadStatusBadge } from "@/components/dashboards/lead-status-badge";
import { formatDateTime } from "@/lib/format";
import type { TeacherRequestRow } from "@/lib/teaching/queries";

/** Demo requests as a teacher sees them: what the family asked for, never how to reach them. */
export function TeacherRequestTable({ rows, caption, showCourse = true }: { rows: TeacherRequestRow[]; caption: string; showCourse?: boolean }) {
  if (rows.length === 0) return <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-700">No demo requests yet.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">Received</th>
            {showCourse ? <th scope="col" className="px-3 py-2">Course</th> : null}
            <th scope="col" className="px-3 py-2">Grade</th>
            <th scope="col" className="px-3 py-2">Class type</th>
            <th scope="col" className="px-3 py-2">Message</th>
            <th scope="col" className="px-3 py-2">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-200 align-top">
              <td className="whitespace-nowrap px-3 py-2">{formatDateTime(row.createdAt)}</td>
              {showCourse ? <td className="px-3 py-2 font-medium text-slate-900">{row.courseTitle}</td> : null}
              <td className="px-3 py-2">{row.grade ?? "—"}</td>
              <td className="px-3 py-2">{row.classType ?? "—"}</td>
              <td className="max-w-md whitespace-pre-line break-words px-3 py-2">{row.message ?? "—"}</td>
              <td className="px-3 py-2">
                <LeadStatusBadge status={row.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
