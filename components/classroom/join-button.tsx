"use client";

import { useEffect, useState } from "react";

type JoinState = "early" | "open" | "ended";

/**
 * The Join button of one class. The server decides the state from its clock; this only re-renders
 * when the window opens or closes (one timer to the next boundary), never polling. The href is our
 * own route, which checks the booking before it hands out the meeting link.
 */
export function JoinButton({
  href,
  opensAt,
  closesAt,
  initialState,
  label,
}: {
  href: string;
  opensAt: string;
  closesAt: string;
  initialState: JoinState;
  label: string;
}) {
  const [state, setState] = useState<JoinState>(initialState);
  useEffect(() => {
    const next =
      state === "early" ? { at: opensAt, to: "open" as const } : state === "open" ? { at: closesAt, to: "ended" as const } : null;
    if (!next) return;
    // setTimeout's delay is a 32-bit int: a boundary weeks away is simply not scheduled (the page will be reloaded by then).
    const delay = Math.max(0, new Date(next.at).getTime() - Date.now());
    if (delay > 2_000_000_000) return;
    const timer = setTimeout(() => setState(next.to), delay);
    return () => clearTimeout(timer);
  }, [state, opensAt, closesAt]);

  if (state === "open") {
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Join<span className="sr-only"> {label}</span>
      </a>
    );
  }
  // The caption follows the button's own state: a server-rendered "opens soon" would stay after it opened.
  const why = state === "early" ? "Opens 10 minutes before the start" : "This session has ended";
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className="text-sm text-slate-700">
        {why}
      </span>
      <button type="button" disabled className="cursor-not-allowed rounded-lg bg-slate-200 px-4 py-2 font-semibold text-slate-700">
        Join<span className="sr-only"> {label}</span>
        <span className="sr-only"> ({why.toLowerCase()})</span>
      </button>
    </span>
  );
}
