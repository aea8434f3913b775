import { GiftRedeemForm } from "@/components/gifts/gift-redeem-form";
import { GIFT_REDEEM_PATH } from "@/lib/commerce/gifts/gifts";
import { requireUser } from "@/lib/platform/auth/session";
import { brandLabels, brandRoutes } from "@/lib/platform/brand";

import { redeemGiftAction } from "../actions";

export const metadata = { title: "Redeem a gift" };

/** The recipient, signed up or signed in first (requireUser sends a visitor to sign up and back), redeems a code into their wallet. */
export default async function RedeemGiftPage() {
  await requireUser(GIFT_REDEEM_PATH);
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Redeem a gift</h1>
      <p className="mt-3 text-slate-800">
        Enter the code from your gift message. The gift is added to your {brandLabels.cash}, which is used first when you enrol a child in a
        class. Each code can be redeemed once.
      </p>
      <GiftRedeemForm redeem={redeemGiftAction} walletHref={brandRoutes.wallet} cashLabel={brandLabels.cash} />
    </>
  );
}
