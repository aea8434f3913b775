"use client";

import { startTransition, useActionState, useEffect, useRef, type FormEvent } from "react";

import type { FormAction } from "@/components/dashboards/action-form";

const field = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";

/**
 * The gift's amount, how it is paid, who it is for and a message; errors show beside their field,
 * and above the button only when no field shows them. The form is submitted through onSubmit, not
 * <form action>: React resets a form action's fields, and a refused purchase must keep what was typed.
 */
export function GiftBuyForm({
  buy,
  min,
  max,
  cashLabel,
  cardAvailable,
}: {
  buy: FormAction;
  min: string;
  max: string;
  cashLabel: string;
  /** Card payment is offered only when Stripe is configured. */
  cardAvailable: boolean;
}) {
  const [result, action, isPending] = useActionState(buy, null);
  const formRef = useRef<HTMLFormElement>(null);
  // A refused purchase focuses the first field with a message: a screen reader reads it with the field.
  useEffect(() => {
    const first = result && !result.ok ? Object.keys(result.fieldErrors ?? {})[0] : undefined;
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
  }, [result]);
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const formMessage = result && !result.ok && !Object.values(errors).includes(result.message) ? result.message : "";
  const describe = (name: string) => (errors[name] ? `${name}-error` : undefined);
  const error = (name: string) =>
    errors[name] ? (
      <span id={`${name}-error`} className="mt-1 block text-sm font-medium text-red-700">
        {errors[name]}
      </span>
    ) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => action(data));
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} className="mt-6 grid gap-5" aria-busy={isPending}>
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
      {cardAvailable ? (
        <fieldset className="text-sm text-slate-800" aria-describedby={describe("payWith")}>
          <legend className="font-semibold">How to pay</legend>
          <label className="mt-2 flex items-center gap-2">
            <input type="radio" name="payWith" value="wallet" defaultChecked className="h-4 w-4" />
            Pay with {cashLabel}
          </label>
          <label className="mt-1 flex items-center gap-2">
            <input type="radio" name="payWith" value="card" className="h-4 w-4" />
            Pay by card (on Stripe&apos;s secure page; the code is issued once the payment is confirmed)
          </label>
          {error("payWith")}
        </fieldset>
      ) : null}
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
      <p role="status" className={formMessage ? "text-sm font-medium text-red-700" : "sr-only"}>
        {formMessage}
      </p>
      <button
        type="submit"
        disabled={isPending}
        className="justify-self-start rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {isPending ? "Paying…" : cardAvailable ? "Buy the gift" : `Pay with ${cashLabel}`}
      </button>
    </form>
  );
}
