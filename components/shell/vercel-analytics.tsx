"use client";

import { lazy, Suspense } from "react";

import { useThirdPartyReady } from "@/browser/use-third-party-ready";
import { redactBearerUrl } from "@/lib/platform/security/bearer-urls";

// Its own chunk, fetched only after consent.
const Analytics = lazy(() => import("@vercel/analytics/next").then((module) => ({ default: module.Analytics })));

/** Vercel Analytics, on Vercel only (the root layout decides) and after cookie consent; no key in a URL it sends. */
export function VercelAnalytics() {
  const isReady = useThirdPartyReady();
  if (!isReady) return null;
  return (
    <Suspense fallback={null}>
      <Analytics beforeSend={(event) => ({ ...event, url: redactBearerUrl(event.url) })} />
    </Suspense>
  );
}
