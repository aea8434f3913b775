"use server";

import { redirect } from "next/navigation";

import { startTopUp } from "@/lib/commerce/payments/top-ups";
import { requireApiUser } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";

/** Opens Stripe Checkout for a top-up of the signed-in user's {product} Cash; the webhook credits it. */
export async function topUpAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  let next = "";
  const result = await runAction("top-up", async () => {
    const user = await requireApiUser();
    ({ checkoutUrl: next } = await startTopUp(user.databaseId, formObject(formData), { email: user.email }));
    return "Opening Stripe's secure page.";
  });
  // Outside runAction: redirect() throws on purpose, and runAction would answer it as an error.
  if (result.ok) redirect(next);
  return result;
}
