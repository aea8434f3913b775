import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import { formatDate, minuteToClock } from "@/lib/scheduling/time";

export interface ExceptionRow {
  id: number;
  date: string;
  kind: "off" | "extra";
  startMinute: number | null;
  endMinute: number | null;
}

function describe(row: ExceptionRow): string {
  const hours =
    row.startMinute !== null && row.endMinute !== null ? `${minuteToClock(row.startMinute)}–${minuteToClock(row.endMinute)}` : null;
  if (row.kind === "extra") return `Extra hours ${hours ?? ""}`.trim();
  return hours ? `Time off ${hours}` : "Day off";
}

/** The teacher's upcoming exceptions, each with its Remove button. */
export function ExceptionList({ rows, removeAction }: { rows: ExceptionRow[]; removeAction: FormAction }) {
  if (rows.length === 0) return <p className="text-slate-700">No upcoming exceptions.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <span className="text-slate-900">
            <span className="font-semibold">{formatDate(row.date)}</span> · {describe(row)}
          </span>
          <ActionForm action={removeAction}>
            <input type="hidden" name="id" value={row.id} />
            <button
              type="submit"
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              Remove<span className="sr-only"> the exception of {formatDate(row.date)}</span>
            </button>
          </ActionForm>
        </li>
      ))}
    </ul>
  );
}
