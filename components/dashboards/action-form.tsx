"use client";

import { useActionState, useRef, type ReactNode } from "react";

import { toastError, toastSuccess } from "@/browser/toast";

type ActionResult = { ok: true; message: string } | { ok: false; message: string; fieldErrors?: Record<string, string> };
export type FormAction = (previous: ActionResult | null, formData: FormData) => Promise<ActionResult>;

/**
 * A small staff form posting to a server action (usable from server components): the answer shows
 * as a toast and in a live region, the fields are disabled while the action runs. Forms with
 * per-field messages use useActionState themselves.
 */
export function ActionForm({
  action,
  children,
  className,
  resetOnSuccess = false,
}: {
  action: FormAction;
  children: ReactNode;
  className?: string;
  resetOnSuccess?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  // The answer is toasted from the action's promise, not from an effect: a form whose row the
  // revalidated page no longer shows (a decided item) is gone before an effect could run.
  const [result, formAction, isPending] = useActionState(async (previous: ActionResult | null, formData: FormData) => {
    const answer = await action(previous, formData);
    void (answer.ok ? toastSuccess(answer.message) : toastError(answer.message));
    if (answer.ok && resetOnSuccess) formRef.current?.reset();
    return answer;
  }, null);
  return (
    <form ref={formRef} action={formAction} className={className} aria-busy={isPending}>
      <fieldset disabled={isPending} className="contents">
        {children}
      </fieldset>
      <p role="status" className={result && !result.ok ? "mt-2 text-sm font-medium text-red-700" : "sr-only"}>
        {result?.message ?? ""}
      </p>
    </form>
  );
}
