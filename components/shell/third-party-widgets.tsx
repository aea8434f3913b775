"use client";

import { useEffect } from "react";

import { useThirdPartyReady } from "@/browser/use-third-party-ready";
import { loadWidget } from "@/browser/inject-widget";
import type { ConfiguredWidget } from "@/lib/platform/security/widgets";

/**
 * SPEC 1's widgets (chat/CRM, ads, session recording, heatmap, popup, '{product} GPT'):
 * only the configured ones, only after cookie consent, only once the page is interactive.
 */
export function ThirdPartyWidgets({ widgets }: { widgets: ConfiguredWidget[] }) {
  const isReady = useThirdPartyReady(widgets.length > 0);
  useEffect(() => {
    if (!isReady) return;
    const cancels = widgets.map(loadWidget);
    return () => cancels.forEach((cancel) => cancel());
  }, [isReady, widgets]);
  return null;
}
