import type { Conversion, SplitGroups } from "@/lib/dashboards/lead-figures";

// About the width the chart is drawn at (half the dashboard, or a phone), so 12-unit text reads as 12 px.
const WIDTH = 380;
const ROW_HEIGHT = 40;
const BAR_HEIGHT = 12;
/** Room on the right of the longest bar for "12 / 40 · 30%". */
const NUMBERS_WIDTH = 110;

function percent(part: number, whole: number): string {
  return whole === 0 ? "—" : `${Math.round((part / whole) * 100)}%`;
}

/**
 * Requests and conversions per group as server-rendered SVG bars: each group's name above its
 * bar, the bar's length its requests, its dark part the converted ones, and the numbers beside
 * it. The same numbers follow as a table for screen readers and copy-paste.
 */
export function ConversionBars(props: {
  rows: Conversion[];
  /** Groups summed rather than drawn (SplitGroups.rest), named by `restLabel`. */
  rest?: SplitGroups["rest"];
  restLabel?: string;
  caption: string;
  groupLabel: string;
  id: string;
}) {
  const { rows, rest = null, restLabel = "others", caption, groupLabel, id } = props;
  if (rows.length === 0) return <p className="text-slate-700">No requests in this period.</p>;
  const max = Math.max(1, ...rows.map((r) => r.requests));
  const plotWidth = WIDTH - NUMBERS_WIDTH;
  const height = rows.length * ROW_HEIGHT;
  const rate = (r: Conversion) => (r.requests ? r.converted / r.requests : 0);
  const best = rows.reduce((top, r) => (rate(r) > rate(top) ? r : top));
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="h-auto w-full">
        <title id={`${id}-title`}>{caption}</title>
        <desc id={`${id}-desc`}>
          {rows.length} groups; the highest conversion is {best.label} at {percent(best.converted, best.requests)}.
        </desc>
        {rows.map((row, i) => {
          const top = i * ROW_HEIGHT;
          const barWidth = Math.max(2, (row.requests / max) * plotWidth);
          const convertedWidth = row.requests ? (row.converted / row.requests) * barWidth : 0;
          return (
            <g key={row.label}>
              <text x={0} y={top + 13} fontSize="12" fill="#0f172a">
                {row.label}
              </text>
              <rect x={0} y={top + 19} width={barWidth} height={BAR_HEIGHT} rx={3} fill="#dbe4fb" />
              <rect x={0} y={top + 19} width={convertedWidth} height={BAR_HEIGHT} rx={3} fill="#1d3f9e" />
              <text x={barWidth + 8} y={top + 29} fontSize="12" fill="#334155">
                {`${row.converted} / ${row.requests} · ${percent(row.converted, row.requests)}`}
              </text>
            </g>
          );
        })}
      </svg>
      {rest ? (
        <p className="mt-2 text-sm text-slate-700">
          {rest.groups} {restLabel}: {rest.converted} / {rest.requests} · {percent(rest.converted, rest.requests)}
        </p>
      ) : null}
      <figcaption className="mt-2 flex items-center gap-4 text-xs text-slate-700">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-[#dbe4fb]" /> requests
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-[#1d3f9e]" /> converted
        </span>
      </figcaption>
      {/* A table cannot shrink to sr-only's 1 px: the wrapper clips it, so it does not widen a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{groupLabel}</th>
              <th scope="col">Requests</th>
              <th scope="col">Converted</th>
              <th scope="col">Conversion</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.requests}</td>
                <td>{row.converted}</td>
                <td>{percent(row.converted, row.requests)}</td>
              </tr>
            ))}
            {rest ? (
              <tr>
                <th scope="row">
                  {rest.groups} {restLabel}
                </th>
                <td>{rest.requests}</td>
                <td>{rest.converted}</td>
                <td>{percent(rest.converted, rest.requests)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
