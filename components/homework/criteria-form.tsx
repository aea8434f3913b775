"use client";

import { useSubmitAction } from "@/components/forms/use-submit-action";
import { HOMEWORK_LIMITS } from "@/lib/homework/limits";
import type { ActionResult } from "@/lib/platform/http/action-result";

import { Field, fieldClass, FormStatus, submitClass } from "./field";

/** Up to three things every piece of the course's homework is marked on, 1 to 4 each. */
export function CriteriaForm({ names, action }: { names: string[]; action: (data: FormData) => Promise<ActionResult> }) {
  const { onSubmit, isPending, result, errorOf } = useSubmitAction(action);
  return (
    <form onSubmit={onSubmit} aria-busy={isPending} className="space-y-3" noValidate>
      <fieldset disabled={isPending} className="contents">
        {Array.from({ length: HOMEWORK_LIMITS.criteria }, (_, i) => (
          <Field
            key={i}
            id={`criterion-${i + 1}`}
            label={`Criterion ${i + 1}${i === 0 ? "" : " (optional)"}`}
            error={errorOf(`names.${i}`)}
          >
            {(aria) => (
              <input
                name="criterion"
                defaultValue={names[i] ?? ""}
                maxLength={HOMEWORK_LIMITS.criterion}
                className={fieldClass}
                {...aria}
              />
            )}
          </Field>
        ))}
        <button type="submit" className={submitClass}>
          Save criteria
        </button>
      </fieldset>
      <FormStatus result={result} />
    </form>
  );
}
