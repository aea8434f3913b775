import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import { canonicalTimeZone, isValidTimeZone } from "@/lib/scheduling/time";

/**
 * Issue 29: whose clock a search's days and hours are read on, and its times shown in. The zone the
 * URL names (the form sends the viewer's own; a shared link keeps the sharer's, named on the page),
 * else a signed-in person's account zone, else the browser's as its cookie says (written by the
 * signed-in pages, lib/scheduling/zone-notice.ts), else UTC. `guessed`: none was known, so the form
 * lets the browser choose (components/discovery/zone-guess.tsx).
 */
export function resolveViewerZone(sources: { url?: string | null; account?: string | null; browserCookie?: string | null }): {
  zone: string;
  guessed: boolean;
} {
  for (const candidate of [sources.url, sources.account, sources.browserCookie]) {
    if (candidate && isValidTimeZone(candidate)) return { zone: canonicalTimeZone(candidate), guessed: false };
  }
  return { zone: FALLBACK_TIMEZONE, guessed: true };
}
