"use client";

import { useViewerZone } from "@/browser/viewer-zone";
import { weeklyTimesLabel } from "@/lib/scheduling/weekly-times";

/**
 * A section's weekly times: the server's text (the section's zone) until hydration, then the same
 * instants in the viewer's zone (a signed-in person's account zone, else the browser's), named. The
 * line is reserved (two lines high, as wide as its box) so the swap moves nothing.
 */
export function LocalWeeklyTimes({ instants, serverLabel }: { instants: string[]; serverLabel: string }) {
  const zone = useViewerZone();
  return (
    <span className="block min-h-10 w-full" data-testid="weekly-times">
      {zone ? weeklyTimesLabel(instants, zone) : serverLabel}
    </span>
  );
}
