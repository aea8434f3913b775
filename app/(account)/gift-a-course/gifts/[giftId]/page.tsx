import Link from "next/link";
import { notFound } from "next/navigation";

import { GiftCodeActions } from "@/components/gifts/gift-code-actions";
import { getGiftForBuyer, GIFT_REDEEM_PATH, type GiftStatus } from "@/lib/commerce/gifts/gifts";
import { requireUser } from "@/lib/platform/auth/session";
import { brand, brandLabels } from "@/lib/platform/brand";

export const metadata = { title: "Your gift" };

/** Printing shows the gift message alone: the site's header, footer and buttons stay on screen. */
const PRINT_ONLY_THE_CARD = `@media print { header, footer, nav, [data-print-hidden] { display: none !important; } }`;

/** The buyer's printable, shareable gift message: the code (grouped for reading) and where to redeem it. */
export default async function GiftPage({ params }: { params: Promise<{ giftId: string }> }) {
  const { giftId } = await params;
  const user = await requireUser(`/gift-a-course/gifts/${giftId}`);
  const gift = await getGiftForBuyer(user.databaseId, giftId);
  if (!gift) notFound();
  const redeemUrl = `${brand.siteUrl}${GIFT_REDEEM_PATH}`;
  if (!gift.code) return <UnpaidGift status={gift.status} amount={gift.amount} />;
  const code = gift.code;
  return (
    <>
      <style>{PRINT_ONLY_THE_CARD}</style>
      <div data-print-hidden className="mb-6">
        <h1 className="text-3xl font-extrabold text-slate-900">Your gift is ready</h1>
        <p className="mt-2 text-slate-800">
          Print this message or copy the code to share it.
          {gift.recipientEmail ? ` We have also emailed the code to ${gift.recipientEmail}.` : ""}
          {gift.redeemedAt ? " This gift has been redeemed." : ""}
        </p>
      </div>
      <article
        aria-labelledby="gift-title"
        className="rounded-3xl border-4 border-double border-brand-600 p-8 text-center print:border-black"
      >
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-700 print:text-black">A gift from {gift.fromName}</p>
        <h2 id="gift-title" className="mt-2 text-4xl font-extrabold text-slate-900">
          {gift.amount} of {brandLabels.cash}
        </h2>
        {gift.recipientName ? <p className="mt-2 text-lg text-slate-800">For {gift.recipientName}</p> : null}
        <p className="mt-2 text-slate-800">for live online classes at {brand.name}: coding, music, languages, academics and more.</p>
        {gift.message ? (
          <blockquote className="mx-auto mt-6 max-w-prose whitespace-pre-line text-lg italic text-slate-900">“{gift.message}”</blockquote>
        ) : null}
        <p className="mt-8 text-sm font-semibold text-slate-700">Gift code</p>
        <p data-testid="gift-code" className="mt-1 break-all font-mono text-xl font-bold tracking-wider text-slate-900 sm:text-2xl">
          {code}
        </p>
        <p className="mt-6 text-slate-800">
          To redeem it, sign up or sign in at {brand.name} and enter the code at{" "}
          <Link href={GIFT_REDEEM_PATH} className="font-semibold text-brand-700 underline underline-offset-4 print:text-black">
            {redeemUrl}
          </Link>
          . It can be redeemed once.
        </p>
      </article>
      <div className="mt-6">
        <GiftCodeActions code={code} />
      </div>
    </>
  );
}

const UNPAID: Record<Exclude<GiftStatus, "paid">, { heading: string; text: (amount: string) => string }> = {
  pending: {
    heading: "Your gift is being confirmed",
    text: (amount) =>
      `Your card payment of ${amount} is being confirmed by Stripe. The code appears here (and is emailed to the recipient, if you gave an address) as soon as it is; reload this page in a moment.`,
  },
  expired: {
    heading: "This gift was not paid",
    text: (amount) =>
      `The card payment of ${amount} was not completed, so no code was issued and nothing was charged. You can buy the gift again.`,
  },
  flagged: {
    heading: "We are checking this payment",
    text: () => "We could not match the card payment to this gift, so no code was issued yet. Our team has been told and will contact you.",
  },
};

/** A card gift without its code yet: said honestly, with no code to copy. */
function UnpaidGift({ status, amount }: { status: GiftStatus; amount: string }) {
  const state = UNPAID[status === "paid" ? "pending" : status];
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">{state.heading}</h1>
      <p role="status" className="mt-3 max-w-prose text-slate-800">
        {state.text(amount)}
      </p>
      <p className="mt-4">
        <Link href="/gift-a-course/buy" className="font-semibold text-brand-700 underline underline-offset-4">
          Back to your gifts
        </Link>
      </p>
    </>
  );
}
