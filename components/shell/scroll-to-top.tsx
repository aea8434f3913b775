"use client";

import { SCROLL_THRESHOLD_PX, SCROLL_TOP_STEP_DELAY_MS, SCROLL_TOP_STEP_PX } from "@/lib/platform/constants";

import { useScrolledPast } from "./use-scrolled-past";

/** SPEC 2: appears after 170 px; climbs 100 px every ~10.5 ms (at once for reduced motion). */
export function ScrollToTop() {
  const isVisible = useScrolledPast(SCROLL_THRESHOLD_PX);
  if (!isVisible) return null;

  const climb = () => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      window.scrollTo(0, 0);
      return;
    }
    const timer = window.setInterval(() => {
      if (window.scrollY <= 0) {
        window.clearInterval(timer);
        return;
      }
      window.scrollBy(0, -SCROLL_TOP_STEP_PX);
    }, SCROLL_TOP_STEP_DELAY_MS);
  };

  return (
    <button
      type="button"
      onClick={climb}
      aria-label="Scroll to top"
      className="fixed right-4 bottom-20 z-40 grid size-11 place-items-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M6 15l6-6 6 6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
