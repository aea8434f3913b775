"use client";

import { useState, useTransition } from "react";

import type { ActionResult } from "@/lib/platform/http/action-result";
import { toastError, toastSuccess } from "@/browser/toast";

type DecideAction = (previous: ActionResult | null, formData: FormData) => Promise<ActionResult>;

/**
 * Approve and Decline for one pending application. A decided application leaves the pending list
 * as the page revalidates, so the answer is toasted from the action's promise (not from an effect
 * of this component, which is gone by then).
 */
export function ApplicationDecision({
  applicationId,
  applicantName,
  decide,
}: {
  applicationId: number;
  applicantName: string;
  decide: DecideAction;
}) {
  const [isPending, startTransition] = useTransition();
  const [error, setError] = useState("");

  const submit = (formData: FormData) =>
    startTransition(async () => {
      const result = await decide(null, formData);
      setError(result.ok ? "" : result.message);
      await (result.ok ? toastSuccess(result.message) : toastError(result.message));
    });

  return (
    <form action={submit} aria-busy={isPending} className="mt-4">
      <input type="hidden" name="applicationId" value={applicationId} />
      <fieldset disabled={isPending} className="flex flex-wrap gap-3">
        <legend className="sr-only">Decision on {applicantName}&rsquo;s application</legend>
        <button
          type="submit"
          name="decision"
          value="approve"
          aria-label={`Approve ${applicantName}`}
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Approve
        </button>
        <button
          type="submit"
          name="decision"
          value="decline"
          aria-label={`Decline ${applicantName}`}
          className="rounded-lg border border-slate-400 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60"
        >
          Decline
        </button>
      </fieldset>
      <p role="status" className={error ? "mt-2 text-sm font-medium text-red-700" : "sr-only"}>
        {error}
      </p>
    </form>
  );
}
