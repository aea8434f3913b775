import { DataTable } from "@/components/dashboards/data-table";
import { share, type DemoConversionRow } from "@/lib/dashboards/demo-conversion";

/** Demos booked → attended → enrolled for one grouping (course or teacher), with the shares of booked. */
export function DemoConversionTable({ rows, caption, groupLabel }: { rows: DemoConversionRow[]; caption: string; groupLabel: string }) {
  if (rows.length === 0) return <p className="text-slate-700">No demo has taken place in this period.</p>;
  const number = "text-right";
  return (
    <DataTable
      caption={caption}
      columns={[
        groupLabel,
        { label: "Demos booked", className: number },
        { label: "Attended", className: number },
        { label: "Enrolled", className: number },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.id} className="border-t border-slate-200">
          <th scope="row" className="px-3 py-2 font-medium text-slate-900">
            {row.label}
          </th>
          <td className="px-3 py-2 text-right">{row.booked}</td>
          <td className="px-3 py-2 text-right">
            {row.attended} <span className="text-slate-600">({share(row.attended, row.booked)})</span>
          </td>
          <td className="px-3 py-2 text-right">
            {row.enrolled} <span className="text-slate-600">({share(row.enrolled, row.booked)})</span>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
