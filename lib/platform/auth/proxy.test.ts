import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";

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

async function sessionCookie({ secret = identityConfig.sessionSecret!, maxAge = 3600 } = {}) {
  return encode({ token: { user, name: "Sam" }, secret, maxAge });
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
});
