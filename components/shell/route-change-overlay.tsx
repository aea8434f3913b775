"use client";

import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";

import { SpinnerOverlay } from "@/components/ui/spinner-overlay";
import { isBrowserHandledClick } from "@/browser/link-clicks";

/** A navigation that never changes the pathname (a redirect back here) must not leave the page covered. */
const MAX_OVERLAY_MS = 8000;

/**
 * SPEC 2: a full-screen loader during route changes. The App Router has no
 * navigation events, so a click on an internal link to another page starts it
 * and the new pathname ends it. The listener runs in the capture phase: IntentLink's navigator
 * and next/link call preventDefault() in their own listeners on the document, in the bubble
 * phase, so a bubbling listener registered after them would never see a link click.
 */
export function RouteChangeOverlay() {
  const pathname = usePathname();
  const [isNavigating, setIsNavigating] = useState(false);

  // eslint-disable-next-line react-hooks/set-state-in-effect -- a committed route change ends the overlay; the pathname is the outside signal
  useEffect(() => setIsNavigating(false), [pathname]);

  useEffect(() => {
    if (!isNavigating) return;
    const timer = setTimeout(() => setIsNavigating(false), MAX_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [isNavigating]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.("a");
      if (!anchor || isBrowserHandledClick(event, anchor)) return;
      const url = new URL(anchor.href, location.href);
      if (url.origin !== location.origin || url.pathname === location.pathname) return;
      setIsNavigating(true);
    };
    const onPop = () => setIsNavigating(false);
    document.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPop);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPop);
    };
  }, []);

  return isNavigating ? <SpinnerOverlay label="Loading…" className="route-overlay" /> : null;
}
