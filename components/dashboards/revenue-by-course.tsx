import type { CourseRevenue } from "@/lib/commerce/admin/revenue";

import { DataTable } from "./data-table";

/** Revenue per course as a table (figures an admin compares and copies), best-selling first. */
export function RevenueByCourse({
  rows,
  others,
  format,
  caption,
}: {
  rows: CourseRevenue[];
  others: { courses: number; netMinor: number } | null;
  format: (minor: number) => string;
  caption: string;
}) {
  if (rows.length === 0) return <p className="text-slate-700">No seats were paid for or refunded in these days.</p>;
  const cell = "px-3 py-2 text-right tabular-nums";
  const amount = { className: "text-right" };
  return (
    <DataTable
      caption={caption}
      columns={[
        "Course",
        { label: "Seats", ...amount },
        { label: "Paid", ...amount },
        { label: "Refunded", ...amount },
        { label: "Revenue", ...amount },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.title} className="border-t border-slate-200">
          <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
            {row.title}
          </th>
          <td className={cell}>{row.seats}</td>
          <td className={cell}>{format(row.grossMinor)}</td>
          <td className={cell}>{row.refundedMinor ? `−${format(row.refundedMinor)}` : format(0)}</td>
          <td className={`${cell} font-semibold text-slate-900`}>{format(row.netMinor)}</td>
        </tr>
      ))}
      {others ? (
        <tr className="border-t border-slate-200">
          <th scope="row" className="px-3 py-2 text-left font-medium text-slate-700">
            {others.courses} other courses
          </th>
          <td className={cell} colSpan={3} />
          <td className={`${cell} font-semibold text-slate-900`}>{format(others.netMinor)}</td>
        </tr>
      ) : null}
    </DataTable>
  );
}
