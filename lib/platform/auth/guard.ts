/**
 * SPEC 4, the route guard. Pure, so the proxy and the tests share it.
 * A path "starts with" a prefix when it is the prefix or continues with "/".
 */
export const GUARDED_PREFIXES = ["/become-a-teacher", "/my-courses", "/teacher/courses", "/asa", "/user"] as const;
const AUTH_PAGES = ["/signin", "/signup"];

export function isGuardedPath(pathname: string): boolean {
  return GUARDED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The sign-in and sign-up pages, from which a signed-in visitor is sent home. */
export function isAuthPage(pathname: string): boolean {
  return AUTH_PAGES.includes(pathname);
}

/** Where the guard sends this request, or null to let it through. */
export function guardRedirect(pathname: string, search: string, isSignedIn: boolean): string | null {
  if (!isSignedIn && isGuardedPath(pathname)) {
    // Keep the query; remember where the visitor was going unless the query already says
    // somewhere on this site (a callbackUrl leading anywhere else is replaced, not passed on).
    const params = new URLSearchParams(search);
    params.set("callbackUrl", sameOriginPath(params.get("callbackUrl")) ?? sameOriginPath(pathname) ?? "/");
    return `/signup?${params.toString()}`;
  }
  if (isSignedIn && isAuthPage(pathname)) return "/";
  return null;
}

/** Stands for our origin where the caller has none: only relative values can resolve onto it. */
const PLACEHOLDER_ORIGIN = "http://local.invalid";

/**
 * The path on `origin` that `value` leads to, normalised by the URL parser as a browser would
 * (dot segments, percent-encoded dots, backslashes, tabs and newlines), or null when it leads
 * anywhere else. The check is on the normalised value, the one that is used: "/.//evil.example"
 * starts with one slash but normalises to "//evil.example", which a browser reads as another host.
 */
export function sameOriginPath(value: string | null | undefined, origin: string = PLACEHOLDER_ORIGIN): string | null {
  if (!value) return null;
  try {
    const ours = new URL(origin).origin;
    const url = new URL(value, ours);
    if (url.origin !== ours) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Same origin is not enough: the parser removes dot segments after it has read the host, so the
    // normalised path can itself start with "//". Accept only a path that resolves to itself here.
    if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
    const again = new URL(path, ours);
    return again.origin === ours && `${again.pathname}${again.search}${again.hash}` === path ? path : null;
  } catch {
    return null;
  }
}

/**
 * Every return path (callbackUrl, returnTo) goes through here before it is used: the normalised
 * path on this site it leads to, else "/". `origin` is ours where the caller knows it (the
 * browser's, next-auth's baseUrl), so an absolute URL to this site is accepted too.
 */
export function safeCallbackUrl(value: string | null | undefined, origin?: string): string {
  return sameOriginPath(value, origin) ?? "/";
}

/** Where a signed-out visitor goes to sign up, returning to `returnTo` (when it is on this site) after. */
export function signUpPathFor(returnTo: string): string {
  return `/signup?callbackUrl=${encodeURIComponent(safeCallbackUrl(returnTo))}`;
}

/** Pages a sign-in should not return to: the home page (My courses is better) and the account forms themselves. */
const NO_RETURN_PATHS = ["/", ...AUTH_PAGES, "/reset-password"];

/**
 * The header's "Log in" or "Sign up" link from the page a visitor is reading, so that signing in
 * brings them back to it (a course page, the cart); from the home page or an account form, the
 * plain link (a family then starts at My courses, staff at their dashboards).
 */
export function authLinkFrom(page: "/signin" | "/signup", currentPath: string | null): string {
  const back = sameOriginPath(currentPath);
  return back && !NO_RETURN_PATHS.includes(back) ? `${page}?callbackUrl=${encodeURIComponent(back)}` : page;
}
