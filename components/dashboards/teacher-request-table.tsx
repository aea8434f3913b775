import { LeadStatusBadge } from "@/components/dashboards/lead-status-badge";
import { formatInstantInZone } from "@/lib/scheduling/time";
import type { TeacherRequestRow } from "@/lib/teachers/courses";
import { DataTable } from "@/components/dashboards/data-table";

/** Demo requests as a teacher sees them: what the family asked for, never how to reach them; received in the teacher's `zone`, named. */
export function TeacherRequestTable({
  rows,
  caption,
  zone,
  showCourse = true,
}: {
  rows: TeacherRequestRow[];
  caption: string;
  zone: string;
  showCourse?: boolean;
}) {
  if (rows.length === 0) return <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-700">No demo requests yet.</p>;
  return (
    <DataTable caption={caption} columns={["Received", showCourse && "Course", "Grade", "Class type", "Status"]}>
      {rows.map((row) => (
        <tr key={row.id} className="border-t border-slate-200 align-top">
          <td className="whitespace-nowrap px-3 py-2">{formatInstantInZone(row.createdAt, zone)}</td>
          {showCourse ? <td className="px-3 py-2 font-medium text-slate-900">{row.courseTitle}</td> : null}
          <td className="px-3 py-2">{row.grade ?? "—"}</td>
          <td className="px-3 py-2">{row.classType ?? "—"}</td>
          <td className="px-3 py-2">
            <LeadStatusBadge status={row.status} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
