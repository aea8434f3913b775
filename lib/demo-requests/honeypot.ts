/**
 * The demo forms' honeypot (issue 6): a field people never see or fill, that form-filling bots
 * do. A request with it filled is answered like a success and stored nowhere, so the bot learns
 * nothing. Shared by the form (which sends the field) and POST /api/book-free-demo.
 */
export const HONEYPOT_FIELD = "website";

/** True when a parsed JSON body carries a non-empty honeypot value. */
export function isHoneypotFilled(body: unknown): boolean {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  const value: unknown = Object.hasOwn(body, HONEYPOT_FIELD) ? (body as Record<string, unknown>)[HONEYPOT_FIELD] : undefined;
  if (value === undefined || value === null) return false;
  return typeof value !== "string" || value.trim() !== "";
}
