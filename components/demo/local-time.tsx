"use client";

import { useSyncExternalStore } from "react";

import { INSTANT_FORMAT, withZoneName, zoneAbbreviation } from "@/lib/scheduling/zone-name";

const subscribe = () => () => {};

/** An instant in the viewer's own zone, named ("Tue, Mar 10, 2026, 4:00 PM PDT (America/Los_Angeles)"). */
export function LocalTime({ instant, fallback }: { instant: string; fallback: string }) {
  const text = useSyncExternalStore(
    subscribe,
    () => {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const format = new Intl.DateTimeFormat("en-US", { ...INSTANT_FORMAT, timeZone: zone });
      const date = new Date(instant);
      return withZoneName(format.format(date), zoneAbbreviation(format.formatToParts(date)), zone);
    },
    () => fallback,
  );
  return <time dateTime={instant}>{text}</time>;
}
