"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";

import { buyGift, giftPagePath, redeemGift } from "@/lib/commerce/gifts/gifts";
import { requireApiUser } from "@/lib/platform/auth/session";
import { brandLabels, brandRoutes } from "@/lib/platform/brand";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { clientAddressOf } from "@/lib/platform/http/rate-limit";

/**
 * The signed-in buyer pays a gift: with {product} Cash, then the printable gift message with its
 * code; by card, Stripe's page first (the gift page then says it is being confirmed until the webhook lands).
 */
export async function buyGiftAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  let next = "";
  const result = await runAction("gift-buy", async () => {
    const user = await requireApiUser();
    const bought = await buyGift(user.databaseId, formObject(formData), { email: user.email, emailVerified: user.emailVerified });
    next = bought.checkoutUrl ?? giftPagePath(bought.giftId);
    revalidatePath(brandRoutes.wallet);
    return "Your gift is ready.";
  });
  // Outside runAction: redirect() throws on purpose, and runAction would answer it as an error.
  if (result.ok) redirect(next);
  return result;
}

/** The signed-in recipient redeems a code into their own wallet (attempts limited per account and address). */
export async function redeemGiftAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("gift-redeem", async () => {
    const user = await requireApiUser();
    const { amount, balance } = await redeemGift(user.databaseId, clientAddressOf(await headers()), formObject(formData));
    revalidatePath(brandRoutes.wallet);
    return `${amount} was added to your ${brandLabels.cash}. Your balance is now ${balance}.`;
  });
}
