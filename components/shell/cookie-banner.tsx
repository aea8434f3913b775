"use client";

import { useEffect, useState } from "react";

import { COOKIE_CONSENT_MAX_AGE_DAYS, COOKIE_CONSENT_NAME } from "@/lib/constants";

export const COOKIE_BANNER_TEXT = "This website uses cookies to enhance the user experience.";

function hasConsent(): boolean {
  return document.cookie.split("; ").some((c) => c === `${COOKIE_CONSENT_NAME}=true`);
}

/** SPEC 2 and 9: the cookie banner; 'I Understand' is remembered for 365 days. */
export function CookieBanner() {
  // Rendered only after mount: the page is static and cannot know the cookie.
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => setIsOpen(!hasConsent()), []);
  if (!isOpen) return null;

  const accept = () => {
    const maxAge = COOKIE_CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${COOKIE_CONSENT_NAME}=true; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
    setIsOpen(false);
    window.dispatchEvent(new Event("cookie-consent"));
  };

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-700 bg-slate-900 px-4 py-3 text-sm text-white"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3">
        <p>{COOKIE_BANNER_TEXT}</p>
        <button
          type="button"
          onClick={accept}
          className="rounded-lg bg-accent-400 px-4 py-2 font-semibold text-slate-900 hover:bg-accent-500"
        >
          I Understand
        </button>
      </div>
    </section>
  );
}
