"use client";

import { useViewerZone } from "@/browser/viewer-zone";
import { formatInstant } from "@/lib/scheduling/zone-name";

/**
 * An instant in the viewer's zone (the account's while signed in, else the browser's), named ("Tue,
 * Mar 10, 2026, 4:00 PM Pacific Time (Los Angeles)"); `options` for a coarser reading (MONTH_FORMAT).
 */
export function LocalTime({ instant, fallback, options }: { instant: string; fallback: string; options?: Intl.DateTimeFormatOptions }) {
  const zone = useViewerZone();
  return <time dateTime={instant}>{zone ? formatInstant(new Date(instant), zone, "en-US", options) : fallback}</time>;
}
