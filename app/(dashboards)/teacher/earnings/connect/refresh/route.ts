import { startConnectOnboarding } from "@/lib/commerce/earnings/connect";
import { getActor } from "@/lib/platform/auth/session";

/** Stripe's onboarding link expired or was used: a fresh one (Stripe's links are single-use), else back to the earnings page. */
export async function GET(request: Request): Promise<Response> {
  try {
    return Response.redirect(await startConnectOnboarding(await getActor()), 303);
  } catch (error) {
    console.error("[earnings] Stripe onboarding could not restart:", error instanceof Error ? error.message : error);
    return Response.redirect(new URL("/teacher/earnings?connect=unavailable", request.url), 303);
  }
}
