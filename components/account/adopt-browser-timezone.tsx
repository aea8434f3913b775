"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

import { browserTimeZone } from "@/browser/time-zone";
import type { ActionResult } from "@/lib/platform/http/action-result";

/**
 * Rendered by the account pages' layout only while the account has no zone: stores the browser's
 * once, then re-renders the page so its times are in that zone. Nothing to see; a failure changes
 * nothing (the page keeps UTC, named, and the next visit tries again).
 */
export function AdoptBrowserTimezone({ adopt }: { adopt: (timezone: string) => Promise<ActionResult> }) {
  const router = useRouter();
  useEffect(() => {
    const zone = browserTimeZone();
    if (!zone) return;
    adopt(zone)
      .then((result) => {
        if (result.ok && result.message) router.refresh();
      })
      .catch(() => undefined);
  }, [adopt, router]);
  return null;
}
