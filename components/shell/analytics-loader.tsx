"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";

import { startAnalytics, trackPageview } from "@/browser/analytics/loader";
import type { PostHogSettings } from "@/browser/analytics/posthog";

/**
 * PostHog after consent (browser/analytics/loader.ts) and a page view on every App
 * Router navigation. useSearchParams needs the Suspense boundary the root
 * layout puts around this, so static pages stay static.
 */
export function AnalyticsLoader({ posthog, ipLookupUrl }: { posthog: PostHogSettings; ipLookupUrl: string }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();

  useEffect(() => startAnalytics({ posthog, ipLookupUrl }), [posthog, ipLookupUrl]);
  useEffect(() => trackPageview(window.location.href), [pathname, searchParams]);
  return null;
}
