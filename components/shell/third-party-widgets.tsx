"use client";

import { useEffect } from "react";

import { useThirdPartyReady } from "@/lib/consent/use-third-party-ready";
import { loadWidget } from "@/lib/widgets/inject";
import type { ConfiguredWidget } from "@/lib/widgets/registry";

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
