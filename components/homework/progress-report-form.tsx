"use client";

import { useSubmitAction } from "@/components/forms/use-submit-action";
import { HOMEWORK_LIMITS } from "@/lib/homework/limits";
import type { ActionResult } from "@/lib/platform/http/action-result";

import { Field, fieldClass, FormStatus, submitClass } from "./field";

/** The teacher's words in a child's progress report for one period: how it went and one next step. */
export function ProgressReportForm({
  formId,
  childName,
  action,
}: {
  formId: string;
  childName: string;
  action: (data: FormData) => Promise<ActionResult>;
}) {
  const { onSubmit, isPending, result, errorOf } = useSubmitAction(action);
  return (
    <form onSubmit={onSubmit} aria-busy={isPending} className="space-y-3" noValidate aria-label={`Progress report for ${childName}`}>
      <fieldset disabled={isPending} className="contents">
        <Field id={`${formId}-comment`} label={`How it went for ${childName}`} error={errorOf("comment")}>
          {(aria) => <textarea name="comment" rows={3} maxLength={HOMEWORK_LIMITS.progressComment} className={fieldClass} {...aria} />}
        </Field>
        <Field id={`${formId}-next`} label="One next step" error={errorOf("nextStep")}>
          {(aria) => <input name="nextStep" maxLength={HOMEWORK_LIMITS.nextStep} className={fieldClass} {...aria} />}
        </Field>
        <button type="submit" className={submitClass}>
          Save report
        </button>
      </fieldset>
      <FormStatus result={result} />
    </form>
  );
}

/** One button that runs an action with nothing to type (issuing a certificate). */
export function ActionButton({ label, action }: { label: string; action: () => Promise<ActionResult> }) {
  const { onSubmit, isPending, result } = useSubmitAction(() => action());
  return (
    <form onSubmit={onSubmit} aria-busy={isPending} className="inline">
      <button
        type="submit"
        disabled={isPending}
        className="rounded-lg border border-brand-600 px-3 py-1 font-semibold text-brand-700 hover:bg-brand-50"
      >
        {label}
      </button>
      <FormStatus result={result} />
    </form>
  );
}
