import type { AnchorHTMLAttributes } from "react";

import { INTENT_LINK_ATTRIBUTE } from "@/browser/link-clicks";

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * A link that navigates in the app and prefetches its route when the visitor shows intent
 * (pointer over it, focus, touch) instead of when it scrolls into view: the "hover-triggered
 * prefetch" pattern of the Next.js prefetching guide. The public pages carry dozens of links
 * (twelve grades, five categories, the courses, the footer); prefetching all of them on arrival
 * downloads every route's payload on a phone that came for one page.
 *
 * It is a plain <a> with a marker attribute, rendered on the server: one listener on the document
 * (components/shell/intent-link-navigator.tsx) prefetches and navigates for every marked link, so a
 * page with fifty links hydrates no component per link (next/link's per-instance observers and
 * effects were blocking time on a phone's first load). Without JavaScript it is an ordinary link.
 */
export function IntentLink(props: Props) {
  return <a {...props} {...{ [INTENT_LINK_ATTRIBUTE]: "" }} />;
}
