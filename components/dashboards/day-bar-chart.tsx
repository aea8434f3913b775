import { zoneLabel } from "@/lib/scheduling/zone-name";

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 16, right: 8, bottom: 28, left: 48 };

/** A rounded-up axis maximum with 4 even steps: 0, 5, 10, 15, 20 rather than 0..17. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(value / 4));
  const candidates = [1, 2, 2.5, 5, 10].map((m) => m * step * 4);
  return candidates.find((c) => c >= value) ?? value;
}

export interface DayValue {
  /** YYYY-MM-DD, a day on the reader's clock (`zone`) */
  day: string;
  value: number;
}

const count = (value: number) => value.toLocaleString("en-US");

/**
 * A figure per day (demo requests, revenue) as server-rendered SVG bars: no chart library, no client
 * JavaScript. `id` keeps two charts on one page apart; `formatValue` writes a value (money, a count);
 * `zone` is the reader's, whose days the data counts (one clock per person), named in the caption.
 */
export function DayBarChart({
  data,
  title,
  id = "per-day",
  noun = "requests",
  formatValue = count,
  zone,
}: {
  data: DayValue[];
  zone: string;
  title: string;
  id?: string;
  noun?: string;
  formatValue?: (value: number) => string;
}) {
  const max = niceMax(Math.max(0, ...data.map((d) => d.value)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, data.length);
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const peak = data.reduce<DayValue | null>((best, d) => (!best || d.value > best.value ? d : best), null);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f));
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="h-auto w-full">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          {formatValue(total)} {noun} over {data.length} days
          {peak ? `; the busiest day was ${peak.day} with ${formatValue(peak.value)}` : ""}.
        </desc>
        {ticks.map((tick) => {
          const y = PAD.top + plotH - (tick / max) * plotH;
          return (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke="#e2e8f0" />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize="11" fill="#475569">
                {formatValue(tick)}
              </text>
            </g>
          );
        })}
        {data.map((d, i) => {
          const h = (Math.max(0, d.value) / max) * plotH;
          const x = PAD.left + i * slot + slot * 0.15;
          return (
            <g key={d.day}>
              <rect x={x} y={PAD.top + plotH - h} width={slot * 0.7} height={h} rx={2} fill="#2451c7">
                <title>{`${d.day}: ${formatValue(d.value)}`}</title>
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
        {formatValue(total)} {noun} in {data.length} days, each midnight to midnight in {zoneLabel(zone)}. Hover a bar for its day.
      </figcaption>
    </figure>
  );
}
