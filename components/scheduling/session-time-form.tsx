"use client";

import { useActionState, useId } from "react";

import type { FormAction } from "@/components/dashboards/action-form";
import { zoneLabel } from "@/lib/scheduling/zone-name";

/**
 * A new time for one session (a move or a make-up): a date-and-time field in the viewer's zone (named),
 * its refusal shown beside it (the server decides: a past time, a time the teacher is busy).
 */
export function SessionTimeForm({
  action,
  occurrence,
  defaultValue,
  label,
  submitLabel,
  zone,
}: {
  action: FormAction;
  occurrence: string;
  defaultValue: string;
  label: string;
  submitLabel: string;
  zone: string;
}) {
  const [result, formAction, isPending] = useActionState(action, null);
  const fieldId = useId();
  const errorId = useId();
  const fieldError = result && !result.ok ? (result.fieldErrors?.startsAt ?? result.message) : null;
  return (
    <form action={formAction} aria-busy={isPending} className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="occurrence" value={occurrence} />
      {/* The zone the time is typed in, as the label names it. */}
      <input type="hidden" name="timezone" value={zone} />
      <div>
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          {label} <span className="font-normal text-slate-700">({zoneLabel(zone)})</span>
        </label>
        <input
          id={fieldId}
          name="startsAt"
          type="datetime-local"
          required
          defaultValue={defaultValue}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
          className="mt-1 rounded-lg border border-slate-400 px-2 py-1.5 text-slate-900"
        />
      </div>
      <button
        type="submit"
        disabled={isPending}
        className="rounded-lg bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {submitLabel}
      </button>
      <p
        id={errorId}
        role="status"
        className={fieldError ? "w-full text-sm font-medium text-red-700" : result?.ok ? "w-full text-sm text-green-800" : "sr-only"}
      >
        {fieldError ?? result?.message ?? ""}
      </p>
    </form>
  );
}
