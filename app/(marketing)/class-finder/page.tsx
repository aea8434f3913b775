import type { Metadata } from "next";
import { cookies, headers } from "next/headers";

import { SearchForm } from "@/components/discovery/search-form";
import { SearchResults } from "@/components/discovery/search-results";
import { IntentLink } from "@/components/ui/intent-link";
import { parseFilters } from "@/lib/discovery/filters";
import { searchSections } from "@/lib/discovery/search";
import { AppError } from "@/lib/platform/errors";
import { clientAddressOf, enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";
import { resolveViewerZone } from "@/lib/discovery/viewer-zone";
import { getCurrentUser } from "@/lib/platform/auth/session";
import { BROWSER_ZONE_COOKIE } from "@/lib/scheduling/zone-notice";
import { searchZoneOptions } from "@/lib/scheduling/time";
import { findUserTimezone } from "@/lib/teachers/profiles";

/**
 * Issue 29: /courses with filters. proxy.ts rewrites /courses?<filters> here, so the plain catalogue
 * (/courses, no filter) stays a static page and a search is rendered for its visitor, in their zone.
 * A search's canonical page is /courses: search engines fold every filtered address into the
 * catalogue (a noindex on top would only fail Lighthouse's "blocked from indexing" audit, SEO 66,
 * for what the canonical already says).
 */
export const metadata: Metadata = {
  title: "Find a class",
  description: "Live online classes by grade, day and time on your own clock.",
  alternates: { canonical: "/courses" },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ClassFinderPage({ searchParams }: Props) {
  const filters = parseFilters(await searchParams);
  const [user, jar, requestHeaders] = await Promise.all([getCurrentUser(), cookies(), headers()]);
  // Issue 40: searches are limited per address, as the other public endpoints; past it, the form and a message.
  const isLimited = await enforceRateLimit(RATE_LIMITS.finderPerAddress, clientAddressOf(requestHeaders)).then(
    () => false,
    (error: unknown) => {
      if (error instanceof AppError && error.code === "rate-limited") return true;
      throw error;
    },
  );
  const account = user ? await findUserTimezone(user.databaseId) : null;
  const { zone, guessed } = resolveViewerZone({ url: filters.tz, account, browserCookie: jar.get(BROWSER_ZONE_COOKIE)?.value });
  const result = isLimited ? null : await searchSections(filters, zone);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <IntentLink href="/courses" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          All courses
        </IntentLink>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-slate-900">Find a class</h1>
      <div className="mt-6">
        <SearchForm filters={filters} zone={zone} zones={searchZoneOptions(zone)} guessZone={guessed} />
      </div>
      {result ? (
        <SearchResults result={result} />
      ) : (
        <p role="alert" className="mt-6 rounded-xl bg-amber-100 p-4 font-semibold text-amber-950">
          {RATE_LIMITS.finderPerAddress.refusal} Try again in a minute.
        </p>
      )}
    </div>
  );
}
