"use client";

import { useSyncExternalStore } from "react";

import { formatInstant } from "@/lib/scheduling/zone-name";

const subscribe = () => () => {};

/** An instant in the viewer's own zone, named ("Tue, Mar 10, 2026, 4:00 PM Pacific Time (Los Angeles)"). */
export function LocalTime({ instant, fallback }: { instant: string; fallback: string }) {
  const text = useSyncExternalStore(
    subscribe,
    () => formatInstant(new Date(instant), Intl.DateTimeFormat().resolvedOptions().timeZone),
    () => fallback,
  );
  return <time dateTime={instant}>{text}</time>;
}
