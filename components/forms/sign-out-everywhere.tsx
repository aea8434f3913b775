"use client";

import { useState } from "react";

import { logOut } from "@/browser/auth/logout";
import { toastError } from "@/browser/toast";
import type { ActionResult } from "@/lib/platform/http/action-result";

/** Ends every session of the account (the action), then this browser's, the way Logout does. */
export function SignOutEverywhere({ userId, action }: { userId: string; action: () => Promise<ActionResult> }) {
  const [isBusy, setIsBusy] = useState(false);
  const onClick = async () => {
    setIsBusy(true);
    const result = await action().catch(() => ({ ok: false, message: "Something went wrong. Please try again" }) as const);
    if (!result.ok) {
      setIsBusy(false);
      return toastError(result.message);
    }
    await logOut({ id: userId });
  };
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-bold text-slate-900">Your sessions</h2>
      <p className="text-sm text-slate-700">Signed in on a shared or lost device? Sign out on every device at once, this one included.</p>
      <button
        type="button"
        onClick={onClick}
        disabled={isBusy}
        aria-busy={isBusy}
        className="w-full rounded-xl border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:border-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
      >
        Sign out everywhere
      </button>
    </div>
  );
}
