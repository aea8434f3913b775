"use client";

import { useEffect, useState } from "react";

import { SpinnerOverlay } from "@/components/ui/spinner-overlay";
import { useAuthState } from "@/lib/auth/auth-state";
import { INITIAL_LOADER_MS } from "@/lib/constants";

/** SPEC 2 and 9: signed-in areas show the full-screen loader while the session loads, for at most 1000 ms. */
export function SessionLoader() {
  const auth = useAuthState();
  const [hasTimedOut, setHasTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setHasTimedOut(true), INITIAL_LOADER_MS);
    return () => clearTimeout(timer);
  }, []);
  const isLoading = auth.status === "unknown" || auth.status === "loading";
  return isLoading && !hasTimedOut ? <SpinnerOverlay label="Loading your account…" /> : null;
}
