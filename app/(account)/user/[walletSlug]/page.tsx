import Link from "next/link";
import { notFound } from "next/navigation";

import { ENTRY_KIND_LABELS, getWallet } from "@/lib/commerce/ledger";
import { formatMoney } from "@/lib/commerce/money";
import { requireUser } from "@/lib/platform/auth/session";
import { brandLabels, brandRoutes } from "@/lib/platform/brand";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { timezoneOfUser } from "@/lib/users/queries";

export const metadata = { title: brandLabels.cash };

/** SPEC 2: /user/{product}-coin, the wallet labelled '{product} Cash': the balance is the sum of the typed entries below. */
export default async function WalletPage({ params }: { params: Promise<{ walletSlug: string }> }) {
  if ((await params).walletSlug !== brandRoutes.walletSegment) notFound();
  const user = await requireUser(brandRoutes.wallet);
  const [wallet, zone] = await Promise.all([getWallet(user.databaseId), timezoneOfUser(user.databaseId)]);
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">{brandLabels.cash}</h1>
      <section aria-labelledby="balance" className="mt-6 rounded-2xl bg-brand-700 p-6 text-white">
        <h2 id="balance" className="text-sm font-semibold uppercase tracking-wide text-brand-100">
          Balance
        </h2>
        <p className="mt-1 text-4xl font-extrabold" data-testid="wallet-balance">
          {formatMoney(wallet.balanceMinor)}
        </p>
        <p className="mt-2 text-sm text-brand-100">Used first when you enrol in a class.</p>
      </section>
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
                        order {entry.orderId.slice(0, 8)}
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
