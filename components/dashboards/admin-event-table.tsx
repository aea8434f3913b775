import { DataTable } from "@/components/dashboards/data-table";
import type { LogEventRow } from "@/lib/event-log/queries";
import { INSTANT_FORMAT, zonedFormat, zoneLabel } from "@/lib/scheduling/zone-name";

const SECOND_FORMAT: Intl.DateTimeFormatOptions = { ...INSTANT_FORMAT, second: "2-digit" };

/** To the second (events come in bursts), in the admin's zone, named. */
function formatTime(date: Date, zone: string): string {
  return `${zonedFormat(zone, SECOND_FORMAT).format(date)} ${zoneLabel(zone)}`;
}

/** Log events, newest first; the additional info arrives already shortened. */
export function AdminEventTable({ events, zone }: { events: LogEventRow[]; zone: string }) {
  if (events.length === 0) return <p className="text-slate-700">No log events match.</p>;
  return (
    <DataTable caption="Log events, newest first" columns={["Time", "Event", "User id", "URL", "Additional info"]}>
      {events.map((event) => (
        <tr key={event.id} className="border-t border-slate-200 align-top">
          <td className="px-3 py-2 whitespace-nowrap">
            <time dateTime={event.createdAt.toISOString()}>{formatTime(event.createdAt, zone)}</time>
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
