import Link from "next/link";

import type { OrderView } from "@/lib/commerce/checkout/order-view";

const HEADINGS: Record<OrderView["status"], string> = {
  paid: "You are enrolled",
  pending: "Waiting for your card payment",
  refunded: "Your payment was refunded",
  expired: "This order was not completed",
  flagged: "We are checking this payment",
};

/** What became of an order, at the top of the cart after a checkout (and from the wallet's links). */
export function OrderConfirmation({ order, walletHref }: { order: OrderView; walletHref: string }) {
  const isGood = order.status === "paid";
  return (
    <section
      aria-labelledby="order-heading"
      className={`mt-6 rounded-2xl border p-5 ${isGood ? "border-green-300 bg-green-50" : "border-amber-300 bg-amber-50"}`}
    >
      <h2 id="order-heading" className="text-xl font-bold text-slate-900">
        {HEADINGS[order.status]}
      </h2>
      <ul className="mt-2 list-disc pl-5 text-slate-800">
        {order.items.map((item) => (
          <li key={`${item.courseSlug}-${item.learnerName}`}>
            {item.learnerName} in{" "}
            <Link href={`/courses/${item.courseSlug}`} className="font-semibold text-brand-700 underline underline-offset-4">
              {item.courseTitle}
            </Link>{" "}
            ({item.price})
          </li>
        ))}
      </ul>
      {order.status === "pending" ? (
        <p className="mt-2 text-slate-800">Stripe tells us when the payment is done; reload this page in a moment.</p>
      ) : null}
      {order.notice ? <p className="mt-2 text-slate-800">{order.notice}</p> : null}
      <p className="mt-2 text-slate-800">
        Total {order.total}
        {order.walletMinor > 0 ? `, ${order.wallet} from your wallet` : ""}
        {order.cardMinor > 0 ? `, ${order.card} by card` : ""}.{" "}
        <Link href={walletHref} className="font-semibold text-brand-700 underline underline-offset-4">
          See your wallet
        </Link>
      </p>
    </section>
  );
}
