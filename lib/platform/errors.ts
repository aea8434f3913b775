/**
 * What went wrong, in words a domain can say without knowing it is served over HTTP. Route
 * handlers answer with the code's status (STATUS_OF below, through errorResponse); server actions
 * answer the message itself (lib/platform/http/action-result.ts).
 */
export type ErrorCode =
  "invalid" | "unauthenticated" | "forbidden" | "not-found" | "conflict" | "too-large" | "rate-limited" | "unavailable";

/** The one place an error code becomes an HTTP status (route handlers answer with it). */
const STATUS_OF: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "rate-limited": 429,
  unavailable: 503,
};

/**
 * The one error type for answers to users: a code and a message safe to show.
 * Causes (database, outside services) are logged on the server, never sent.
 */
export class AppError extends Error {
  /** For "rate-limited" and "unavailable": when to try again. */
  readonly retryAfterSeconds?: number;
  /** For "invalid": each field's message, for a form to show beside the field. */
  readonly fieldErrors?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { retryAfterSeconds?: number; fieldErrors?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.fieldErrors = options.fieldErrors;
  }

  get status(): number {
    return STATUS_OF[this.code];
  }
}

/**
 * Connection-level failures of PostgreSQL or the network path to it: worth a 503, not a 500.
 * Drizzle wraps the driver's error (DrizzleQueryError, "Failed query: ...") with the real one as
 * its cause, so the cause chain is searched too.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  // Duck-typed: errors made by Node itself (a socket's ECONNRESET) fail `instanceof Error` across
  // realms (Jest's module sandbox), and only their shape matters here.
  if (typeof error !== "object" || error === null || depth > 5) return false;
  if (typeof (error as { message?: unknown }).message !== "string") return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"].includes(code)) return true;
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, cannot connect now), 53300 (too many connections)
    if (code.startsWith("08") || ["57P01", "57P02", "57P03", "53300"].includes(code)) return true;
  }
  const { message, cause } = error as { message: string; cause?: unknown };
  if (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|\bECONNRESET\b/i.test(message)
  ) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}
