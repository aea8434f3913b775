"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * A link that prefetches its route when the visitor shows intent (pointer over it, focus, touch)
 * instead of when it scrolls into view. The public pages carry dozens of links (twelve grades,
 * five categories, the courses); prefetching all of them on arrival downloads every route's
 * payload and the form pages' JavaScript on a phone that came for one page. This is the
 * "hover-triggered prefetch" pattern of the Next.js prefetching guide.
 */
export function IntentLink({ onMouseEnter, onFocus, onTouchStart, ...props }: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const [hasIntent, setHasIntent] = useState(false);
  return (
    <Link
      {...props}
      prefetch={hasIntent ? null : false}
      onMouseEnter={(event) => {
        setHasIntent(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        setHasIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setHasIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}
