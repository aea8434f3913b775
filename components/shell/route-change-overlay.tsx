"use client";

import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";

import { SpinnerOverlay } from "@/components/ui/spinner-overlay";

/**
 * SPEC 2: a full-screen loader during route changes. The App Router has no
 * navigation events, so a click on an internal link to another page starts it
 * and the new pathname ends it.
 */
export function RouteChangeOverlay() {
  const pathname = usePathname();
  const [isNavigating, setIsNavigating] = useState(false);

  useEffect(() => setIsNavigating(false), [pathname]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a");
      if (!anchor || anchor.target === "_blank" || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, location.href);
      if (url.origin !== location.origin || url.pathname === location.pathname) return;
      setIsNavigating(true);
    };
    const onPop = () => setIsNavigating(false);
    document.addEventListener("click", onClick);
    window.addEventListener("popstate", onPop);
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("popstate", onPop);
    };
  }, []);

  return isNavigating ? <SpinnerOverlay label="Loading…" className="route-overlay" /> : null;
}
