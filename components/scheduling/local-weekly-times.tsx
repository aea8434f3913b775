"use client";

import { useSyncExternalStore } from "react";

import { weeklyTimesLabel } from "@/lib/scheduling/weekly-times";

const subscribe = () => () => {};

/**
 * A section's weekly times: the server's text (the section's zone) until hydration, then the same
 * instants in the viewer's own zone, with its name. The line is reserved (two lines high, as wide
 * as its box) so the swap moves nothing.
 */
export function LocalWeeklyTimes({ instants, serverLabel }: { instants: string[]; serverLabel: string }) {
  const label = useSyncExternalStore(
    subscribe,
    () => weeklyTimesLabel(instants, Intl.DateTimeFormat().resolvedOptions().timeZone),
    () => serverLabel,
  );
  return (
    <span className="block min-h-10 w-full" data-testid="weekly-times">
      {label}
    </span>
  );
}
