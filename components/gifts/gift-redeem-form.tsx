"use client";

import Link from "next/link";
import { useActionState } from "react";

import type { FormAction } from "@/components/dashboards/action-form";

/** The code as printed (dashes, spaces and case do not matter); the answer, good or bad, is read out and stays visible. */
export function GiftRedeemForm({ redeem, walletHref, cashLabel }: { redeem: FormAction; walletHref: string; cashLabel: string }) {
  const [result, action, isPending] = useActionState(redeem, null);
  return (
    <form action={action} className="mt-6 grid gap-4" aria-busy={isPending}>
      <label className="text-sm font-semibold text-slate-800">
        Gift code
        <input
          name="code"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"
          aria-invalid={result && !result.ok ? true : undefined}
          aria-describedby="redeem-result"
          className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 font-mono tracking-wider text-slate-900"
        />
      </label>
      <button
        type="submit"
        disabled={isPending}
        className="justify-self-start rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {isPending ? "Redeeming…" : "Redeem gift"}
      </button>
      <div id="redeem-result" role="status" aria-live="polite">
        {result ? (
          <p className={result.ok ? "rounded-lg bg-green-50 p-4 text-green-900" : "text-sm font-medium text-red-700"}>
            {result.message}
            {result.ok ? (
              <>
                {" "}
                <Link href={walletHref} className="font-semibold underline underline-offset-4">
                  See your {cashLabel}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </form>
  );
}
