import "server-only";

import type { z } from "zod";
import type { ZodMiniType } from "zod/mini";

import { assertSameOrigin, readJsonBody } from "@/lib/http/request";
import { errorResponse, validationErrorResponse } from "@/lib/http/responses";

/**
 * The shape every JSON POST handler shares: same-origin check, bounded body,
 * zod parse (400 with field messages), then the action; whatever it throws is
 * mapped by errorResponse. Takes classic zod schemas and zod/mini ones (the
 * schemas the forms share with their routes are mini, to keep the pages small).
 */
export async function handleJsonPost<S extends z.ZodType | ZodMiniType>(
  request: Request,
  schema: S,
  context: string,
  action: (input: z.output<S>) => Promise<Response>,
): Promise<Response> {
  try {
    assertSameOrigin(request);
    const parsed = schema.safeParse(await readJsonBody(request));
    if (!parsed.success) return validationErrorResponse(parsed.error);
    return await action(parsed.data);
  } catch (error) {
    return errorResponse(error, context);
  }
}
