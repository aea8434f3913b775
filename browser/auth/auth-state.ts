"use client";

import { useCallback, useMemo, useSyncExternalStore } from "react";

import { syncAnalyticsIdentity } from "@/browser/analytics/identity";
import { hasSessionHint } from "@/lib/platform/auth/session-hint";
import type { SessionUser } from "@/lib/platform/auth/session-user";

/**
 * SPEC 4: the auth state, loading → signed-out (user null) or signed-in. Static
 * pages cannot know the session, so the browser asks /api/auth/session, and only
 * when the proxy's hint cookie says there may be one. The signed-in pages' layouts
 * read the session on the server anyway and hand it over (useAuthState's serverUser),
 * so there it is known from the first paint and nothing is asked.
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

export function currentAuthState(): AuthState {
  return state;
}

const isNotYetKnown = (s: AuthState) => s.status === "unknown" || s.status === "loading";

/**
 * Takes a session the server read for this page, if the browser does not know one yet. A state
 * already known is kept: after a logout on a signed-in page, the page's server user is stale.
 */
export function primeAuthState(user: SessionUser): void {
  if (isNotYetKnown(state)) set({ status: "signed-in", user });
}

const unknownState: AuthState = { status: "unknown" };

/**
 * The auth state for a component. `serverUser` is the session a signed-in page's layout read on the
 * server: the server render and the first paint show it, and it becomes the browser's state when
 * the component subscribes, before anything would be fetched.
 */
export function useAuthState(serverUser: SessionUser | null = null): AuthState {
  const fromServer = useMemo<AuthState>(() => (serverUser ? { status: "signed-in", user: serverUser } : unknownState), [serverUser]);
  const subscribeWithServerUser = useCallback(
    (listener: () => void) => {
      if (serverUser) primeAuthState(serverUser);
      return subscribe(listener);
    },
    [serverUser],
  );
  const read = useCallback(() => (serverUser && isNotYetKnown(state) ? fromServer : state), [serverUser, fromServer]);
  return useSyncExternalStore(subscribeWithServerUser, read, () => fromServer);
}
