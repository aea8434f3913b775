import { eq } from "drizzle-orm";
import { decode, encode } from "next-auth/jwt";
import { NextRequest } from "next/server";

import { users } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";
import { proxy } from "@/proxy";

import { identityConfig } from "./config";
import { SESSION_HINT_COOKIE } from "./session-hint";
import type { SessionUser } from "./session-user";

const user: SessionUser = {
  id: "uid-1",
  name: "Sam",
  email: "sam@example.com",
  displayName: "Sam",
  photoURL: null,
  role: "student",
  databaseId: 1,
  emailVerified: true,
};

// Firebase's side of a session read (its own tests cover it): the account is there and in good standing.
jest.mock("@/lib/platform/auth/account-status", () => ({
  ...jest.requireActual("@/lib/platform/auth/account-status"),
  firebaseAccountStatus: async () => ({ disabled: false, tokensValidAfterMs: 0, emailVerified: true }),
}));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
  // The cookies below are the session of a real account row, signed in now.
  user.databaseId = (await insertActor(database.db, "student", user.email)).id;
});
afterAll(async () => {
  await database.dispose();
});

async function sessionCookie({
  secret = identityConfig.sessionSecret!,
  maxAge = 3600,
  issuedAtMs = Date.now(),
  lastSeenMs = undefined as number | undefined,
  role = user.role,
} = {}) {
  return encode({ token: { user: { ...user, role }, name: "Sam", issuedAtMs, lastSeenMs }, secret, maxAge });
}

function request(path: string, cookie?: string) {
  const headers = new Headers();
  if (cookie) headers.set("cookie", `next-auth.session-token=${cookie}`);
  return new NextRequest(new URL(path, "http://localhost:3000"), { headers });
}

/** Where the proxy sends the request (path and query), or null when it lets it through. */
async function redirectOf(path: string, cookie?: string) {
  const response = await proxy(request(path, cookie));
  const location = response.headers.get("location");
  if (!location) return null;
  const url = new URL(location);
  return `${url.pathname}${url.search}`;
}

describe("proxy.ts, the route guard of SPEC 4, on real session cookies", () => {
  it("sends a signed-out visitor on a guarded path to /signup, keeping the query", async () => {
    expect(await redirectOf("/user/edit-profile?tab=name")).toBe("/signup?tab=name&callbackUrl=%2Fuser%2Fedit-profile");
  });

  it("lets a valid session through and sends it away from /signin and /signup", async () => {
    const cookie = await sessionCookie();
    expect(await redirectOf("/user/edit-profile", cookie)).toBeNull();
    expect(await redirectOf("/signin", cookie)).toBe("/");
    expect(await redirectOf("/signup?x=1", cookie)).toBe("/");
  });

  it("treats a cookie sealed with another secret as a signed-out visitor", async () => {
    const forged = await sessionCookie({ secret: "an-attacker-chose-this-secret-of-40-chars" });
    expect(await redirectOf("/my-courses", forged)).toBe("/signup?callbackUrl=%2Fmy-courses");
    expect(await redirectOf("/signin", forged)).toBeNull();
  });

  it("treats an expired cookie and garbage as a signed-out visitor", async () => {
    const expired = await sessionCookie({ maxAge: -3600 });
    expect(await redirectOf("/asa", expired)).toBe("/signup?callbackUrl=%2Fasa");
    expect(await redirectOf("/asa", "forged.token.value")).toBe("/signup?callbackUrl=%2Fasa");
  });

  it("sets the readable signed-in hint for a valid session and clears it otherwise", async () => {
    const signedIn = await proxy(request("/", await sessionCookie()));
    expect(signedIn.cookies.get(SESSION_HINT_COOKIE)?.value).toBe("1");
    const stale = request("/");
    stale.cookies.set(SESSION_HINT_COOKIE, "1");
    const signedOut = await proxy(stale);
    expect(signedOut.cookies.get(SESSION_HINT_COOKIE)?.value).toBe("");
  });

  it("treats a revoked session's cookie as signed out on /signin and /signup: no redirect away, the cookie and hint cleared", async () => {
    const cookie = await sessionCookie({ issuedAtMs: Date.now() - 60_000 });
    expect(await redirectOf("/signin", cookie)).toBe("/");
    // "Sign out everywhere" (or a password change) on another device.
    await database.db.update(users).set({ sessionsValidAfter: new Date() }).where(eq(users.id, user.databaseId));
    try {
      const revoked = request("/signin", cookie);
      revoked.cookies.set(SESSION_HINT_COOKIE, "1");
      const response = await proxy(revoked);
      expect(response.headers.get("location")).toBeNull();
      expect(response.cookies.get("next-auth.session-token")).toMatchObject({ value: "", maxAge: 0 });
      expect(response.cookies.get(SESSION_HINT_COOKIE)?.value).toBe("");
      expect(await redirectOf("/signup", cookie)).toBeNull();
      // A guarded page lets it through to the page, whose own session read refuses it (lib/platform/auth/session.ts).
      expect(await redirectOf("/my-courses", cookie)).toBeNull();
      // Signed in again after the revocation: sent home from /signin as before.
      expect(await redirectOf("/signin", await sessionCookie({ issuedAtMs: Date.now() + 1000 }))).toBe("/");
    } finally {
      await database.db.update(users).set({ sessionsValidAfter: null }).where(eq(users.id, user.databaseId));
    }
  });

  it("treats a session past its absolute age as signed out on /signin", async () => {
    expect(await redirectOf("/signin", await sessionCookie({ issuedAtMs: Date.now() - 31 * 86_400_000 }))).toBeNull();
  });

  it("records a page request as the session's use, at most once a minute (issue 26 finding 5)", async () => {
    const stale = await proxy(request("/my-courses", await sessionCookie({ lastSeenMs: Date.now() - 5 * 60_000 })));
    const rewritten = stale.cookies.get("next-auth.session-token");
    expect(rewritten).toMatchObject({ httpOnly: true, sameSite: "lax" });
    const token = await decode({ token: rewritten!.value, secret: identityConfig.sessionSecret! });
    expect(token?.lastSeenMs).toBeGreaterThan(Date.now() - 5000);
    const fresh = await proxy(request("/my-courses", await sessionCookie({ lastSeenMs: Date.now() - 1000 })));
    expect(fresh.cookies.get("next-auth.session-token")).toBeUndefined();
  });

  it("writes no cookie on a server action's request (Next would render the whole page into the action's answer)", async () => {
    const action = (cookie: string, hint: boolean) => {
      const req = request("/cart", cookie);
      req.headers.set("next-action", "0123abcd");
      if (hint) req.cookies.set(SESSION_HINT_COOKIE, "1");
      return proxy(req);
    };
    // A session unused for five minutes and no hint: a page request would write both cookies.
    const answer = await action(await sessionCookie({ lastSeenMs: Date.now() - 5 * 60_000 }), false);
    expect(answer.headers.get("location")).toBeNull();
    expect(answer.cookies.getAll()).toEqual([]);
    // Nor the ended session's clearing: the page the form goes to next does it.
    const idle = await action(await sessionCookie({ role: "admin", lastSeenMs: Date.now() - 31 * 60_000 }), true);
    expect(idle.cookies.getAll()).toEqual([]);
  });

  it("treats a staff session idle past its limit as signed out everywhere, and does not revive it", async () => {
    const idle = await sessionCookie({ role: "admin", lastSeenMs: Date.now() - 31 * 60_000 });
    expect(await redirectOf("/my-courses", idle)).toBe("/signup?callbackUrl=%2Fmy-courses");
    const response = await proxy(request("/", idle));
    expect(response.cookies.get("next-auth.session-token")).toMatchObject({ value: "", maxAge: 0 });
  });
});
