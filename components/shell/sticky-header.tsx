"use client";

import type { ReactNode } from "react";

import { SCROLL_THRESHOLD_PX } from "@/lib/platform/constants";

import { useScrolledPast } from "./use-scrolled-past";

/**
 * SPEC 9: the header sticks to the top after 170 px of scroll. The wrapper keeps
 * the header's height in the flow, so fixing it never shifts the page.
 */
export function StickyHeader({ children }: { children: ReactNode }) {
  const isStuck = useScrolledPast(SCROLL_THRESHOLD_PX);
  return (
    <div className="h-16">
      <header
        data-stuck={isStuck}
        className={
          "inset-x-0 top-0 z-40 h-16 border-b border-slate-200 " +
          // The translucent, blurred backdrop matters only over scrolled content; at rest it would
          // cost the first frame a compositing pass for nothing.
          (isStuck ? "fixed bg-white/95 shadow-md backdrop-blur" : "relative bg-white")
        }
      >
        {children}
      </header>
    </div>
  );
}
