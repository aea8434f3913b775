import { notFound } from "next/navigation";

import { requireUser } from "@/lib/platform/auth/session";
import { brandLabels, brandRoutes } from "@/lib/platform/brand";
import { formatCents, getWallet } from "@/lib/wallet/queries";

export const metadata = { title: brandLabels.cash };

/** SPEC 2: /user/{product}-coin, the wallet labelled '{product} Cash'. */
export default async function WalletPage({ params }: { params: Promise<{ walletSlug: string }> }) {
  if ((await params).walletSlug !== brandRoutes.walletSegment) notFound();
  const user = await requireUser(brandRoutes.wallet);
  const wallet = await getWallet(user.databaseId);
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">{brandLabels.cash}</h1>
      <section aria-labelledby="balance" className="mt-6 rounded-2xl bg-brand-700 p-6 text-white">
        <h2 id="balance" className="text-sm font-semibold uppercase tracking-wide text-brand-100">
          Balance
        </h2>
        <p className="mt-1 text-4xl font-extrabold">{formatCents(wallet.balanceCents)}</p>
      </section>
      <section aria-labelledby="history" className="mt-8">
        <h2 id="history" className="text-xl font-bold text-slate-900">
          History
        </h2>
        {wallet.entries.length === 0 ? (
          <p className="mt-2 text-slate-700">
            No {brandLabels.cash} yet. Credits our team adds to your account, such as refunds or gifts, appear here and can be used towards
            classes.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {wallet.entries.map((entry) => (
              <li key={entry.id} className="flex justify-between px-4 py-3 text-sm">
                <span>
                  {entry.reason} <span className="text-slate-600">· {entry.createdAt.toLocaleDateString("en-US")}</span>
                </span>
                <span className={entry.amountCents < 0 ? "text-red-700" : "text-green-800"}>{formatCents(entry.amountCents)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
