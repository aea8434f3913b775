import "server-only";

import { IdentityError, IDENTITY_MESSAGES } from "@/lib/platform/auth/errors";
import { AppError, isDatabaseUnavailable } from "@/lib/platform/errors";

export function jsonMessage(status: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return Response.json({ ok: status < 400, message, ...extra }, { status, headers });
}

/**
 * Maps anything a route handler throws to an answer: AppError by its code, an
 * unreachable database as 503, anything else as 500 with the cause logged.
 */
export function errorResponse(error: unknown, context: string): Response {
  if (error instanceof AppError) {
    const headers: Record<string, string> = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    return jsonMessage(error.status, error.message, error.fieldErrors ? { errors: error.fieldErrors } : {}, headers);
  }
  if (error instanceof IdentityError) {
    // The provider could not be reached: a 503, with the catalogue's catch-all message.
    if (error.code === "IDENTITY_UNAVAILABLE") return jsonMessage(503, IDENTITY_MESSAGES.unknown, { code: error.code });
    return jsonMessage(400, error.message, { code: error.code });
  }
  if (isDatabaseUnavailable(error)) {
    console.error(`[${context}] database unavailable:`, error);
    return jsonMessage(503, "The service is briefly unavailable. Please try again in a minute.", {}, { "Retry-After": "30" });
  }
  console.error(`[${context}] unexpected error:`, error);
  return jsonMessage(500, "Something went wrong. Please try again");
}

/**
 * A zod parse as a value or an AppError("invalid"): the first problem as the message and every
 * field's message under `errors` (a 400 through errorResponse).
 */
export function parseInput<T>(
  schema: {
    safeParse(
      data: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
  },
  body: unknown,
): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[issue.path.map(String).join(".") || "body"] ??= issue.message;
  const first = issues[0];
  const message = first
    ? first.path.length === 0
      ? "The request body must be a JSON object."
      : first.message
    : "The request is not valid.";
  throw new AppError("invalid", message, { fieldErrors });
}

/** A file download (exports): never cached, since it carries personal data. */
export function downloadResponse(body: BodyInit, { contentType, filename }: { contentType: string; filename: string }): Response {
  return new Response(body, {
    headers: { "content-type": contentType, "content-disposition": `attachment; filename="${filename}"`, "cache-control": "no-store" },
  });
}
