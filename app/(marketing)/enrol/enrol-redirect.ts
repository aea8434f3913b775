import "server-only";

import { cookies } from "next/headers";

import { addRecommendedSeat, enrolLinkNeedsAccount } from "@/lib/commerce/cart/demo-recommendation";
import { getCurrentUser } from "@/lib/platform/auth/session";
import { brand } from "@/lib/platform/brand";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { errorResponse } from "@/lib/platform/http/responses";

/**
 * The one-click enrol of a demo's outcome (issue 27). Signed in: the seat goes into the cart and
 * the browser to /cart. Signed out: the link's key waits in a short-lived httpOnly cookie (never in
 * a URL: /signin, /signup and their analytics see only /enrol/continue) while the parent signs in
 * (a demo booked from an account) or up (one booked signed out), then /enrol/continue does the same. A GET that changes a cart: harmless (adding twice keeps one
 * line), and a mail scanner that follows the link has no session.
 */
export const PENDING_COOKIE = "demo_enrol";
const PENDING_MAX_AGE_SECONDS = 60 * 60;

const redirectTo = (path: string) => new Response(null, { status: 303, headers: { location: new URL(path, brand.siteUrl).toString() } });

export async function enrolFromLink(token: string | undefined): Promise<Response> {
  try {
    const jar = await cookies();
    if (!token) return redirectTo("/courses");
    const user = await getCurrentUser();
    if (!user) {
      const page = await enrolLinkNeedsAccount(token);
      jar.set(PENDING_COOKIE, token, {
        httpOnly: true,
        sameSite: "lax",
        secure: env.NODE_ENV === "production",
        path: "/enrol",
        maxAge: PENDING_MAX_AGE_SECONDS,
      });
      return redirectTo(`/${page}?callbackUrl=${encodeURIComponent("/enrol/continue")}`);
    }
    jar.delete({ name: PENDING_COOKIE, path: "/enrol" });
    const result = await addRecommendedSeat(user.databaseId, token);
    // Not added as is (a full class, no grade known, already enrolled): the cart shows the class and why.
    return redirectTo(result.added ? "/cart" : `/cart?add=${result.sectionId}`);
  } catch (error) {
    if (error instanceof AppError && error.code !== "unavailable") {
      return new Response(`<!doctype html><title>Enrol</title><p>${error.message}</p><p><a href="/courses">See the courses</a></p>`, {
        status: error.code === "not-found" ? 404 : 409,
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    }
    return errorResponse(error, "demo-enrol");
  }
}
