"use client";

import { useState } from "react";

import { callAction } from "@/browser/call-action";
import type { ActionResult } from "@/lib/platform/http/action-result";

/**
 * Shown to an account whose email is not verified yet (security issue: account squatting): why it
 * sees only what it made while signed in, and a button that sends the verification email again.
 */
export function VerifyEmailNotice({ email, resend }: { email: string; resend: () => Promise<ActionResult> }) {
  const [isBusy, setIsBusy] = useState(false);
  const [answer, setAnswer] = useState<ActionResult | null>(null);
  const onClick = async () => {
    setIsBusy(true);
    setAnswer(await callAction(resend, undefined));
    setIsBusy(false);
  };
  return (
    <section aria-labelledby="verify-email" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="verify-email" className="text-lg font-bold text-slate-900">
        Verify your email
      </h2>
      <p className="mt-1 text-slate-800">
        Please verify your email address to see requests made with it before you signed up. We sent a link to {email}; until you follow it,
        this page shows only the requests you make while signed in.
      </p>
      <button
        type="button"
        onClick={onClick}
        disabled={isBusy}
        aria-busy={isBusy}
        className="mt-3 rounded-xl border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:border-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
      >
        Resend verification email
      </button>
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={`mt-2 text-sm ${answer.ok ? "text-slate-700" : "text-red-700"}`}>
          {answer.message}
        </p>
      ) : null}
    </section>
  );
}
