"use client";

import { useSubmitAction } from "@/components/forms/use-submit-action";
import { SESSION_NOTE_LIMITS } from "@/lib/classroom/session-note-limits";
import type { ActionResult } from "@/lib/platform/http/action-result";

const fieldClass = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";

export interface SessionNoteLearner {
  learnerId: number;
  firstName: string;
}

/**
 * The teacher's note after a session (issue 28): what was covered, an optional homework link and an
 * optional line per learner (their first name only). A refusal keeps what was typed and shows each
 * field's message beside it; saving again edits the note.
 */
export function SessionNoteForm({
  learners,
  note,
  action,
}: {
  learners: SessionNoteLearner[];
  note: { covered: string; homeworkUrl: string | null; lines: Record<number, string> } | null;
  action: (data: FormData) => Promise<ActionResult>;
}) {
  const { onSubmit, isPending, result, errorOf } = useSubmitAction(action);
  const field = (name: string, label: string) => {
    const error = errorOf(name);
    return {
      id: `note-field-${name}`,
      errorId: `note-field-${name}-error`,
      error,
      props: { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `note-field-${name}-error` : undefined },
      label,
    };
  };
  const covered = field("covered", "What the session covered");
  const homework = field("homeworkUrl", "Homework link (optional)");
  return (
    <form onSubmit={onSubmit} aria-busy={isPending} className="space-y-4" noValidate>
      <fieldset disabled={isPending} className="contents">
        <div>
          <label htmlFor={covered.id} className="block font-semibold text-slate-900">
            {covered.label}
          </label>
          <textarea
            id={covered.id}
            name="covered"
            rows={4}
            maxLength={SESSION_NOTE_LIMITS.covered}
            defaultValue={note?.covered ?? ""}
            className={fieldClass}
            {...covered.props}
          />
          {covered.error ? (
            <p id={covered.errorId} className="mt-1 text-sm font-medium text-red-700">
              {covered.error}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={homework.id} className="block font-semibold text-slate-900">
            {homework.label}
          </label>
          <input
            id={homework.id}
            name="homeworkUrl"
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={SESSION_NOTE_LIMITS.homeworkUrl}
            defaultValue={note?.homeworkUrl ?? ""}
            className={fieldClass}
            {...homework.props}
          />
          {homework.error ? (
            <p id={homework.errorId} className="mt-1 text-sm font-medium text-red-700">
              {homework.error}
            </p>
          ) : null}
        </div>
        {learners.map((learner, i) => {
          const line = field(`lines.${i}.line`, `Line for ${learner.firstName} (optional, only their family reads it)`);
          return (
            <div key={learner.learnerId}>
              <label htmlFor={`line-${learner.learnerId}`} className="block text-sm font-medium text-slate-800">
                {line.label}
              </label>
              <input
                id={`line-${learner.learnerId}`}
                name={`line-${learner.learnerId}`}
                maxLength={SESSION_NOTE_LIMITS.line}
                defaultValue={note?.lines[learner.learnerId] ?? ""}
                className={fieldClass}
                aria-invalid={line.error ? true : undefined}
                aria-describedby={line.error ? line.errorId : undefined}
              />
              {line.error ? (
                <p id={line.errorId} className="mt-1 text-sm font-medium text-red-700">
                  {line.error}
                </p>
              ) : null}
            </div>
          );
        })}
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {note ? "Update note" : "Save note"}
        </button>
      </fieldset>
      {/* A refusal with field messages is shown beside the fields; the live region still says it once. */}
      <p
        role="status"
        className={
          !result
            ? "sr-only"
            : result.ok
              ? "font-semibold text-green-800"
              : Object.keys(result.fieldErrors ?? {}).length > 0
                ? "sr-only"
                : "font-medium text-red-700"
        }
      >
        {result?.message ?? ""}
      </p>
    </form>
  );
}
