import Link from "next/link";

import type { OrderView } from "@/lib/commerce/checkout/order-view";

const HEADINGS: Record<OrderView["status"], string> = {
  paid: "You are enrolled",
  pending: "Waiting for your card payment",
  refunded: "Your payment was refunded",
  expired: "This order was not completed",
  flagged: "We are checking this payment",
};

const linkClass = "font-semibold text-brand-700 underline underline-offset-4";

/**
 * What became of an order, as its own page after a checkout (and from the wallet's links): each
 * seat with its first session and what the price buys, the refund window, and where to go next.
 */
export function OrderConfirmation({ order, walletHref }: { order: OrderView; walletHref: string }) {
  const isGood = order.status === "paid";
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">{HEADINGS[order.status]}</h1>
      <section
        aria-label="Your order"
        className={`mt-6 rounded-2xl border p-5 ${isGood ? "border-green-300 bg-green-50" : "border-amber-300 bg-amber-50"}`}
      >
        <ul className="space-y-3 text-slate-800">
          {order.items.map((item) => (
            <li key={`${item.courseSlug}-${item.learnerName}`}>
              <p>
                {item.learnerName} in{" "}
                <Link href={`/courses/${item.courseSlug}`} className={linkClass}>
                  {item.courseTitle}
                </Link>{" "}
                ({item.price})
              </p>
              {isGood && item.firstSession ? <p className="text-sm">First session: {item.firstSession}</p> : null}
              <p className="text-sm text-slate-700">{item.facts}</p>
              {isGood ? (
                <p className="text-sm text-slate-700">
                  {item.refundableUntil
                    ? `Full refund if you withdraw before ${item.refundableUntil}.`
                    : "The refund window for this seat has closed."}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        {order.status === "pending" ? (
          <p className="mt-3 text-slate-800">Stripe tells us when the payment is done; reload this page in a moment.</p>
        ) : null}
        {order.notice ? <p className="mt-3 text-slate-800">{order.notice}</p> : null}
        <p className="mt-3 text-slate-800">
          Total {order.total}
          {order.walletMinor > 0 ? `, ${order.wallet} from your wallet` : ""}
          {order.cardMinor > 0 ? `, ${order.card} by card` : ""}.
        </p>
      </section>
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        {isGood ? (
          <Link href="/my-courses" className="rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
            Go to My courses
          </Link>
        ) : null}
        <Link href={walletHref} className={`${linkClass} self-center`}>
          See your wallet
        </Link>
      </p>
      {isGood ? (
        <p className="mt-4 text-sm text-slate-700">
          My courses has the join link from 10 minutes before each session, and you can withdraw there while the refund window is open.
        </p>
      ) : null}
    </>
  );
}
