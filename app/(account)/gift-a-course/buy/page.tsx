import Link from "next/link";

import { GiftBuyForm } from "@/components/gifts/gift-buy-form";
import { GIFT_AMOUNT_MAX_MINOR, GIFT_AMOUNT_MIN_MINOR, GIFT_MESSAGES } from "@/lib/commerce/gifts/gift-schema";
import { giftPagePath, GIFT_REDEEM_PATH, listGiftsOfBuyer } from "@/lib/commerce/gifts/gifts";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { requireUser } from "@/lib/platform/auth/session";
import { brandLabels, brandRoutes } from "@/lib/platform/brand";
import { getDb } from "@/lib/platform/db/client";
import { isCardPaymentAvailable } from "@/lib/commerce/payments/stripe";

import { buyGiftAction } from "../actions";

export const metadata = { title: "Buy a gift" };

const GIFT_STATES = { pending: "Waiting for the card payment", expired: "Not paid", flagged: "We are checking this payment" } as const;

/** A signed-in buyer pays a gift of {product} Cash from their wallet, or by card when Stripe is configured. */
export default async function BuyGiftPage() {
  const user = await requireUser("/gift-a-course/buy");
  const cardAvailable = isCardPaymentAvailable();
  const [balance, gifts] = await Promise.all([balanceOf(await getDb(), user.databaseId), listGiftsOfBuyer(user.databaseId)]);
  return (
    <>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        <Link href="/gift-a-course" className="underline underline-offset-4">
          Gift a course
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-extrabold text-slate-900">Buy a gift of {brandLabels.cash}</h1>
      <p className="mt-3 text-slate-800">
        The gift is paid from your {brandLabels.cash}
        {cardAvailable ? " or by card" : ""}: your balance is <strong>{formatMoney(balance)}</strong> (
        <Link href={brandRoutes.wallet} className="text-brand-700 underline underline-offset-4">
          history
        </Link>
        ). You get a code and a gift message to print or share; the recipient redeems it into their own {brandLabels.cash} at{" "}
        <Link href={GIFT_REDEEM_PATH} className="text-brand-700 underline underline-offset-4">
          the redeem page
        </Link>{" "}
        and uses it for any class.
      </p>
      {/* Issue 26 finding 8: a gift mails a code and a message to any address, so only a verified account sends one (buyGift refuses too). */}
      {user.emailVerified ? (
        <GiftBuyForm
          buy={buyGiftAction}
          min={formatMoney(GIFT_AMOUNT_MIN_MINOR)}
          max={formatMoney(GIFT_AMOUNT_MAX_MINOR)}
          cashLabel={brandLabels.cash}
          cardAvailable={cardAvailable}
        />
      ) : (
        <section aria-labelledby="verify-first" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5">
          <h2 id="verify-first" className="text-lg font-bold text-slate-900">
            Verify your email to send a gift
          </h2>
          <p className="mt-1 text-slate-800">{GIFT_MESSAGES.verifyEmailFirst}</p>
          <Link href="/my-courses" className="mt-3 inline-block font-semibold text-brand-700 underline underline-offset-4">
            Go to My courses to resend the link
          </Link>
        </section>
      )}
      {gifts.length > 0 ? (
        <section aria-labelledby="your-gifts" className="mt-10">
          <h2 id="your-gifts" className="text-xl font-bold text-slate-900">
            Your gifts
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {gifts.map((gift) => (
              <li key={gift.id} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
                <Link href={giftPagePath(gift.id)} className="font-semibold text-brand-700 underline underline-offset-4">
                  {gift.amount}
                  {gift.recipientName ? ` for ${gift.recipientName}` : ""}
                </Link>
                <span className="text-slate-700">
                  {gift.status !== "paid" ? GIFT_STATES[gift.status] : gift.redeemedAt ? "Redeemed" : "Not redeemed yet"}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
