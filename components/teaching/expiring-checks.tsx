import Link from "next/link";

import { DataTable } from "@/components/dashboards/data-table";
import { CHECK_LABELS } from "@/lib/teachers/vetting/check-rules";
import type { ExpiringCheck } from "@/lib/teachers/vetting/expiry";
import { zonedFormat, zoneLabel } from "@/lib/scheduling/zone-name";

const DAY_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: "medium" };

/** Issue 38: teachers' checks expired (their sections are off sale) or expiring within 30 days (they have been warned). */
export function ExpiringChecks({ checks, now, zone }: { checks: ExpiringCheck[]; now: Date; zone: string }) {
  if (checks.length === 0) return <p className="text-slate-700">No teacher&rsquo;s check expires in the next 30 days.</p>;
  return (
    <DataTable
      caption="Teacher checks expired or expiring within 30 days"
      columns={["Teacher", "Check", `Expires, ${zoneLabel(zone)}`, "State"]}
    >
      {checks.map((check) => {
        const expired = check.expiresAt <= now;
        const days = Math.ceil((check.expiresAt.getTime() - now.getTime()) / 86_400_000);
        return (
          <tr key={check.checkId} className="border-t border-slate-200">
            <th scope="row" className="px-3 py-2 font-medium text-slate-900">
              {check.applicationId ? (
                <Link href={`/admin/applications/${check.applicationId}`} className="text-brand-700 underline underline-offset-2">
                  {check.teacherName}
                </Link>
              ) : (
                check.teacherName
              )}
            </th>
            <td className="px-3 py-2">{CHECK_LABELS[check.kind]}</td>
            <td className="px-3 py-2">{zonedFormat(zone, DAY_FORMAT).format(check.expiresAt)}</td>
            <td className={`px-3 py-2 font-semibold ${expired ? "text-red-800" : "text-amber-900"}`}>
              {expired ? "Expired: sections off sale" : `In ${days} day${days === 1 ? "" : "s"}${check.warnedAt ? ", teacher warned" : ""}`}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
