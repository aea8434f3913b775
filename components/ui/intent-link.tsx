"use client";

import { useRouter } from "next/navigation";
import type { AnchorHTMLAttributes } from "react";

import { isBrowserHandledClick } from "@/lib/dom/link-clicks";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { href: string };

/** Paths of this site ("/x"), not "//host" or other schemes: only those navigate in the app. */
const isAppPath = (href: string) => href.startsWith("/") && !href.startsWith("//");

/**
 * A link that navigates in the app and prefetches its route when the visitor shows intent
 * (pointer over it, focus, touch) instead of when it scrolls into view: the "hover-triggered
 * prefetch" pattern of the Next.js prefetching guide. The public pages carry dozens of links
 * (twelve grades, five categories, the courses, the footer); prefetching all of them on arrival
 * downloads every route's payload on a phone that came for one page.
 *
 * It is a plain <a> with the router's push and prefetch rather than next/link: a page hydrates
 * fifty of these, and next/link's per-instance machinery (observers, effects, refs) is blocking
 * time on a phone's first load; without JavaScript it is still an ordinary link.
 */
export function IntentLink({ href, onClick, onMouseEnter, onFocus, onTouchStart, ...props }: Props) {
  const router = useRouter();
  const prefetch = () => {
    if (isAppPath(href)) router.prefetch(href);
  };
  return (
    <a
      {...props}
      href={href}
      onMouseEnter={(event) => {
        prefetch();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        prefetch();
        onTouchStart?.(event);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!isAppPath(href) || event.defaultPrevented || isBrowserHandledClick(event, event.currentTarget)) return;
        event.preventDefault();
        router.push(href);
      }}
    />
  );
}
