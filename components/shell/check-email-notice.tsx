"use client";

import { useSyncExternalStore } from "react";

/** Set by the sign-up form for the page it goes to next (this tab only). */
const STORAGE_KEY = "check-email-after-sign-up";

export function rememberSignUpEmail(email: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, email);
  } catch {
    // Storage refused (a private window's quota): the page after sign-up simply has no notice.
  }
}

// Read once per page load and taken out of storage, so a reload later does not bring it back.
let shownEmail: string | null | undefined;
const listeners = new Set<() => void>();

function readOnce(): string | null {
  if (shownEmail === undefined) {
    try {
      shownEmail = sessionStorage.getItem(STORAGE_KEY);
      sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      shownEmail = null;
    }
  }
  return shownEmail;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function dismiss() {
  shownEmail = null;
  for (const listener of listeners) listener();
}

/**
 * The step after sign-up: on the page the new family lands on (where it was going, or My courses),
 * "check your email", naming the address the verification link went to, until dismissed.
 */
export function CheckEmailNotice() {
  const email = useSyncExternalStore(subscribe, readOnce, () => null);
  if (!email) return null;
  return (
    <section aria-labelledby="check-email-title" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-4">
        <div className="min-w-0 flex-1">
          <h2 id="check-email-title" className="text-lg font-bold text-slate-900">
            Check your email
          </h2>
          <p className="text-slate-800">
            Your account is ready. We sent a link to <strong className="break-all">{email}</strong>: open it to verify your address, so that
            requests and bookings made with it before you signed up show on My courses too. No email? Look in spam, or send it again from My
            courses.
          </p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:border-brand-600"
        >
          Got it
        </button>
      </div>
    </section>
  );
}
