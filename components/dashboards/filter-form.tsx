import Link from "next/link";
import type { ReactNode } from "react";

/**
 * A dashboard's filters: a plain GET form (a filtered view is a link an agent can share and that
 * works without JavaScript), its fields, a submit button and "Clear" back to the bare page.
 */
export function FilterForm({
  action,
  label,
  submitLabel,
  className = "sm:grid-cols-4",
  children,
}: {
  action: string;
  label: string;
  submitLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className={`grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 ${className}`}
    >
      {children}
      <div className="flex items-end gap-3">
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {submitLabel}
        </button>
        <Link href={action} className="rounded-lg px-2 py-2 font-semibold text-brand-700 underline-offset-2 hover:underline">
          Clear
        </Link>
      </div>
    </form>
  );
}

/** One labelled filter control. */
export function FilterField({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}
