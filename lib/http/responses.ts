import "server-only";

import { IdentityError, IDENTITY_MESSAGES } from "@/lib/auth/errors";
import { HttpError, isDatabaseUnavailable } from "@/lib/http/errors";

export function jsonMessage(status: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return Response.json({ ok: status < 400, message, ...extra }, { status, headers });
}

/**
 * Maps anything a route handler throws to an answer: HttpError as itself, an
 * unreachable database as 503, anything else as 500 with the cause logged.
 */
export function errorResponse(error: unknown, context: string): Response {
  if (error instanceof HttpError) return jsonMessage(error.status, error.message, {}, error.headers);
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

/** 400 with the first problem as the message and every field's message under `errors`. */
export function validationErrorResponse(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): Response {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    errors[field] ??= issue.message;
  }
  const first = error.issues[0];
  const message = first
    ? first.path.length === 0
      ? "The request body must be a JSON object."
      : first.message
    : "The request is not valid.";
  return jsonMessage(400, message, { errors });
}
