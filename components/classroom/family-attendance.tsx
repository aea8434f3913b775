import { DataTable } from "@/components/dashboards/data-table";
import type { FamilySessionRecord } from "@/lib/classroom/session-notes";
import { formatInstantInZone } from "@/lib/scheduling/time";

export const ATTENDANCE_LABELS = { present: "Present", absent: "Absent", late: "Late" } as const;

const STATE_LABELS = { cancelled: "Cancelled", moved: "Moved session", makeup: "Make-up session", scheduled: null } as const;

/**
 * Each past session of a family's children (read-only): what the teacher marked and their note after
 * the session (issue 28): what was covered, the homework link, and the line about this child only.
 */
export function FamilyAttendance({ records, timezone }: { records: FamilySessionRecord[]; timezone: string }) {
  if (records.length === 0) return <p className="text-slate-700">No session has taken place yet.</p>;
  return (
    <DataTable caption="Attendance and session notes" columns={["Session", "Course", "Child", "Attendance", "Teacher's note"]}>
      {records.map((record) => {
        const state = STATE_LABELS[record.state];
        return (
          <tr key={`${record.sectionId}-${record.startsAt}-${record.learnerId}`} className="border-t border-slate-200 align-top">
            <td className="px-3 py-2">
              <time dateTime={record.startsAt}>{formatInstantInZone(record.startsAt, timezone)}</time>
              {state ? <span className="block text-xs text-slate-700">{state}</span> : null}
            </td>
            <td className="px-3 py-2">{record.courseTitle}</td>
            <td className="px-3 py-2">{record.learnerFirstName}</td>
            <td className="px-3 py-2">
              {record.attendance ? ATTENDANCE_LABELS[record.attendance] : record.state === "cancelled" ? "—" : "Not marked yet"}
            </td>
            <td className="max-w-md px-3 py-2">
              {record.attendanceNote ? <p>{record.attendanceNote}</p> : null}
              {record.note ? (
                <div className="space-y-1">
                  <p className="whitespace-pre-line">
                    <span className="font-semibold">Covered: </span>
                    {record.note.covered}
                  </p>
                  {record.note.homeworkUrl ? (
                    <p>
                      <span className="font-semibold">Homework: </span>
                      <a
                        href={record.note.homeworkUrl}
                        rel="noopener noreferrer nofollow"
                        target="_blank"
                        className="break-all text-brand-700 underline underline-offset-4"
                      >
                        {record.note.homeworkUrl}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    </p>
                  ) : null}
                  {record.note.line ? (
                    <p>
                      <span className="font-semibold">For {record.learnerFirstName}: </span>
                      {record.note.line}
                    </p>
                  ) : null}
                </div>
              ) : record.attendanceNote ? null : (
                "—"
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
