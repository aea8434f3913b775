"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";

import { useThirdPartyReady } from "@/browser/use-third-party-ready";
import { loadWidget } from "@/browser/inject-widget";
import { isWidgetFreePage } from "@/lib/platform/security/bearer-urls";
import type { ConfiguredWidget } from "@/lib/platform/security/widgets";

/**
 * SPEC 1's widgets (chat/CRM, ads, session recording, heatmap, popup, '{product} GPT'):
 * only the configured ones, only after cookie consent, only once the page is interactive, and
 * never on a page whose URL is a key or that shows a gift code (issue 26 finding 6). A script
 * cannot be unloaded, so arriving at such a page after widgets ran loads it afresh without them.
 */
export function ThirdPartyWidgets({ widgets }: { widgets: ConfiguredWidget[] }) {
  const pathname = usePathname();
  const isOff = isWidgetFreePage(pathname);
  const isReady = useThirdPartyReady(widgets.length > 0 && !isOff);
  useEffect(() => {
    if (isOff) {
      if (document.querySelector("script[data-widget]")) window.location.reload();
      return;
    }
    if (!isReady) return;
    const cancels = widgets.map(loadWidget);
    return () => cancels.forEach((cancel) => cancel());
  }, [isOff, isReady, widgets]);
  return null;
}
