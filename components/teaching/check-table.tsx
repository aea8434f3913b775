import { DataTable } from "@/components/dashboards/data-table";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { CHECK_LABELS, CHECK_STATUS_LABELS, type CheckKind, type CheckStatus } from "@/lib/teachers/vetting/check-rules";

const TONES: Record<CheckStatus, string> = {
  pending: "bg-slate-200 text-slate-900",
  passed: "bg-green-100 text-green-950",
  flagged: "bg-amber-100 text-amber-950",
  failed: "bg-red-100 text-red-950",
};

export interface CheckLine {
  kind: CheckKind;
  status: CheckStatus;
  checkedAt: Date | null;
  expiresAt: Date | null;
  note: string | null;
}

/** Issue 38: an applicant's or teacher's vetting checks, each with its status, date and expiry. */
/** Dates in `zone`, the reader's, named. */
export function CheckTable({ checks, now, zone }: { checks: CheckLine[]; now: Date; zone: string }) {
  return (
    <DataTable caption="Checks" columns={["Check", "Status", "Checked", "Expires", "Note"]}>
      {checks.map((check) => {
        const expired = check.expiresAt !== null && check.expiresAt <= now;
        return (
          <tr key={check.kind} className="border-t border-slate-200 align-top">
            <th scope="row" className="px-3 py-2 font-medium text-slate-900">
              {CHECK_LABELS[check.kind]}
            </th>
            <td className="px-3 py-2">
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[expired ? "failed" : check.status]}`}>
                {expired ? "Expired" : CHECK_STATUS_LABELS[check.status]}
              </span>
            </td>
            <td className="px-3 py-2">{check.checkedAt ? formatInstantInZone(check.checkedAt, zone) : "—"}</td>
            <td className="px-3 py-2">{check.expiresAt ? formatInstantInZone(check.expiresAt, zone) : "—"}</td>
            <td className="px-3 py-2 whitespace-pre-line">{check.note ?? ""}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
