import * as pageStaticInfo from "next/dist/build/analysis/get-page-static-info";
import { getMiddlewareRouteMatcher, type MiddlewareRouteMatch } from "next/dist/shared/lib/router/utils/middleware-route-matcher";

import { FILTER_PARAMS } from "@/lib/discovery/filters";
import { config } from "@/proxy";

import { GUARDED_PREFIXES } from "./guard";
import { SESSION_HINT_COOKIE } from "./session-hint";

/**
 * Issue 30: which requests run proxy.ts, through Next's own matcher code (as the build compiles
 * config.matcher and the server applies it). The proxy acts on guarded pages, the sign-in pages,
 * /courses searches and visitors with a session; a signed-out visitor's public page skips it.
 */
// The build's own compilation of config.matcher (exported by the module, not by its types).
const { getMiddlewareMatchers } = pageStaticInfo as unknown as {
  getMiddlewareMatchers: (
    matcher: unknown,
    nextConfig: { basePath: string; i18n: null },
  ) => Parameters<typeof getMiddlewareRouteMatcher>[0];
};
const match: MiddlewareRouteMatch = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, { basePath: "", i18n: null }));

function runsProxy(path: string, cookie?: string, extra: Record<string, string> = {}): boolean {
  const url = new URL(path, "http://localhost");
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...extra };
  return match(url.pathname, { headers } as never, Object.fromEntries(url.searchParams));
}

describe("proxy.ts's matcher", () => {
  it("skips a signed-out visitor's public pages, and Next's assets, the API and files", () => {
    for (const path of [
      "/",
      "/join-brightside",
      "/courses/python-for-young-coders",
      "/book-free-demo/5",
      "/signin",
      "/signup",
      "/class-finder",
    ]) {
      expect([path, runsProxy(path)]).toEqual([path, false]);
      expect([path, runsProxy(path, "consent=granted; theme=dark")]).toEqual([path, false]);
    }
    for (const path of ["/_next/static/chunks/a.js", "/api/auth/session", "/favicon.ico", "/robots.txt"])
      expect([path, runsProxy(path, "next-auth.session-token=x")]).toEqual([path, false]);
  });

  it("runs on every guarded path for everyone, so a signed-out visitor is sent to sign up", () => {
    for (const prefix of GUARDED_PREFIXES) {
      for (const path of [prefix, `${prefix}/`, `${prefix}/x`, `${prefix}/x/y?tab=1`])
        expect([path, runsProxy(path)]).toEqual([path, true]);
    }
    // Names that only start like a guarded prefix are public pages.
    expect(runsProxy("/username")).toBe(false);
    expect(runsProxy("/asap")).toBe(false);
    // A file under a guarded path was never the proxy's (the pattern before issue 30 left out files too).
    expect(runsProxy("/user/avatar.png")).toBe(false);
  });

  it("runs on /courses, where a search (any filter) is rewritten to the class finder", () => {
    expect(runsProxy("/courses")).toBe(true);
    for (const key of FILTER_PARAMS) expect([key, runsProxy(`/courses?${key}=1`)]).toEqual([key, true]);
    expect(runsProxy("/courses?q=")).toBe(true);
  });

  it("runs on every page for a visitor with a session cookie (plain, secure, chunked) or the signed-in hint", () => {
    const cookies = [
      "next-auth.session-token=abc",
      "__Secure-next-auth.session-token=abc",
      "next-auth.session-token.0=abc; next-auth.session-token.1=def",
      `${SESSION_HINT_COOKIE}=1`,
      `consent=granted; ${SESSION_HINT_COOKIE}=1; theme=dark`,
      "theme=dark;next-auth.session-token=abc",
    ];
    for (const cookie of cookies) {
      for (const path of ["/", "/join-brightside", "/signin", "/signup", "/courses/python-for-young-coders", "/my-courses"])
        expect([cookie, path, runsProxy(path, cookie)]).toEqual([cookie, path, true]);
    }
    // Only those names: a cookie whose name merely ends like one does not count.
    expect(runsProxy("/", "my_next-auth.session-token=abc; not_signed_in=1")).toBe(false);
  });

  it("skips a server action's POST with a session off the guarded paths, /courses and the sign-in pages", () => {
    // The proxy writes no cookie into an action's answer: there it could only redirect or rewrite.
    const action = { "next-action": "7f00aa" };
    const session = "next-auth.session-token=abc";
    for (const path of ["/cart", "/", "/courses/python-for-young-coders", "/book-free-demo/5", "/share-a-message"]) {
      expect([path, runsProxy(path, session, action)]).toEqual([path, false]);
      expect([path, runsProxy(path, `${SESSION_HINT_COOKIE}=1`, action)]).toEqual([path, false]);
      // The page requests that follow every action still run it (the hint, the activity mark).
      expect([path, runsProxy(path, session)]).toEqual([path, true]);
    }
    // Where it redirects or rewrites, it runs for actions too: the guarded paths (a signed-out
    // visitor's action is sent to sign up), /courses searches, and the sign-in pages (a signed-in one is sent home).
    for (const path of ["/my-courses", "/user/settings", "/asa/x", "/courses", "/courses?q=chess", "/signin", "/signup"]) {
      expect([path, runsProxy(path, session, action)]).toEqual([path, true]);
      expect([path, runsProxy(path, `${SESSION_HINT_COOKIE}=1`, action)]).toEqual([path, true]);
    }
    expect(runsProxy("/signin", undefined, action)).toBe(false);
    expect(runsProxy("/my-courses", undefined, action)).toBe(true);
  });
});
