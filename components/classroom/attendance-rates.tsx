import { DataTable } from "@/components/dashboards/data-table";
import type { AttendanceRate } from "@/lib/classroom/attendance";

function RateTable({ caption, label, rows }: { caption: string; label: string; rows: AttendanceRate[] }) {
  return (
    <DataTable caption={caption} columns={[label, "Marked", "Attended", "Rate"]}>
      {rows.map((row) => (
        <tr key={row.name} className="border-t border-slate-200">
          <td className="px-3 py-2">{row.name}</td>
          <td className="px-3 py-2">{row.marked}</td>
          <td className="px-3 py-2">{row.attended}</td>
          <td className="px-3 py-2 font-semibold">{Math.round(row.rate * 100)}%</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Attendance rates (present or late among the marked) per course and per teacher. */
export function AttendanceRates({ byCourse, byTeacher }: { byCourse: AttendanceRate[]; byTeacher: AttendanceRate[] }) {
  return (
    <section aria-labelledby="attendance-rates" className="mt-10">
      <h2 id="attendance-rates" className="mb-3 text-xl font-bold text-slate-900">
        Attendance
      </h2>
      {byCourse.length === 0 ? (
        <p className="text-slate-700">No attendance has been taken yet.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <RateTable caption="Attendance rate per course" label="Course" rows={byCourse} />
          <RateTable caption="Attendance rate per teacher" label="Teacher" rows={byTeacher} />
        </div>
      )}
    </section>
  );
}
