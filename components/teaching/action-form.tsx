"use client";

import type { ReactNode } from "react";

import { useSubmitAction } from "@/components/forms/use-submit-action";
import type { ActionResult } from "@/lib/platform/http/action-result";

/**
 * A small form posted to a server action: its fields are the children (hidden inputs, a textarea),
 * its answer a toast, a refusal's message shown under it (what a field message says, for one field).
 */
export function ActionForm({
  action,
  children,
  submitLabel,
  label,
  tone = "primary",
}: {
  action: (data: FormData) => Promise<ActionResult>;
  children?: ReactNode;
  submitLabel: string;
  /** The form's accessible name. */
  label: string;
  tone?: "primary" | "secondary";
}) {
  const { onSubmit, isPending, result } = useSubmitAction(action);
  const style =
    tone === "primary" ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-slate-400 text-slate-900 hover:bg-slate-100";
  return (
    <form onSubmit={onSubmit} aria-busy={isPending} aria-label={label} className="space-y-2">
      {children}
      <button type="submit" disabled={isPending} className={`rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60 ${style}`}>
        {submitLabel}
      </button>
      {result && !result.ok ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {result.message}
        </p>
      ) : null}
    </form>
  );
}
