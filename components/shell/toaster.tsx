"use client";

import dynamic from "next/dynamic";

import { TOAST_DURATION_MS } from "@/lib/constants";

// sonner loads after the page is interactive, so it is not in any page's first-load JavaScript.
const SonnerToaster = dynamic(() => import("sonner").then((m) => m.Toaster), { ssr: false });

/** SPEC 2 and 9: toasts at top-left, dismissed after 10 000 ms. */
export function Toaster() {
  return <SonnerToaster position="top-left" duration={TOAST_DURATION_MS} richColors closeButton />;
}
