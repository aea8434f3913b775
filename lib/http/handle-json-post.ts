import "server-only";

import type { z } from "zod";

import { refuseOverLimit, type RateLimitRule } from "@/lib/http/rate-limit";
import { assertSameOrigin, readJsonBody } from "@/lib/http/request";
import { errorResponse, validationErrorResponse } from "@/lib/http/responses";

/** A classic or a zod/mini schema: both have the safeParse method. */
type ParsableSchema<S> = z.core.$ZodType & { safeParse(data: unknown): z.core.util.SafeParseResult<z.output<S>> };

/**
 * The shape every JSON POST handler shares: same-origin check, then the rate limit if the
 * route has one, bounded body, zod parse (400 with field messages), then the action; whatever
 * it throws is mapped by errorResponse. Takes classic zod schemas and zod/mini ones (the
 * schemas the forms share with their routes are mini, to keep the pages small).
 *
 * The Origin check comes before the limit: it costs no database write, and a page on another
 * site that makes its visitors' browsers post here must not use up those visitors' quota
 * (the limit is per address, and the address is theirs). Everything after it is counted,
 * invalid bodies and bots included, so garbage cannot probe for free.
 */
export async function handleJsonPost<S extends ParsableSchema<S>>(
  request: Request,
  schema: S,
  context: string,
  action: (input: z.output<S>) => Promise<Response>,
  options: {
    /** Sees the raw JSON before the schema (which drops unknown fields); an answer it returns ends the request (the demo honeypot). */
    beforeParse?: (body: unknown) => Response | null;
    /** The per-address limit of lib/http/rate-limit.ts (issue 6): 429 with Retry-After past it. */
    rateLimit?: RateLimitRule;
  } = {},
): Promise<Response> {
  try {
    assertSameOrigin(request);
    if (options.rateLimit) {
      const refused = await refuseOverLimit(request, options.rateLimit);
      if (refused) return refused;
    }
    const body = await readJsonBody(request);
    const early = options.beforeParse?.(body);
    if (early) return early;
    const parsed = schema.safeParse(body);
    if (!parsed.success) return validationErrorResponse(parsed.error);
    return await action(parsed.data);
  } catch (error) {
    return errorResponse(error, context);
  }
}
