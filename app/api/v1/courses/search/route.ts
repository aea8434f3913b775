import { parseFilters } from "@/lib/discovery/filters";
import { searchSections } from "@/lib/discovery/search";
import { resolveViewerZone } from "@/lib/discovery/viewer-zone";
import { clientAddressOf, enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";
import { errorResponse } from "@/lib/platform/http/responses";

export const dynamic = "force-dynamic";

/**
 * Issue 29: the class finder as JSON, for the same parameters as /courses?... (q, category, grade,
 * type, min, max, day, time, from, to, seats, weeks, tz). Unknown parameters and values are ignored;
 * times are in `tz` (UTC without it). Answers the course groups and, when nothing matched, the nearest searches.
 */
export async function GET(request: Request) {
  try {
    // Issue 40: bounded public work, as the other public endpoints.
    await enforceRateLimit(RATE_LIMITS.finderPerAddress, clientAddressOf(request.headers));
    const filters = parseFilters(new URL(request.url).searchParams);
    const { zone } = resolveViewerZone({ url: filters.tz });
    const result = await searchSections(filters, zone);
    return Response.json({ ok: true, data: result });
  } catch (error) {
    return errorResponse(error, "course search");
  }
}
