import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";

import { identityConfig } from "@/lib/platform/auth/config";
import { guardRedirect } from "@/lib/platform/auth/guard";
import { SESSION_HINT_COOKIE } from "@/lib/platform/auth/session-hint";

/**
 * SPEC 4's route guard, from the session cookie alone. It only redirects: pages
 * and handlers check the session and role themselves. A forged or expired
 * cookie does not decode, so its bearer is a signed-out visitor.
 */
export async function proxy(request: NextRequest) {
  const token = await getToken({ req: request, secret: identityConfig.sessionSecret }).catch(() => null);
  const isSignedIn = Boolean(token?.user);
  const target = guardRedirect(request.nextUrl.pathname, request.nextUrl.search, isSignedIn);
  const response = target ? NextResponse.redirect(new URL(target, request.url)) : NextResponse.next();

  // A readable hint for the static pages' header: fetch the session only when there may be one.
  const hasHint = request.cookies.get(SESSION_HINT_COOKIE)?.value === "1";
  if (isSignedIn && !hasHint) response.cookies.set(SESSION_HINT_COOKIE, "1", { path: "/", sameSite: "lax" });
  if (!isSignedIn && hasHint) response.cookies.delete(SESSION_HINT_COOKIE);
  return response;
}

export const config = {
  // Pages only: not the API, Next's assets or files with an extension.
  matcher: ["/((?!api/|_next/|.*\\.[a-z0-9]+$).*)"],
};
