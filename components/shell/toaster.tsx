"use client";

import { useEffect, useSyncExternalStore } from "react";

import { TOAST_DURATION_MS } from "@/lib/platform/constants";
import { loadedToaster, subscribeToSonner, toasterIsListening } from "@/browser/toast";

/**
 * SPEC 2 and 9: toasts at top-left, dismissed after 10 000 ms. Renders nothing until the first
 * toast loads sonner (browser/toast.ts), so no page loads it on arrival.
 */
export function ToasterHost() {
  const Toaster = useSyncExternalStore(subscribeToSonner, loadedToaster, () => null);
  if (!Toaster) return null;
  return (
    <>
      {/* eslint-disable-next-line react-hooks/static-components -- the component is loaded once (a module-level store), never re-created per render */}
      <Toaster position="top-left" duration={TOAST_DURATION_MS} richColors closeButton />
      <ListeningSignal />
    </>
  );
}

/** Its effect runs after the Toaster's own (siblings in order), which subscribe it to new toasts. */
function ListeningSignal() {
  useEffect(toasterIsListening, []);
  return null;
}
