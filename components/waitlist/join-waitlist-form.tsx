"use client";

import { useActionState } from "react";

import type { FormAction } from "@/components/dashboards/action-form";

/**
 * The waitlist step: which child, then Join. A refusal (already seated, already in line, a seat
 * free after all) shows beside the choice; the place in line shows on success, and the page
 * (revalidated by the action) lists it.
 */
export function JoinWaitlistForm({
  sectionId,
  learners,
  action,
}: {
  sectionId: number;
  learners: Array<{ id: number; firstName: string }>;
  action: FormAction;
}) {
  const [result, formAction, isPending] = useActionState(action, null);
  if (learners.length === 0 && result?.ok)
    return (
      <p role="status" className="mt-4 font-semibold text-green-800">
        {result.message}
      </p>
    );
  if (learners.length === 0) return <p className="mt-4 text-slate-700">Each of your children is in line for this class.</p>;
  const fieldError = result && !result.ok ? (result.fieldErrors?.learnerId ?? null) : null;
  return (
    <form action={formAction} className="mt-4" aria-busy={isPending}>
      <input type="hidden" name="sectionId" value={sectionId} />
      <fieldset disabled={isPending} className="contents">
        <label htmlFor="waitlist-learner" className="block font-semibold text-slate-900">
          Which child?
        </label>
        <select
          id="waitlist-learner"
          name="learnerId"
          className="mt-1 block w-full max-w-xs rounded-lg border border-slate-400 px-3 py-2 text-slate-900"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "waitlist-learner-error" : undefined}
        >
          {learners.map((learner) => (
            <option key={learner.id} value={learner.id}>
              {learner.firstName}
            </option>
          ))}
        </select>
        {fieldError ? (
          <p id="waitlist-learner-error" className="mt-1 text-sm font-medium text-red-700">
            {fieldError}
          </p>
        ) : null}
        <button
          type="submit"
          className="mt-4 rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          Join the waitlist
        </button>
      </fieldset>
      <p
        role="status"
        className={
          result ? (result.ok ? "mt-3 font-semibold text-green-800" : fieldError ? "sr-only" : "mt-3 font-medium text-red-700") : "sr-only"
        }
      >
        {result?.message ?? ""}
      </p>
    </form>
  );
}
