/**
 * SPEC 4, the route guard. Pure, so the proxy and the tests share it.
 * A path "starts with" a prefix when it is the prefix or continues with "/".
 */
export const GUARDED_PREFIXES = ["/become-a-teacher", "/my-courses", "/teacher/courses", "/asa", "/user"] as const;
const AUTH_PAGES = ["/signin", "/signup"];

export function isGuardedPath(pathname: string): boolean {
  return GUARDED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Where the guard sends this request, or null to let it through. */
export function guardRedirect(pathname: string, search: string, isSignedIn: boolean): string | null {
  if (!isSignedIn && isGuardedPath(pathname)) {
    // Keep the query; remember where the visitor was going unless the query already says.
    const params = new URLSearchParams(search);
    if (!params.has("callbackUrl")) params.set("callbackUrl", pathname);
    return `/signup?${params.toString()}`;
  }
  if (isSignedIn && AUTH_PAGES.includes(pathname)) return "/";
  return null;
}

/** A callbackUrl may only lead to a path on this site: never off-site, never protocol-relative. */
export function safeCallbackUrl(value: string | null | undefined, fallback = "/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  try {
    const url = new URL(value, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
