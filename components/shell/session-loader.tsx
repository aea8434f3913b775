"use client";

import { useEffect, useState } from "react";

import { SpinnerOverlay } from "@/components/ui/spinner-overlay";
import { useAuthState } from "@/browser/auth/auth-state";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import { INITIAL_LOADER_MS } from "@/lib/platform/constants";

/**
 * SPEC 2 and 9: signed-in areas show the full-screen loader while the session is not yet known, for
 * at most 1000 ms. Their layouts hand it the session the server read, so on those pages it is known
 * from the first paint and the loader does not show.
 */
export function SessionLoader({ serverUser }: { serverUser: SessionUser | null }) {
  const auth = useAuthState(serverUser);
  const [hasTimedOut, setHasTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setHasTimedOut(true), INITIAL_LOADER_MS);
    return () => clearTimeout(timer);
  }, []);
  const isLoading = auth.status === "unknown" || auth.status === "loading";
  return isLoading && !hasTimedOut ? <SpinnerOverlay label="Loading your account…" /> : null;
}
