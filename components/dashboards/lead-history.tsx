import type { AuditRow } from "@/lib/audit/audit";
import { leadStatusLabel } from "@/lib/demo-requests/status";
import { formatInstantInZone } from "@/lib/scheduling/time";

function describe(entry: AuditRow, timezone: string): string {
  const details = (entry.details ?? {}) as { from?: string; to?: string; note?: string; erased?: boolean; startsAt?: string };
  const time = (instant: string | undefined) => (instant ? formatInstantInZone(instant, timezone) : "an unknown time");
  // Account deletion scrubs what an entry quoted (lib/accounts/erase.ts).
  if (details.erased) return entry.action === "lead.note" ? "wrote a note (erased when the family deleted their account)" : entry.action;
  if (entry.action === "lead.status")
    return `changed the status from ${leadStatusLabel(details.from ?? "")} to ${leadStatusLabel(details.to ?? "")}`;
  if (entry.action === "lead.note") return details.note ? `wrote the note “${details.note}”` : "cleared the note";
  // Before issue 26 finding 7, exports were by request (now by account, recorded on the account).
  if (entry.action === "lead.data_export") return "exported everything held about this email (JSON)";
  // Issue 17: demo bookings of the request (lib/demo-requests/lead-follows-booking.ts).
  if (entry.action === "lead.demo_booked") return `booked the demo for ${time(details.startsAt)}`;
  if (entry.action === "lead.demo_moved") return `moved the demo from ${time(details.from)} to ${time(details.startsAt)}`;
  if (entry.action === "lead.demo_cancelled") return `cancelled the demo on ${time(details.startsAt)}`;
  return entry.action;
}

/**
 * Who did what to a request, newest first: when, in the agent's `zone`; the demo times it quotes in
 * `timezone` (the family's, else the agent's), each named.
 */
export function LeadHistory({ entries, timezone, zone }: { entries: AuditRow[]; timezone: string; zone: string }) {
  return (
    <div>
      <h3 className="font-bold text-slate-900">History</h3>
      {entries.length === 0 ? (
        <p className="mt-1 text-slate-700">Nobody has worked on this request yet.</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-lg bg-slate-50 p-2">
              <span className="font-semibold text-slate-900">{entry.actorEmail}</span> {describe(entry, timezone)}
              <span className="block text-xs text-slate-600">{formatInstantInZone(entry.createdAt, zone)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
