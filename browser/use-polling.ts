"use client";

import { useEffect } from "react";

/**
 * Calls `load` at once (on the next tick, after the first render) and then every `everyMs` while
 * the component is mounted; a new `load` (its inputs changed) starts again. For the classroom's
 * roster and chat, which read the server's state a few seconds apart.
 */
export function usePolling(load: () => Promise<void>, everyMs: number): void {
  useEffect(() => {
    const first = setTimeout(() => void load(), 0);
    const timer = setInterval(() => void load(), everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [load, everyMs]);
}
