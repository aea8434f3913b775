"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

import { INTENT_LINK_ATTRIBUTE, isBrowserHandledClick } from "@/browser/link-clicks";
import { sameOriginPath } from "@/lib/platform/auth/guard";

/** The marked link an event happened in, if any. */
function intentLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>(`a[${INTENT_LINK_ATTRIBUTE}]`) : null;
}

/** The link's path in this app, or null for another origin or a path that reads as one (those are left to the browser). */
function appPathOf(anchor: HTMLAnchorElement): string | null {
  return sameOriginPath(anchor.href, location.origin);
}

/**
 * The behaviour of every IntentLink (components/ui/intent-link.tsx), delegated to the document:
 * prefetch on intent (pointer over, focus, touch) and navigation through the App Router on a
 * plain click. Events bubble here from any marked link, including ones rendered after hydration.
 */
export function IntentLinkNavigator() {
  const router = useRouter();
  useEffect(() => {
    const prefetch = (event: Event) => {
      const anchor = intentLinkOf(event.target);
      const path = anchor && appPathOf(anchor);
      if (path) router.prefetch(path);
    };
    const navigate = (event: MouseEvent) => {
      const anchor = intentLinkOf(event.target);
      if (!anchor || event.defaultPrevented || isBrowserHandledClick(event, anchor)) return;
      const path = appPathOf(anchor);
      if (!path) return;
      event.preventDefault();
      router.push(path);
    };
    const passive = { passive: true } as const;
    document.addEventListener("pointerover", prefetch, passive);
    document.addEventListener("focusin", prefetch);
    document.addEventListener("touchstart", prefetch, passive);
    document.addEventListener("click", navigate);
    return () => {
      document.removeEventListener("pointerover", prefetch);
      document.removeEventListener("focusin", prefetch);
      document.removeEventListener("touchstart", prefetch);
      document.removeEventListener("click", navigate);
    };
  }, [router]);
  return null;
}
