"use client";

import { useEffect, useState } from "react";

import { grantConsent, HAS_CONSENT_EXPRESSION, hasConsent, scrolledPercent } from "@/lib/platform/consent";

export const COOKIE_BANNER_TEXT = "This website uses cookies to enhance the user experience.";

/**
 * The page is static and cannot know the cookie, so the banner is in its HTML and this runs as the
 * parser reaches it, before the first paint: a visitor who already answered never sees it. (It
 * used to be rendered after hydration instead, which cost a first-time visitor a second render,
 * style and layout pass right after hydration, the longest task after start-up.)
 */
const BANNER_ID = "cookie-banner";
const HIDE_WHEN_ANSWERED = `if(${HAS_CONSENT_EXPRESSION})document.getElementById(${JSON.stringify(BANNER_ID)}).hidden=true`;

/**
 * SPEC 2 and 9: the cookie banner; 'I Understand' is remembered for 365 days.
 * Accept-on-scroll (SPEC 9's 25 percent) counts scrolling as consent; it is off
 * unless NEXT_PUBLIC_CONSENT_ON_SCROLL is "on", since a scroll is a weak
 * sign of consent from a child or a parent.
 */
export function CookieBanner({ acceptOnScrollPercent = null }: { acceptOnScrollPercent?: number | null }) {
  const [isOpen, setIsOpen] = useState(true);
  // After hydration, React's tree follows what the script above decided (for the same cookie).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the cookie is only readable after hydration; the inline script already hid the banner, so this render changes nothing on screen
    if (hasConsent()) setIsOpen(false);
  }, []);

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
    <>
      {/* The script sets `hidden` before hydration, so that attribute is expected to differ. */}
      <section
        id={BANNER_ID}
        aria-label="Cookie consent"
        suppressHydrationWarning
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
      <script dangerouslySetInnerHTML={{ __html: HIDE_WHEN_ANSWERED }} />
    </>
  );
}
