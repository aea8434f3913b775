"use client";

import type { ReactNode } from "react";

export const fieldClass = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";

/** A labelled field with its message beneath, tied to it for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form's answer, said once to screen readers; shown unless its field messages already are. */
export function FormStatus({ result }: { result: { ok: boolean; message: string; fieldErrors?: Record<string, string> } | null }) {
  const hidden = !result || (!result.ok && Object.keys(result.fieldErrors ?? {}).length > 0);
  return (
    <p role="status" className={hidden ? "sr-only" : result.ok ? "font-semibold text-green-800" : "font-medium text-red-700"}>
      {result?.message ?? ""}
    </p>
  );
}

export const submitClass = "rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";
