"use client";

import { useActionState } from "react";

import { SubmitButton } from "@/components/forms/submit-button";
import type { FormAction } from "@/components/dashboards/action-form";
import { CONCERN_DETAILS_MAX, CONCERN_REASONS } from "@/lib/safety/schema";

/** The report form (issue 40): a reason from a short list and what happened; the answer shows in place of the form when it is filed. */
export function ReportForm({ action, subjectType, subjectId }: { action: FormAction; subjectType: string; subjectId: string }) {
  const [result, formAction, isPending] = useActionState(action, null);
  if (result?.ok) {
    return (
      <p role="status" className="mt-6 rounded-xl bg-green-50 p-4 font-semibold text-green-900">
        {result.message}
      </p>
    );
  }
  const fieldErrors = result && !result.ok && "fieldErrors" in result ? (result.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} className="mt-6 space-y-4" aria-busy={isPending}>
      <input type="hidden" name="subjectType" value={subjectType} />
      <input type="hidden" name="subjectId" value={subjectId} />
      <fieldset>
        <legend className="font-semibold text-slate-900">What is it about?</legend>
        {Object.entries(CONCERN_REASONS).map(([value, label]) => (
          <label key={value} className="mt-2 flex items-center gap-2 text-slate-900">
            <input type="radio" name="reason" value={value} required />
            {label}
          </label>
        ))}
        {fieldErrors.reason ? <p className="mt-1 text-sm text-red-700">{fieldErrors.reason}</p> : null}
      </fieldset>
      <div>
        <label htmlFor="concern-details" className="block font-semibold text-slate-900">
          What happened?
        </label>
        <textarea
          id="concern-details"
          name="details"
          required
          maxLength={CONCERN_DETAILS_MAX}
          rows={5}
          aria-describedby="concern-details-hint"
          className="mt-1 block w-full rounded-lg border border-slate-400 p-3 text-slate-900"
        />
        <p id="concern-details-hint" className="text-sm text-slate-700">
          Up to {CONCERN_DETAILS_MAX.toLocaleString("en-US")} characters. Only our support team reads it.
        </p>
        {fieldErrors.details ? <p className="mt-1 text-sm text-red-700">{fieldErrors.details}</p> : null}
      </div>
      <SubmitButton isBusy={isPending}>Send the report</SubmitButton>
      <p role="status" className={result && !result.ok ? "text-sm font-medium text-red-700" : "sr-only"}>
        {result && !result.ok ? result.message : ""}
      </p>
    </form>
  );
}
