"use client";

import { useRef, useState, useTransition } from "react";

import { FieldError, errorProps, inputClass } from "@/components/forms/form-field";
import { callAction } from "@/browser/call-action";
import { toastError, toastSuccess } from "@/browser/toast";
import type { ActionResult } from "@/lib/platform/http/action-result";

export interface HoursRow {
  weekday: string;
  start: string;
  end: string;
}

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/**
 * Weekly hours as rows (day, from, to), added and removed here and saved all at once: the server
 * replaces the week only when every row is valid (its messages come back keyed "row.field").
 */
export function WeeklyHoursEditor({
  action,
  initialRows,
  zoneName,
}: {
  action: (rows: HoursRow[]) => Promise<ActionResult>;
  initialRows: HoursRow[];
  /** The zone as people say it, worded on the server (the browser's ICU could word it otherwise). */
  zoneName: string;
}) {
  const nextKey = useRef(initialRows.length);
  const [rows, setRows] = useState(() => initialRows.map((row, key) => ({ ...row, key })));
  const [result, setResult] = useState<ActionResult | null>(null);
  const [isPending, startTransition] = useTransition();
  const addButton = useRef<HTMLButtonElement>(null);

  const update = (key: number, field: keyof HoursRow, value: string) =>
    setRows((list) => list.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const add = () => {
    const key = nextKey.current++;
    setRows((list) => [...list, { key, weekday: "1", start: "09:00", end: "17:00" }]);
    setResult(null);
  };
  const remove = (key: number) => {
    setRows((list) => list.filter((row) => row.key !== key));
    setResult(null);
    // The removed row's button is gone: keep the keyboard in the editor.
    addButton.current?.focus();
  };
  const save = () =>
    startTransition(async () => {
      const answer = await callAction(
        action,
        rows.map(({ weekday, start, end }) => ({ weekday, start, end })),
      );
      setResult(answer);
      void (answer.ok ? toastSuccess(answer.message) : toastError(answer.message));
    });
  const errorOf = (index: number, field: string) => (result && !result.ok ? result.fieldErrors?.[`${index}.${field}`] : undefined);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      aria-busy={isPending}
      noValidate
    >
      <p className="text-sm text-slate-700">Times are in your time zone, {zoneName}.</p>
      {rows.length === 0 ? <p className="mt-4 text-slate-700">No weekly hours yet: families cannot book a demo with you.</p> : null}
      <ul className="mt-4 space-y-3">
        {rows.map((row, index) => {
          const id = `hours-${row.key}`;
          const rowError = errorOf(index, "start") ?? errorOf(index, "end") ?? errorOf(index, "weekday");
          return (
            <li key={row.key} className="rounded-xl border border-slate-200 p-3">
              <fieldset className="flex flex-wrap items-end gap-3">
                <legend className="sr-only">Hours {index + 1}</legend>
                <label className="text-sm font-semibold text-slate-800">
                  Day
                  <select
                    value={row.weekday}
                    onChange={(e) => update(row.key, "weekday", e.target.value)}
                    className={inputClass}
                    {...errorProps(id, errorOf(index, "weekday"))}
                  >
                    {WEEKDAY_NAMES.map((name, day) => (
                      <option key={name} value={day + 1}>
                        {name}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="text-sm font-semibold text-slate-800">
                  From
                  <input
                    type="time"
                    value={row.start}
                    onChange={(e) => update(row.key, "start", e.target.value)}
                    className={inputClass}
                    {...errorProps(id, errorOf(index, "start"))}
                  />
                </label>
                <label className="text-sm font-semibold text-slate-800">
                  To
                  <input
                    type="time"
                    value={row.end}
                    onChange={(e) => update(row.key, "end", e.target.value)}
                    className={inputClass}
                    {...errorProps(id, errorOf(index, "end"))}
                  />
                </label>
                <button
                  type="button"
                  onClick={() => remove(row.key)}
                  className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                >
                  Remove<span className="sr-only"> hours {index + 1}</span>
                </button>
              </fieldset>
              <FieldError id={`${id}-error`} message={rowError} />
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          ref={addButton}
          type="button"
          onClick={add}
          className="rounded-xl border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Add hours
        </button>
        <button
          type="submit"
          disabled={isPending}
          className="rounded-xl bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {isPending ? "Saving…" : "Save weekly hours"}
        </button>
      </div>
      <p role="status" className={result && !result.ok ? "mt-3 text-sm font-medium text-red-700" : "sr-only"}>
        {result?.message ?? ""}
      </p>
    </form>
  );
}
