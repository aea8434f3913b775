"use client";

import { useSubmitAction } from "@/components/forms/use-submit-action";
import type { ActionResult } from "@/lib/platform/http/action-result";

/** One button that posts its hidden fields to a server action, shows the answer as a toast and its message beside it. */
export function ActionButton({
  action,
  fields,
  label,
  accessibleLabel,
  tone = "primary",
}: {
  action: (data: FormData) => Promise<ActionResult>;
  fields: Record<string, string | number>;
  label: string;
  accessibleLabel?: string;
  tone?: "primary" | "secondary";
}) {
  const { onSubmit, isPending, result } = useSubmitAction(action);
  const style =
    tone === "primary" ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-slate-400 text-slate-900 hover:bg-slate-100";
  return (
    <form onSubmit={onSubmit} aria-busy={isPending} className="inline">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        disabled={isPending}
        aria-label={accessibleLabel}
        className={`rounded-lg px-3 py-1.5 text-sm font-semibold disabled:opacity-60 ${style}`}
      >
        {label}
      </button>
      {result && !result.ok ? (
        <span role="alert" className="ml-2 text-sm font-medium text-red-700">
          {result.message}
        </span>
      ) : null}
    </form>
  );
}
