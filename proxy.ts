import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";

import { identityConfig } from "@/lib/platform/auth/config";
import { guardRedirect, isAuthPage } from "@/lib/platform/auth/guard";
import { refreshSessionToken } from "@/lib/platform/auth/options";
import { SESSION_HINT_COOKIE } from "@/lib/platform/auth/session-hint";

/**
 * SPEC 4's route guard, from the session cookie alone. It only redirects: pages
 * and handlers check the session and role themselves. A forged or expired
 * cookie does not decode, so its bearer is a signed-out visitor; on /signin and /signup a
 * cookie that decodes is also checked against the account (refreshSessionToken), since a revoked
 * one would otherwise be sent away from the page where its bearer can sign in again.
 */
export async function proxy(request: NextRequest) {
  const token = await getToken({ req: request, secret: identityConfig.sessionSecret }).catch(() => null);
  let isSignedIn = Boolean(token?.user);
  // A cookie that decodes may belong to a session that has ended ("Sign out everywhere", a password
  // change): on the sign-in pages it is checked as a session read checks it, or its bearer would be
  // sent away from the one page that lets them sign in again. Elsewhere the pages check it themselves.
  const hasEnded = isSignedIn && isAuthPage(request.nextUrl.pathname) && !(await isStillCurrent(token!));
  if (hasEnded) isSignedIn = false;
  const target = guardRedirect(request.nextUrl.pathname, request.nextUrl.search, isSignedIn);
  const response = target ? NextResponse.redirect(new URL(target, request.url)) : NextResponse.next();

  // A readable hint for the static pages' header: fetch the session only when there may be one.
  const hasHint = request.cookies.get(SESSION_HINT_COOKIE)?.value === "1";
  if (isSignedIn && !hasHint) response.cookies.set(SESSION_HINT_COOKIE, "1", { path: "/", sameSite: "lax" });
  if (!isSignedIn && hasHint) response.cookies.delete(SESSION_HINT_COOKIE);
  // The ended session's cookie goes too (next-auth's name, with its secure prefix and chunks).
  if (hasEnded) {
    for (const { name } of request.cookies.getAll())
      if (/^(__Secure-)?next-auth\.session-token(\.\d+)?$/.test(name))
        response.cookies.set(name, "", { path: "/", maxAge: 0, secure: name.startsWith("__Secure-") });
  }
  return response;
}

async function isStillCurrent(token: Parameters<typeof refreshSessionToken>[0]): Promise<boolean> {
  return refreshSessionToken({ ...token }).then(
    () => true,
    () => false,
  );
}

export const config = {
  // Pages only: not the API, Next's assets or files with an extension.
  matcher: ["/((?!api/|_next/|.*\\.[a-z0-9]+$).*)"],
};
