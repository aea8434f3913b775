import Link from "next/link";
import { notFound } from "next/navigation";

import { TopUpForm } from "@/components/commerce/top-up-form";
import { ENTRY_KIND_LABELS, getWallet } from "@/lib/commerce/wallet/ledger";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { isCardPaymentAvailable } from "@/lib/commerce/payments/stripe";
import { TOP_UP_MAX_MINOR, TOP_UP_MIN_MINOR } from "@/lib/commerce/payments/top-up-schema";
import { findOwnTopUp, type TopUpStatus } from "@/lib/commerce/payments/top-ups";
import { requireUser } from "@/lib/platform/auth/session";
import { brandLabels, brandRoutes } from "@/lib/platform/brand";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { timezoneOfUser } from "@/lib/accounts/user-directory";

import { topUpAction } from "./actions";

export const metadata = { title: brandLabels.cash };

/** SPEC 2: /user/{product}-coin, the wallet labelled '{product} Cash': the balance is the sum of the typed entries below. */
export default async function WalletPage({
  params,
  searchParams,
}: {
  params: Promise<{ walletSlug: string }>;
  searchParams: Promise<{ top_up?: string }>;
}) {
  if ((await params).walletSlug !== brandRoutes.walletSegment) notFound();
  const user = await requireUser(brandRoutes.wallet);
  const { top_up: topUpId } = await searchParams;
  const [wallet, zone, topUp] = await Promise.all([
    getWallet(user.databaseId),
    timezoneOfUser(user.databaseId),
    topUpId ? findOwnTopUp(user.databaseId, topUpId) : null,
  ]);
  const cardAvailable = isCardPaymentAvailable();
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">{brandLabels.cash}</h1>
      {topUp ? <TopUpState status={topUp.status} amount={topUp.amount} /> : null}
      <section aria-labelledby="balance" className="mt-6 rounded-2xl bg-brand-700 p-6 text-white">
        <h2 id="balance" className="text-sm font-semibold uppercase tracking-wide text-brand-100">
          Balance
        </h2>
        <p className="mt-1 text-4xl font-extrabold" data-testid="wallet-balance">
          {formatMoney(wallet.balanceMinor)}
        </p>
        <p className="mt-2 text-sm text-brand-100">Used first when you enrol in a class.</p>
      </section>
      {cardAvailable ? (
        <section aria-labelledby="top-up" className="mt-8">
          <h2 id="top-up" className="text-xl font-bold text-slate-900">
            Top up by card
          </h2>
          <p className="mt-1 text-slate-700">You pay on Stripe&apos;s secure page; the amount is added once Stripe confirms it.</p>
          <TopUpForm
            topUp={topUpAction}
            min={formatMoney(TOP_UP_MIN_MINOR)}
            max={formatMoney(TOP_UP_MAX_MINOR)}
            cashLabel={brandLabels.cash}
          />
        </section>
      ) : null}
      <section aria-labelledby="history" className="mt-8">
        <h2 id="history" className="text-xl font-bold text-slate-900">
          History
        </h2>
        {wallet.entries.length === 0 ? (
          <p className="mt-2 text-slate-700">
            No {brandLabels.cash} yet. Credits such as refunds, gifts and promotions appear here and are used first when you{" "}
            <Link href="/courses" className="font-semibold text-brand-700 underline underline-offset-4">
              enrol in a class
            </Link>
            .
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {wallet.entries.map((entry) => (
              <li key={entry.id} className="flex items-start justify-between gap-4 px-4 py-3 text-sm">
                <span>
                  <span className="font-semibold text-slate-900">{ENTRY_KIND_LABELS[entry.kind]}</span>
                  {entry.reason ? <span className="text-slate-800"> · {entry.reason}</span> : null}
                  {entry.orderId ? (
                    <>
                      {" · "}
                      <Link href={`/cart?order=${entry.orderId}`} className="text-brand-700 underline underline-offset-4">
                        {entry.orderSummary ?? "your order"}
                      </Link>
                    </>
                  ) : null}
                  <span className="block text-slate-600">{formatInstantInZone(entry.createdAt, zone)}</span>
                </span>
                <span className={`shrink-0 font-semibold ${entry.amountMinor < 0 ? "text-red-700" : "text-green-800"}`}>
                  {entry.amountMinor > 0 ? "+" : ""}
                  {formatMoney(entry.amountMinor)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** After Stripe sends the parent back: the credit arrives by webhook, so until then it says "being confirmed". */
function TopUpState({ status, amount }: { status: TopUpStatus; amount: string }) {
  const text: Record<TopUpStatus, string> = {
    pending: `Your top-up of ${amount} is being confirmed. Stripe tells us when the payment is done; it appears below then. Reload this page in a moment.`,
    paid: `Your top-up of ${amount} was added to your ${brandLabels.cash}.`,
    expired: `Your top-up of ${amount} was not completed, so nothing was charged.`,
    flagged: `We could not match the card payment for your top-up of ${amount}, so nothing was added yet. Our team has been told and will contact you.`,
  };
  const isGood = status === "paid";
  return (
    <p
      role="status"
      data-testid="top-up-state"
      className={`mt-4 rounded-xl border p-4 ${isGood ? "border-green-300 bg-green-50 text-green-900" : "border-amber-300 bg-amber-50 text-slate-900"}`}
    >
      {text[status]}
    </p>
  );
}
