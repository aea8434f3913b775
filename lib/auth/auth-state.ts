"use client";

import { useSyncExternalStore } from "react";

import { syncAnalyticsIdentity } from "@/lib/analytics/identity";
import { hasSessionHint } from "@/lib/auth/session-hint";
import type { SessionUser } from "@/lib/auth/session-user";

/**
 * SPEC 4: the auth state, loading → signed-out (user null) or signed-in. Static
 * pages cannot know the session, so the browser asks /api/auth/session, and only
 * when the proxy's hint cookie says there may be one.
 */
export type AuthState =
  | { status: "unknown" } // server render and first paint: the anonymous bar shows
  | { status: "loading" }
  | { status: "signed-out"; user: null }
  | { status: "signed-in"; user: SessionUser };

let state: AuthState = { status: "unknown" };
const listeners = new Set<() => void>();

function set(next: AuthState) {
  state = next;
  // Identify on every way into a session (sign-in, sign-up, a returning visitor); queued until consent.
  if (next.status === "signed-in") syncAnalyticsIdentity(next.user);
  else if (next.status === "signed-out") syncAnalyticsIdentity(null);
  for (const listener of listeners) listener();
}

let inFlight: Promise<void> | null = null;

/** Reads the session again (after sign-in, a profile change or logout). */
export function refreshAuthState(): Promise<void> {
  if (!hasSessionHint(document.cookie)) {
    set({ status: "signed-out", user: null });
    return Promise.resolve();
  }
  if (state.status === "unknown") set({ status: "loading" });
  inFlight ??= fetch("/api/auth/session", { cache: "no-store" })
    .then((r) => (r.ok ? r.json() : null))
    .then((session: { user?: SessionUser } | null) =>
      set(session?.user ? { status: "signed-in", user: session.user } : { status: "signed-out", user: null }),
    )
    .catch(() => set({ status: "signed-out", user: null }))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (state.status === "unknown") void refreshAuthState();
  return () => listeners.delete(listener);
}

const serverState: AuthState = { status: "unknown" };

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribe, () => state, () => serverState);
}
