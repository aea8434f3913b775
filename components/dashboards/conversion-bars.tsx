import type { Conversion } from "@/lib/dashboards/figures";

function percent(part: number, whole: number): string {
  return whole === 0 ? "—" : `${Math.round((part / whole) * 100)}%`;
}

/**
 * Requests and conversions per group as horizontal bars: the bar's length is the requests, its
 * dark part the converted ones, the number beside it the conversion rate. A table, so screen
 * readers and copy-paste get the numbers.
 */
export function ConversionBars({ rows, caption, groupLabel }: { rows: Conversion[]; caption: string; groupLabel: string }) {
  if (rows.length === 0) return <p className="text-slate-700">No requests in this period.</p>;
  const max = Math.max(1, ...rows.map((r) => r.requests));
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-slate-700">
        <tr>
          <th scope="col" className="py-1 pr-3 font-semibold">{groupLabel}</th>
          <th scope="col" className="w-1/2 py-1 pr-3 font-semibold">Requests (converted dark)</th>
          <th scope="col" className="py-1 text-right font-semibold">Conversion</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className="py-1 pr-3 font-normal text-slate-900">{row.label}</th>
            <td className="py-1 pr-3">
              <div className="flex items-center gap-2">
                <div className="relative h-3 rounded bg-brand-100" style={{ width: `${(row.requests / max) * 100}%` }} aria-hidden="true">
                  <div className="absolute inset-y-0 left-0 rounded bg-brand-700" style={{ width: `${row.requests ? (row.converted / row.requests) * 100 : 0}%` }} />
                </div>
                <span className="whitespace-nowrap text-slate-700">
                  {row.converted} / {row.requests}
                </span>
              </div>
            </td>
            <td className="py-1 text-right font-semibold text-slate-900">{percent(row.converted, row.requests)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
