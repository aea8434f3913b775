/**
 * A cookie the browser may read, set by proxy.ts while a session cookie exists
 * (which is httpOnly). Static pages' headers fetch the session only when it is there.
 */
export const SESSION_HINT_COOKIE = "signed_in";

export function hasSessionHint(cookie: string): boolean {
  return cookie.split("; ").includes(`${SESSION_HINT_COOKIE}=1`);
}
