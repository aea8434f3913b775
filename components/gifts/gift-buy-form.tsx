"use client";

import { useActionState } from "react";

import type { FormAction } from "@/components/dashboards/action-form";

const field = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";

/** The gift's amount, who it is for and a message; errors show beside their field and above the button. */
export function GiftBuyForm({ buy, min, max, cashLabel }: { buy: FormAction; min: string; max: string; cashLabel: string }) {
  const [result, action, isPending] = useActionState(buy, null);
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const describe = (name: string) => (errors[name] ? `${name}-error` : undefined);
  const error = (name: string) =>
    errors[name] ? (
      <span id={`${name}-error`} className="mt-1 block text-sm font-medium text-red-700">
        {errors[name]}
      </span>
    ) : null;
  return (
    <form action={action} className="mt-6 grid gap-5" aria-busy={isPending}>
      <label className="text-sm font-semibold text-slate-800">
        Amount of {cashLabel} ({min} to {max})
        <input
          name="amount"
          required
          inputMode="decimal"
          placeholder="50.00"
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={describe("amount")}
          className={field}
        />
        {error("amount")}
      </label>
      <label className="text-sm font-semibold text-slate-800">
        Recipient&apos;s name (optional)
        <input name="recipientName" maxLength={80} autoComplete="off" aria-describedby={describe("recipientName")} className={field} />
        {error("recipientName")}
      </label>
      <label className="text-sm font-semibold text-slate-800">
        Recipient&apos;s email (optional: we email them the code)
        <input
          name="recipientEmail"
          type="email"
          autoComplete="off"
          aria-invalid={errors.recipientEmail ? true : undefined}
          aria-describedby={describe("recipientEmail")}
          className={field}
        />
        {error("recipientEmail")}
      </label>
      <label className="text-sm font-semibold text-slate-800">
        Message (optional)
        <textarea name="message" rows={3} maxLength={500} aria-describedby={describe("message")} className={field} />
        {error("message")}
      </label>
      <p role="status" className={result && !result.ok ? "text-sm font-medium text-red-700" : "sr-only"}>
        {result && !result.ok ? result.message : ""}
      </p>
      <button
        type="submit"
        disabled={isPending}
        className="justify-self-start rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {isPending ? "Paying…" : `Pay with ${cashLabel}`}
      </button>
    </form>
  );
}
