import type { DayCount } from "@/lib/dashboards/figures";

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 16, right: 8, bottom: 28, left: 36 };

/** A rounded-up axis maximum with 4 even steps: 0, 5, 10, 15, 20 rather than 0..17. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(value / 4));
  const candidates = [1, 2, 2.5, 5, 10].map((m) => m * step * 4);
  return candidates.find((c) => c >= value) ?? value;
}

/** Requests per day as server-rendered SVG bars: no chart library, no client JavaScript. */
export function DayBarChart({ data, title }: { data: DayCount[]; title: string }) {
  const max = niceMax(Math.max(0, ...data.map((d) => d.requests)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, data.length);
  const total = data.reduce((sum, d) => sum + d.requests, 0);
  const peak = data.reduce<DayCount | null>((best, d) => (!best || d.requests > best.requests ? d : best), null);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f));
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="per-day-title per-day-desc" className="h-auto w-full">
        <title id="per-day-title">{title}</title>
        <desc id="per-day-desc">
          {total} requests over {data.length} days{peak ? `; the busiest day was ${peak.day} with ${peak.requests}` : ""}.
        </desc>
        {ticks.map((tick) => {
          const y = PAD.top + plotH - (tick / max) * plotH;
          return (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke="#e2e8f0" />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize="11" fill="#475569">
                {tick}
              </text>
            </g>
          );
        })}
        {data.map((d, i) => {
          const h = (d.requests / max) * plotH;
          const x = PAD.left + i * slot + slot * 0.15;
          return (
            <g key={d.day}>
              <rect x={x} y={PAD.top + plotH - h} width={slot * 0.7} height={h} rx={2} fill="#2451c7">
                <title>{`${d.day}: ${d.requests}`}</title>
              </rect>
              {i % 5 === 0 || i === data.length - 1 ? (
                <text x={x + slot * 0.35} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#475569">
                  {d.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 text-sm text-slate-700">
        {total.toLocaleString("en-US")} requests in {data.length} days (UTC). Hover a bar for its day.
      </figcaption>
    </figure>
  );
}
