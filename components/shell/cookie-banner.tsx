"use client";

import { useEffect, useState } from "react";

import { grantConsent, hasConsent, scrolledPercent } from "@/lib/consent/consent";

export const COOKIE_BANNER_TEXT = "This website uses cookies to enhance the user experience.";

/**
 * SPEC 2 and 9: the cookie banner; 'I Understand' is remembered for 365 days.
 * Accept-on-scroll (SPEC 9's 25 percent) counts scrolling as consent; it is off
 * unless NEXT_PUBLIC_CONSENT_ON_SCROLL is "on", since a scroll is a weak
 * sign of consent from a child or a parent.
 */
export function CookieBanner({ acceptOnScrollPercent = null }: { acceptOnScrollPercent?: number | null }) {
  // Rendered only after mount: the page is static and cannot know the cookie.
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => setIsOpen(!hasConsent()), []);

  useEffect(() => {
    if (!isOpen || acceptOnScrollPercent === null) return;
    const onScroll = () => {
      if (scrolledPercent() < acceptOnScrollPercent) return;
      grantConsent();
      setIsOpen(false);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [isOpen, acceptOnScrollPercent]);

  if (!isOpen) return null;

  const accept = () => {
    grantConsent();
    setIsOpen(false);
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
