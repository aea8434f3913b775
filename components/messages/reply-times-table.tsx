import { DataTable } from "@/components/dashboards/data-table";
import type { TeacherReplyTime } from "@/lib/messages/reply-times";

/** "2 h 5 min", "35 min", "3 d 4 h". */
export function formatWait(minutes: number): string {
  if (!Number.isFinite(minutes)) return "—";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** Issue 28: each teacher's median reply time to families, for the admin dashboard. */
export function ReplyTimesTable({ rows, days }: { rows: TeacherReplyTime[]; days: number }) {
  return (
    <section aria-labelledby="reply-times" className="mt-10 rounded-2xl border border-slate-200 p-5">
      <h2 id="reply-times" className="text-xl font-bold text-slate-900">
        Teachers&apos; reply times
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-700">
        Median time from a family&apos;s message to the teacher&apos;s next reply in that conversation, last {days} days (several messages
        in a row count once, from the first).
      </p>
      {rows.length === 0 ? (
        <p className="text-slate-700">No family messages yet.</p>
      ) : (
        <DataTable caption="Median reply time per teacher" columns={["Teacher", "Median reply", "Replies", "Waiting for a reply"]}>
          {rows.map((row) => (
            <tr key={row.teacherId} className="border-t border-slate-200">
              <td className="px-3 py-2">{row.teacherName}</td>
              <td className="px-3 py-2 font-semibold">{formatWait(row.medianMinutes)}</td>
              <td className="px-3 py-2">{row.replies}</td>
              <td className="px-3 py-2">{row.waiting}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
