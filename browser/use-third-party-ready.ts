"use client";

import { useEffect, useState } from "react";

import { onConsent, whenInteractive } from "@/lib/platform/consent";

/** True once the visitor has consented and the page is loaded and idle: the moment outside scripts may load. */
export function useThirdPartyReady(isWanted = true): boolean {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    if (!isWanted) return;
    let cancelWait: () => void = () => undefined;
    const cancelConsent = onConsent(() => {
      cancelWait = whenInteractive(() => setIsReady(true));
    });
    return () => {
      cancelConsent();
      cancelWait();
    };
  }, [isWanted]);
  return isReady;
}
