"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";

import { buyGift, giftPagePath, redeemGift } from "@/lib/commerce/gifts";
import { requireApiUser } from "@/lib/platform/auth/session";
import { brandLabels, brandRoutes } from "@/lib/platform/brand";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { clientAddressOf } from "@/lib/platform/http/rate-limit";

/** The signed-in buyer pays a gift from their wallet, then sees the printable gift message with its code. */
export async function buyGiftAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  let giftId = "";
  const result = await runAction("gift-buy", async () => {
    const user = await requireApiUser();
    ({ giftId } = await buyGift(user.databaseId, formObject(formData)));
    revalidatePath(brandRoutes.wallet);
    return "Your gift is ready.";
  });
  // Outside runAction: redirect() throws on purpose, and runAction would answer it as an error.
  if (result.ok) redirect(giftPagePath(giftId));
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
