"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** An instant in the viewer's own zone, named ("Tue, Mar 10, 2026, 4:00 PM PDT (America/Los_Angeles)"). */
export function LocalTime({ instant, fallback }: { instant: string; fallback: string }) {
  const text = useSyncExternalStore(
    subscribe,
    () => {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const local = new Intl.DateTimeFormat("en-US", {
        weekday: "short",
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      }).format(new Date(instant));
      return `${local} (${zone})`;
    },
    () => fallback,
  );
  return <time dateTime={instant}>{text}</time>;
}
