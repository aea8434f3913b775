import { DataTable } from "@/components/dashboards/data-table";
import type { FamilyAttendanceLine } from "@/lib/classroom/attendance";
import { formatInstantInZone } from "@/lib/scheduling/time";

export const ATTENDANCE_LABELS = { present: "Present", absent: "Absent", late: "Late" } as const;

/** What the teachers marked for a family's children (read-only). */
export function FamilyAttendance({ lines, timezone }: { lines: FamilyAttendanceLine[]; timezone: string }) {
  if (lines.length === 0) return <p className="text-slate-700">No attendance has been taken yet.</p>;
  return (
    <DataTable caption="Attendance" columns={["Session", "Course", "Child", "Attendance", "Teacher's note"]}>
      {lines.map((line) => (
        <tr key={`${line.sessionStartsAt}-${line.courseTitle}-${line.learnerFirstName}`} className="border-t border-slate-200">
          <td className="px-3 py-2">
            <time dateTime={line.sessionStartsAt}>{formatInstantInZone(line.sessionStartsAt, timezone)}</time>
          </td>
          <td className="px-3 py-2">{line.courseTitle}</td>
          <td className="px-3 py-2">{line.learnerFirstName}</td>
          <td className="px-3 py-2">{ATTENDANCE_LABELS[line.status]}</td>
          <td className="px-3 py-2">{line.note || "—"}</td>
        </tr>
      ))}
    </DataTable>
  );
}
