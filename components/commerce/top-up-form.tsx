"use client";

import { startTransition, useActionState, useEffect, useRef, type FormEvent } from "react";

import type { FormAction } from "@/components/dashboards/action-form";

/**
 * Top-up by card: the amount, then Stripe's page. Submitted through onSubmit so a refused amount
 * stays in the field (React resets a <form action>'s fields); its message shows beside it.
 */
export function TopUpForm({ topUp, min, max, cashLabel }: { topUp: FormAction; min: string; max: string; cashLabel: string }) {
  const [result, action, isPending] = useActionState(topUp, null);
  const inputRef = useRef<HTMLInputElement>(null);
  const amountError = result && !result.ok ? (result.fieldErrors?.amount ?? null) : null;
  const formMessage = result && !result.ok && result.message !== amountError ? result.message : "";
  useEffect(() => {
    if (amountError) inputRef.current?.focus();
  }, [amountError, result]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => action(data));
  };
  return (
    <form onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-3" aria-busy={isPending}>
      <label className="text-sm font-semibold text-slate-800">
        Amount ({min} to {max})
        <input
          ref={inputRef}
          name="amount"
          required
          inputMode="decimal"
          placeholder="50.00"
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? "top-up-amount-error" : undefined}
          className="mt-1 block w-40 rounded-lg border border-slate-400 px-3 py-2 text-slate-900"
        />
      </label>
      <button
        type="submit"
        disabled={isPending}
        className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {isPending ? "Opening Stripe…" : `Add ${cashLabel} by card`}
      </button>
      {amountError ? (
        <span id="top-up-amount-error" className="basis-full text-sm font-medium text-red-700">
          {amountError}
        </span>
      ) : null}
      <p role="status" className={formMessage ? "basis-full text-sm font-medium text-red-700" : "sr-only"}>
        {formMessage}
      </p>
    </form>
  );
}
