"use client";

import { useActionState, useId, useRef } from "react";

import type { FormAction } from "@/components/dashboards/action-form";

/**
 * Cancel one session, in two steps: the button opens a native modal dialog that says what follows
 * (families told, a make-up or else the credit by the deadline) before anything changes.
 */
export function CancelSessionButton({
  action,
  occurrence,
  when,
  creditRule,
}: {
  action: FormAction;
  occurrence: string;
  when: string;
  creditRule: string;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [result, formAction, isPending] = useActionState(async (previous: Parameters<FormAction>[0], data: FormData) => {
    const answer = await action(previous, data);
    dialogRef.current?.close();
    return answer;
  }, null);
  return (
    <>
      <button
        ref={openerRef}
        type="button"
        onClick={() => dialogRef.current?.showModal()}
        className="rounded-lg border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Cancel<span className="sr-only"> the session of {when}</span>
      </button>
      {result && !result.ok ? (
        <p role="status" className="text-sm font-medium text-red-700">
          {result.message}
        </p>
      ) : null}
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onClose={() => openerRef.current?.focus()}
        className="m-auto w-full max-w-md rounded-2xl border border-slate-200 p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          Cancel the session of {when}?
        </h2>
        <p className="mt-3 text-slate-800">
          Each family booked into it is told by email, and the session is marked cancelled in their calendar.
        </p>
        <p className="mt-2 text-sm text-slate-700">{creditRule}</p>
        <form action={formAction} aria-busy={isPending} className="mt-5 flex flex-wrap justify-end gap-3">
          <input type="hidden" name="occurrence" value={occurrence} />
          <button
            type="button"
            autoFocus
            onClick={() => dialogRef.current?.close()}
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            Keep the session
          </button>
          <button
            type="submit"
            disabled={isPending}
            className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            Cancel the session
          </button>
        </form>
      </dialog>
    </>
  );
}
