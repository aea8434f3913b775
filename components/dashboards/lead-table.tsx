import type { LeadRow } from "@/lib/dashboards/lead-lists";
import { isOverdue, leadStatusLabel } from "@/lib/demo-requests/status";
import { formatAge } from "@/lib/platform/format";
import { DataTable } from "@/components/dashboards/data-table";

/** Demo requests as a table; new ones past 24 hours stand out. */
export function LeadTable({ leads, caption, showContact = true }: { leads: LeadRow[]; caption: string; showContact?: boolean }) {
  const now = new Date();
  if (leads.length === 0) return <p className="text-slate-700">No demo requests yet.</p>;
  return (
    <DataTable caption={caption} columns={["Received", showContact && "Contact", "Course", "Grade", "Class type", "Status"]}>
      {leads.map((lead) => {
        const overdue = isOverdue(lead, now);
        return (
          <tr key={lead.id} className={`border-t border-slate-200 ${overdue ? "bg-amber-50" : ""}`}>
            <td className="px-3 py-2 whitespace-nowrap">
              {formatAge(lead.createdAt, now)} ago
              {overdue ? (
                <span className="ml-2 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-900">over 24 h</span>
              ) : null}
            </td>
            {showContact ? (
              <td className="px-3 py-2">
                <span className="block font-medium text-slate-900">{lead.name ?? "—"}</span>
                <span className="block text-slate-700">{lead.userEmail}</span>
                {lead.phone ? <span className="block text-slate-700">{lead.phone}</span> : null}
              </td>
            ) : null}
            <td className="px-3 py-2">{lead.courseTitle ?? (lead.course === "not-sure" ? "Not sure yet" : lead.course)}</td>
            <td className="px-3 py-2">{lead.grade ?? "—"}</td>
            <td className="px-3 py-2">{lead.classType ?? "—"}</td>
            <td className="px-3 py-2">{leadStatusLabel(lead.status)}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
