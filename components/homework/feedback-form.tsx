"use client";

import { useSubmitAction } from "@/components/forms/use-submit-action";
import { HOMEWORK_LIMITS, MARK_MAX, MARK_MIN, MARK_WORDS } from "@/lib/homework/limits";
import type { ActionResult } from "@/lib/platform/http/action-result";

import { Field, fieldClass, FormStatus, submitClass } from "./field";

const MARKS = Array.from({ length: MARK_MAX - MARK_MIN + 1 }, (_, i) => MARK_MIN + i);

/** The teacher's feedback on one child's work: a comment and a mark from 1 to 4 on each of the course's criteria. */
export function FeedbackForm({
  formId,
  childName,
  criteria,
  given,
  action,
}: {
  /** Unique on the page (one form per hand-in). */
  formId: string;
  childName: string;
  criteria: Array<{ id: number; name: string }>;
  given: { comment: string; marks: Record<string, number> } | null;
  action: (data: FormData) => Promise<ActionResult>;
}) {
  const { onSubmit, isPending, result, errorOf } = useSubmitAction(action);
  return (
    <form onSubmit={onSubmit} aria-busy={isPending} className="space-y-3" noValidate aria-label={`Feedback for ${childName}`}>
      <fieldset disabled={isPending} className="contents">
        <Field id={`${formId}-comment`} label={`Comment for ${childName}'s family`} error={errorOf("comment")}>
          {(aria) => (
            <textarea
              name="comment"
              rows={3}
              maxLength={HOMEWORK_LIMITS.comment}
              defaultValue={given?.comment ?? ""}
              className={fieldClass}
              {...aria}
            />
          )}
        </Field>
        {criteria.map((criterion, i) => (
          <Field
            key={criterion.id}
            id={`${formId}-mark-${criterion.id}`}
            label={`${criterion.name} (1 to 4)`}
            error={errorOf(`marks.${i}.mark`) ?? errorOf("marks")}
          >
            {(aria) => (
              <select name={`mark-${criterion.id}`} defaultValue={given?.marks[criterion.name] ?? ""} className={fieldClass} {...aria}>
                <option value="">Choose a mark</option>
                {MARKS.map((mark) => (
                  <option key={mark} value={mark}>
                    {mark}: {MARK_WORDS[mark]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}
        <button type="submit" className={submitClass}>
          {given ? "Update feedback" : "Return feedback"}
        </button>
      </fieldset>
      <FormStatus result={result} />
    </form>
  );
}
