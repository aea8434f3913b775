import type { ReactNode } from "react";

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-700";

/** A label, its control and the control's error, tied together for screen readers. */
export function FormField(props: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-semibold text-slate-800">
        {props.label}
        {props.hint ? <span className="font-normal text-slate-600"> {props.hint}</span> : null}
      </label>
      {props.children}
      <FieldError id={`${props.id}-error`} message={props.error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** aria props for a control with an optional error. */
export function errorProps(id: string, error?: string) {
  return error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : { "aria-invalid": false };
}

/**
 * What the server answered to a form that failed (a wrong password, a sign-up refused), in the form
 * beside its button: the live region is always there, so a screen reader announces the message the
 * moment it is put in, and it stays on screen until the next try (not a toast that fades).
 */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <div id={id} role="alert" className="empty:hidden">
      {message ? <p className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{message}</p> : null}
    </div>
  );
}
