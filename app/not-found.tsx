import type { Metadata } from "next";

import { NotFoundNotice } from "@/components/shell/not-found-notice";

// Next answers 404 and adds <meta name="robots" content="noindex"> to every not-found answer itself.
export const metadata: Metadata = { title: "Page not found" };

/**
 * Every unknown address, and every notFound(): a stale /unsubscribe/ or /demo/ link, an unknown
 * course. Inside a signed-in group Next renders it within that group's layout, so it keeps the
 * role's header (components/shell/shell-frame.tsx). An unknown address gets it in the HTML; a
 * notFound() thrown while a page renders on demand gets a 404 whose HTML body is empty, and the
 * browser renders this page from the payload (Next 16, vercel/next.js#62228).
 */
export default function NotFound() {
  return <NotFoundNotice />;
}
