import { DataTable } from "@/components/dashboards/data-table";
import type { LogEventRow } from "@/lib/event-log/queries";

/** To the second, in UTC: events come in bursts, and every admin reads the same time. */
function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** Log events, newest first; the additional info arrives already shortened. */
export function AdminEventTable({ events }: { events: LogEventRow[] }) {
  if (events.length === 0) return <p className="text-slate-700">No log events match.</p>;
  return (
    <DataTable caption="Log events, newest first" columns={["Time", "Event", "User id", "URL", "Additional info"]}>
      {events.map((event) => (
        <tr key={event.id} className="border-t border-slate-200 align-top">
          <td className="px-3 py-2 whitespace-nowrap">
            <time dateTime={event.createdAt.toISOString()}>{formatTime(event.createdAt)}</time>
          </td>
          <td className="px-3 py-2 font-medium text-slate-900">{event.eventName}</td>
          <td className="px-3 py-2 break-all">
            {event.userId ??
              (event.claimedUserId ? <span title="Sent by a client without a session">{event.claimedUserId} (claimed)</span> : "—")}
          </td>
          <td className="max-w-64 px-3 py-2 break-all">{event.currentUrl ?? "—"}</td>
          <td className="max-w-md px-3 py-2 font-mono text-xs break-all text-slate-700">{event.additionalInfo ?? "—"}</td>
        </tr>
      ))}
    </DataTable>
  );
}
