import { getToken, type JWT } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";

import { hasFilters } from "@/lib/discovery/filters";
import { identityConfig } from "@/lib/platform/auth/config";
import { guardRedirect, isAuthPage } from "@/lib/platform/auth/guard";
import { refreshSessionToken } from "@/lib/platform/auth/options";
import { SESSION_HINT_COOKIE } from "@/lib/platform/auth/session-hint";
import { decodeSession, encodeSession } from "@/lib/platform/auth/session-token";
import { endedByAge, LONGEST_SESSION_MS, SESSION_ACTIVITY_STEP_MS } from "@/lib/platform/auth/session-limits";

const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;

/**
 * SPEC 4's route guard, from the session cookie alone. It only redirects: pages
 * and handlers check the session and role themselves. A forged or expired
 * cookie does not decode, so its bearer is a signed-out visitor; on /signin and /signup a
 * cookie that decodes is also checked against the account (refreshSessionToken), since a revoked
 * one would otherwise be sent away from the page where its bearer can sign in again.
 */
export async function proxy(request: NextRequest) {
  const token = await getToken({ req: request, secret: identityConfig.sessionSecret, decode: decodeSession }).catch(() => null);
  let isSignedIn = Boolean(token?.user);
  // A session past its role's absolute or idle limit (session-limits.ts) is over without asking the database.
  const isTooOld = isSignedIn && endedByAge(token!, Date.now()) !== null;
  // A cookie that decodes may belong to a session that has ended ("Sign out everywhere", a password
  // change): on the sign-in pages it is checked as a session read checks it, or its bearer would be
  // sent away from the one page that lets them sign in again. Elsewhere the pages check it themselves.
  const hasEnded = isTooOld || (isSignedIn && isAuthPage(request.nextUrl.pathname) && !(await isStillCurrent(token!)));
  if (hasEnded) isSignedIn = false;
  const target = guardRedirect(request.nextUrl.pathname, request.nextUrl.search, isSignedIn);
  const response = target
    ? NextResponse.redirect(new URL(target, request.url))
    : isCourseSearch(request)
      ? NextResponse.rewrite(new URL(`/class-finder${request.nextUrl.search}`, request.url))
      : NextResponse.next();

  // A server action's request writes no cookie (issue 30): Next merges a cookie the proxy sets into
  // the action's own cookies, which makes it render the whole page again into the action's answer
  // (the checkout's cart, its header, their queries). The page request that follows every action
  // (the form navigates or refreshes) writes them.
  if (request.headers.has("next-action")) return response;

  // A readable hint for the static pages' header: fetch the session only when there may be one.
  const hasHint = request.cookies.get(SESSION_HINT_COOKIE)?.value === "1";
  if (isSignedIn && !hasHint) response.cookies.set(SESSION_HINT_COOKIE, "1", { path: "/", sameSite: "lax" });
  if (!isSignedIn && hasHint) response.cookies.delete(SESSION_HINT_COOKIE);
  // The ended session's cookie goes too (next-auth's name, with its secure prefix and chunks).
  if (hasEnded) {
    for (const { name } of request.cookies.getAll())
      if (SESSION_COOKIE.test(name)) response.cookies.set(name, "", { path: "/", maxAge: 0, secure: name.startsWith("__Secure-") });
  } else if (isSignedIn) {
    await markActivity(request, response, token!);
  }
  return response;
}

/**
 * Issue 29: /courses with filters is the class finder, rendered for each visitor (their zone, their
 * search); without one (?utm_source=... included) it is the static catalogue, fast for everyone.
 */
function isCourseSearch(request: NextRequest): boolean {
  return request.nextUrl.pathname === "/courses" && hasFilters(request.nextUrl.searchParams);
}

/**
 * Pages read the session on the server, where next-auth cannot rewrite its cookie, so a staff member
 * working through server-rendered pages would hit the idle limit: each page request records the
 * activity in the cookie, at most once a minute.
 */
async function markActivity(request: NextRequest, response: NextResponse, token: JWT) {
  const now = Date.now();
  const secret = identityConfig.sessionSecret;
  if (!secret || now - (token.lastSeenMs ?? token.issuedAtMs ?? 0) < SESSION_ACTIVITY_STEP_MS) return;
  const cookies = request.cookies.getAll().filter(({ name }) => SESSION_COOKIE.test(name));
  // A chunked cookie (over 4 KB) is left to next-auth, which knows how to split it.
  const [cookie] = cookies;
  if (!cookie || cookies.length !== 1 || /\.\d+$/.test(cookie.name)) return;
  const { name } = cookie;
  const maxAge = LONGEST_SESSION_MS / 1000;
  const value = await encodeSession({ token: { ...token, lastSeenMs: now }, secret, maxAge });
  response.cookies.set(name, value, { path: "/", httpOnly: true, sameSite: "lax", secure: name.startsWith("__Secure-"), maxAge });
}

async function isStillCurrent(token: Parameters<typeof refreshSessionToken>[0]): Promise<boolean> {
  return refreshSessionToken({ ...token }).then(
    () => true,
    () => false,
  );
}

/**
 * Which requests run the proxy (issue 30): pages only (not the API, Next's assets or files with an
 * extension), and of those only where it can act. Running it costs a second pass through Next's
 * request handling (about a third of a cached page's server CPU, bench/README.md), which a
 * signed-out visitor's public page, the most requested of all, does not need: without a session
 * cookie or the hint, the proxy changes nothing there. So it runs
 * - on the guarded paths (guard.ts's GUARDED_PREFIXES), where it sends a signed-out visitor to sign up;
 * - on /courses, where a search is rewritten to the class finder (any query: Next's matcher cannot
 *   see an empty filter, which hasFilters counts);
 * - on every page for a request that carries a session cookie (next-auth's name, its secure prefix and
 *   chunks) or the signed-in hint: sign-in pages, the hint, the activity mark and the ended session;
 *   but not for a server action's POST (a `Next-Action` header) elsewhere than the sign-in pages:
 *   the proxy writes no cookie into an action's answer (above), so off the guarded paths, /courses
 *   and the sign-in pages, which keep it, it would only decode the session to change nothing, at
 *   the price of its second pass through Next on every checkout.
 * Next reads this object at build time, so it is spelled out here; proxy-matcher.test.ts checks it
 * against GUARDED_PREFIXES, FILTER_PARAMS and SESSION_HINT_COOKIE through Next's own matcher code.
 */
export const config = {
  matcher: [
    "/((?=(?:become-a-teacher|my-courses|teacher/courses|asa|user)(?:/|$)|courses$)(?!api/|_next/|.*\\.[a-z0-9]+$).*)",
    {
      source: "/((?!api/|_next/|.*\\.[a-z0-9]+$).*)",
      has: [{ type: "header", key: "cookie", value: "(?:.*;\\s*)?(?:(?:__Secure-)?next-auth\\.session-token(?:\\.\\d+)?|signed_in)=.*" }],
      missing: [{ type: "header", key: "next-action" }],
    },
    {
      source: "/(signin|signup)",
      has: [{ type: "header", key: "cookie", value: "(?:.*;\\s*)?(?:(?:__Secure-)?next-auth\\.session-token(?:\\.\\d+)?|signed_in)=.*" }],
    },
  ],
};
