"use client";

import { useViewerZone } from "@/browser/viewer-zone";
import { formatInstant } from "@/lib/scheduling/zone-name";

/** An instant in the viewer's zone (the account's while signed in, else the browser's), named ("Tue, Mar 10, 2026, 4:00 PM Pacific Time (Los Angeles)"). */
export function LocalTime({ instant, fallback }: { instant: string; fallback: string }) {
  const zone = useViewerZone();
  return <time dateTime={instant}>{zone ? formatInstant(new Date(instant), zone) : fallback}</time>;
}
