import { useSyncExternalStore } from "react";

import { browserTimeZone } from "@/browser/time-zone";
import { hasSessionHint } from "@/lib/platform/auth/session-hint";

/**
 * The zone a page's times are shown in, in the browser (issue 31 item 3: one clock per person): a
 * signed-in person's account zone, else the browser's. Static pages cannot read the session, so the
 * account's zone is remembered in localStorage (written by the signed-in pages, which know it, and
 * by one small request while the session hint cookie says someone is signed in) and used only
 * while that hint is there: a signed-out visitor sees their browser's clock.
 */
const ACCOUNT_ZONE_KEY = "account-zone";
const ENDPOINT = "/api/v1/account/timezone";

const listeners = new Set<() => void>();
let asked = false;

function isZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The account's zone as last known here, while signed in; null otherwise. */
export function storedAccountZone(): string | null {
  if (!hasSessionHint(document.cookie)) return null;
  try {
    const zone = localStorage.getItem(ACCOUNT_ZONE_KEY);
    return zone && isZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** Keeps the account's zone for the static pages (a signed-in page's server knows it). */
export function rememberAccountZone(zone: string): void {
  try {
    if (localStorage.getItem(ACCOUNT_ZONE_KEY) === zone) return;
    localStorage.setItem(ACCOUNT_ZONE_KEY, zone);
  } catch {
    return;
  }
  for (const listener of listeners) listener();
}

/** The zone times are shown in here: the account's while signed in, else the browser's. */
export function viewerZone(): string {
  return storedAccountZone() ?? (browserTimeZone() || "UTC");
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!asked && hasSessionHint(document.cookie)) {
    asked = true;
    fetch(ENDPOINT, { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { timezone?: string | null } | null) => {
        if (body?.timezone) rememberAccountZone(body.timezone);
      })
      .catch(() => undefined);
  }
  return () => listeners.delete(listener);
}

/** viewerZone for a component: null in the server render and at hydration's first pass, then the zone. */
export function useViewerZone(): string | null {
  return useSyncExternalStore(subscribe, viewerZone, () => null);
}
