import { refreshPayoutAccount } from "@/lib/commerce/earnings/connect";
import { getActor } from "@/lib/platform/auth/session";

/** Stripe's onboarding sends the teacher back here: their account is read back from Stripe, then the earnings page says how it stands. */
export async function GET(request: Request): Promise<Response> {
  let outcome = "unavailable";
  try {
    const account = await refreshPayoutAccount(await getActor());
    outcome = account?.payoutsEnabled ? "ready" : "pending";
  } catch (error) {
    console.error("[earnings] Stripe account could not be read back:", error instanceof Error ? error.message : error);
  }
  return Response.redirect(new URL(`/teacher/earnings?connect=${outcome}`, request.url), 303);
}
