"use client";

import { useSubmitAction } from "@/components/forms/use-submit-action";
import { HOMEWORK_LIMITS } from "@/lib/homework/limits";
import type { ActionResult } from "@/lib/platform/http/action-result";

import { Field, fieldClass, FormStatus, submitClass } from "./field";

/**
 * The teacher sets a task on one of the section's sessions: title, instructions, the due date and
 * time in the teacher's own zone (each family sees it in theirs), and an optional resource link.
 */
export function SetHomeworkForm({
  sessions,
  defaultSession,
  zone,
  action,
}: {
  sessions: Array<{ value: string; label: string }>;
  defaultSession?: string;
  /** The teacher's zone as people say it. */
  zone: string;
  action: (data: FormData) => Promise<ActionResult>;
}) {
  const { onSubmit, isPending, result, errorOf } = useSubmitAction(action, () => undefined);
  return (
    <form onSubmit={onSubmit} aria-busy={isPending} className="space-y-4" noValidate>
      <fieldset disabled={isPending} className="contents">
        <Field id="homework-session" label="Session" error={errorOf("sessionStartsAt")}>
          {(aria) => (
            <select name="sessionStartsAt" defaultValue={defaultSession} className={fieldClass} {...aria}>
              {sessions.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="homework-title" label="Title" error={errorOf("title")}>
          {(aria) => <input name="title" maxLength={HOMEWORK_LIMITS.title} className={fieldClass} {...aria} />}
        </Field>
        <Field id="homework-instructions" label="Instructions" error={errorOf("instructions")}>
          {(aria) => <textarea name="instructions" rows={4} maxLength={HOMEWORK_LIMITS.instructions} className={fieldClass} {...aria} />}
        </Field>
        <Field
          id="homework-due"
          label="Due"
          hint={`Date and time in your zone, ${zone}; each family sees it in theirs.`}
          error={errorOf("dueLocal")}
        >
          {(aria) => <input name="dueLocal" type="datetime-local" className={fieldClass} {...aria} />}
        </Field>
        <Field
          id="homework-resource"
          label="Resource link (optional)"
          hint="A link to a site on our list shows at once; others wait for our support team."
          error={errorOf("resourceUrl")}
        >
          {(aria) => (
            <input
              name="resourceUrl"
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={HOMEWORK_LIMITS.resourceUrl}
              className={fieldClass}
              {...aria}
            />
          )}
        </Field>
        <button type="submit" className={submitClass}>
          Set homework
        </button>
      </fieldset>
      <FormStatus result={result} />
    </form>
  );
}
