import Link from "next/link";

import type { QueueLead } from "@/lib/demo-requests/queue";
import { isOverdue } from "@/lib/demo-requests/status";
import { formatAge } from "@/lib/platform/format";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { DataTable } from "@/components/dashboards/data-table";

import { LeadStatusBadge } from "./lead-status-badge";

/** The support queue: every field of each request; new ones past the 24-hour promise stand out. Times in the agent's `zone`, named. */
export function QueueTable({ leads, now, zone }: { leads: QueueLead[]; now: Date; zone: string }) {
  if (leads.length === 0)
    return <p className="rounded-xl border border-slate-200 p-6 text-slate-700">No demo requests match these filters.</p>;
  return (
    <DataTable
      caption="Demo requests, newest first"
      columns={["Received", "Family", "Course", "Grade", "Class type", "Message", "Status"]}
      tableClassName="min-w-[56rem]"
    >
      {leads.map((lead) => {
        const overdue = isOverdue(lead, now);
        return (
          <tr key={lead.id} className={`border-t border-slate-200 align-top ${overdue ? "bg-amber-50" : ""}`}>
            <td className="px-3 py-2 whitespace-nowrap">
              <span className="block text-slate-900">{formatAge(lead.createdAt, now)} ago</span>
              <span className="block text-xs text-slate-600">{formatInstantInZone(lead.createdAt, zone)}</span>
              {overdue ? (
                <span className="mt-1 inline-block rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950">over 24 h</span>
              ) : null}
              {lead.sourcePage ? <span className="block text-xs text-slate-600">from {lead.sourcePage}</span> : null}
            </td>
            <td className="px-3 py-2">
              <Link href={`/support/requests/${lead.id}`} className="font-semibold text-brand-700 underline underline-offset-2">
                {lead.name ?? lead.userEmail}
              </Link>
              {lead.name ? <span className="block text-slate-700">{lead.userEmail}</span> : null}
              {lead.phone ? <span className="block text-slate-700">{lead.phone}</span> : null}
            </td>
            <td className="px-3 py-2">{lead.courseTitle ?? (lead.course === "not-sure" ? "Not sure yet" : lead.course)}</td>
            <td className="px-3 py-2">{lead.grade ?? "—"}</td>
            <td className="px-3 py-2">{lead.classType ?? "—"}</td>
            <td className="max-w-xs px-3 py-2 text-slate-700">
              {lead.message ? <span className="line-clamp-2">{lead.message}</span> : "—"}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              <LeadStatusBadge status={lead.status} />
              {lead.statusChangedBy && lead.statusChangedAt ? (
                <span className="mt-1 block text-xs text-slate-600">
                  by {lead.statusChangedBy}, {formatAge(lead.statusChangedAt, now)} ago
                </span>
              ) : null}
              {lead.demoCancelledAt ? (
                <span className="mt-1 block text-xs font-semibold text-amber-800">
                  Demo cancelled {formatAge(lead.demoCancelledAt, now)} ago: offer another time
                </span>
              ) : null}
              {lead.demoOutcome ? (
                <span
                  className={`mt-1 inline-block rounded px-1.5 py-0.5 text-xs font-semibold ${lead.demoOutcome === "attended" ? "bg-sky-100 text-sky-950" : "bg-red-100 text-red-950"}`}
                >
                  {lead.demoOutcome === "attended" ? "Demo attended" : "Demo no-show"}
                </span>
              ) : null}
              {lead.note ? <span className="mt-1 block text-xs text-slate-600">Has a note</span> : null}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
