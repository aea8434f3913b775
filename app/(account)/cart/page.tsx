import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";

import { CartLines, NoRefundWarning } from "@/components/commerce/cart-lines";
import { AddToCartPanel } from "@/components/commerce/add-to-cart-panel";
import { CheckoutForm } from "@/components/commerce/checkout-form";
import { OrderConfirmation } from "@/components/commerce/order-confirmation";
import { GuestCartLines } from "@/components/commerce/guest-cart-lines";
import { getCart, sectionsForCart } from "@/lib/commerce/cart/cart";
import { GUEST_CART_COOKIE, parseGuestCart } from "@/lib/commerce/cart/guest-cart";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { findOwnOrder } from "@/lib/commerce/checkout/order-view";
import { COMMERCE_MESSAGES, LATE_REFUND_CHOICES } from "@/lib/commerce/schema";
import { isCardPaymentAvailable } from "@/lib/commerce/payments/stripe";
import { getDb } from "@/lib/platform/db/client";
import { pageMetadata } from "@/lib/platform/seo";
import { getCurrentUser } from "@/lib/platform/auth/session";
import { brand, brandLabels, brandRoutes } from "@/lib/platform/brand";
import { listLearners } from "@/lib/scheduling/learners";
import { timezoneOfUser } from "@/lib/accounts/user-directory";

import { addToCartAction, addToGuestCartAction, checkoutAction, removeFromCartAction, removeFromGuestCartAction } from "./actions";

export const metadata: Metadata = {
  ...pageMetadata({
    title: "Your cart",
    description: `Seats in live classes at ${brand.name} for your children, paid with ${brandLabels.cash} first and the rest by card.`,
    path: "/cart",
  }),
  // A cart is personal and has nothing to rank for.
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<{ add?: string; order?: string }> };

const buttonClass = "rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60";

/** /cart: seats for the account's children, paid with '{product} Cash' first and the rest by card when Stripe is configured. */
export default async function CartPage({ searchParams }: Props) {
  const { add, order: orderId } = await searchParams;
  const addId = add && /^\d{1,9}$/.test(add) ? Number(add) : null;
  const user = await getCurrentUser();

  const guestIds = parseGuestCart((await cookies()).get(GUEST_CART_COOKIE)?.value);

  if (!user) {
    // Signed out: the classes chosen so far live in a cookie, each in its own zone; the child is chosen after sign-in.
    const [adding] = addId && !guestIds.includes(addId) ? await sectionsForCart([addId], null) : [];
    const chosen = await sectionsForCart(guestIds, null);
    return (
      <>
        <h1 className="text-3xl font-extrabold text-slate-900">Your cart</h1>
        {addId && !adding && !guestIds.includes(addId) ? (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-red-800">
            {COMMERCE_MESSAGES.sectionNotOffered}
          </p>
        ) : null}
        {adding ? <AddToCartPanel section={adding} learners={null} action={addToGuestCartAction} /> : null}
        <section aria-labelledby="cart-items" className="mt-8">
          <h2 id="cart-items" className="text-xl font-bold text-slate-900">
            Classes in your cart
          </h2>
          {chosen.length === 0 ? (
            <p className="mt-2 text-slate-700">
              Your cart is empty. Choose a class on a{" "}
              <Link href="/courses" className="font-semibold text-brand-700 underline underline-offset-4">
                course page
              </Link>{" "}
              and press Enrol.
            </p>
          ) : (
            <GuestCartLines sections={chosen} remove={removeFromGuestCartAction} />
          )}
        </section>
        <p className="mt-6 text-slate-700">
          Sign in to choose which child each seat is for and to pay with {brandLabels.cash}
          {isCardPaymentAvailable() ? " or a card" : ""}. Your cart comes with you.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link href={`/signin?callbackUrl=${encodeURIComponent("/cart")}`} className={buttonClass}>
            Sign in to enrol
          </Link>
          <Link
            href="/courses"
            className="rounded-xl border border-slate-400 px-5 py-3 font-semibold text-slate-800 hover:border-brand-600"
          >
            Explore courses
          </Link>
        </div>
      </>
    );
  }

  const zone = await timezoneOfUser(user.databaseId);
  // The class just chosen, then those chosen before signing in (the cookie cart), each to be given a child.
  const toAdd = [...new Set([...(addId ? [addId] : []), ...guestIds])];
  const [cart, balance, order, adding, learners] = await Promise.all([
    getCart(user.databaseId, zone),
    getDb().then((db) => balanceOf(db, user.databaseId)),
    orderId ? findOwnOrder(user.databaseId, orderId, zone) : null,
    sectionsForCart(toAdd, zone),
    toAdd.length > 0 ? listLearners(user.databaseId) : [],
  ]);
  const cardAvailable = isCardPaymentAvailable();
  const walletPart = Math.min(balance, cart.totalMinor);
  const cardPart = cart.totalMinor - walletPart;
  const isShort = cardPart > 0 && !cardAvailable;

  // After paying (or back from Stripe): the order is the page, with what comes next; the cart only if seats are left in it.
  if (order) {
    return (
      <>
        <OrderConfirmation order={order} walletHref={brandRoutes.wallet} />
        {cart.lines.length > 0 ? (
          <p className="mt-6 text-slate-800">
            {cart.lines.length === 1 ? "One seat is" : `${cart.lines.length} seats are`} still in your cart.{" "}
            <Link href="/cart" className="font-semibold text-brand-700 underline underline-offset-4">
              Go to your cart
            </Link>
          </p>
        ) : null}
      </>
    );
  }

  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Your cart</h1>
      {orderId && !order ? (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-red-800">
          That order does not exist.
        </p>
      ) : null}
      {addId && !adding.some((a) => a.sectionId === addId) ? (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-red-800">
          {COMMERCE_MESSAGES.sectionNotOffered}
        </p>
      ) : null}
      {adding.map((section) => (
        <AddToCartPanel
          key={section.sectionId}
          section={section}
          learners={learners}
          action={addToCartAction}
          dismiss={guestIds.includes(section.sectionId) ? removeFromGuestCartAction : undefined}
        />
      ))}

      <section aria-labelledby="cart-items" className="mt-8">
        <h2 id="cart-items" className="text-xl font-bold text-slate-900">
          Seats in your cart
        </h2>
        {cart.lines.length === 0 ? (
          <p className="mt-2 text-slate-700">
            Your cart is empty. Choose a class on a{" "}
            <Link href="/courses" className="font-semibold text-brand-700 underline underline-offset-4">
              course page
            </Link>{" "}
            and press Enrol, or start with a{" "}
            <Link href="/book-free-demo" className="font-semibold text-brand-700 underline underline-offset-4">
              free demo class
            </Link>
            .
          </p>
        ) : (
          <>
            <CartLines lines={cart.lines} zone={zone} remove={removeFromCartAction} />
            <dl className="mt-6 space-y-1 rounded-xl bg-slate-50 p-4 text-slate-800">
              <div className="flex justify-between font-bold text-slate-900">
                <dt>Total</dt>
                <dd data-testid="cart-total">{cart.total}</dd>
              </div>
              <div className="flex justify-between">
                <dt>
                  From your {brandLabels.cash} (balance {formatMoney(balance)})
                </dt>
                <dd>{formatMoney(walletPart)}</dd>
              </div>
              {cardAvailable ? (
                <div className="flex justify-between">
                  <dt>By card, on Stripe&apos;s secure page</dt>
                  <dd>{formatMoney(cardPart)}</dd>
                </div>
              ) : null}
            </dl>
            {!cart.canCheckout ? (
              <p className="mt-4 font-medium text-red-700">Remove the seats marked above before you pay; they can no longer be bought.</p>
            ) : isShort ? (
              <p className="mt-4 font-medium text-red-700">
                Your {brandLabels.cash} balance ({formatMoney(balance)}) does not cover this order ({cart.total}), and card payments are not
                available on this site. Remove a seat, or contact {brand.supportEmail}.
              </p>
            ) : (
              <CheckoutForm action={checkoutAction} className="mt-6">
                <NoRefundWarning lines={cart.lines} />
                {/* The total shown above: the checkout refuses to charge another (a price changed since). */}
                <input type="hidden" name="expectedTotalMinor" value={cart.totalMinor} />
                {cardPart > 0 ? (
                  <fieldset className="mb-4 text-slate-800">
                    <legend className="font-semibold text-slate-900">If a seat is taken before your card payment completes</legend>
                    <p className="text-sm text-slate-700">Nobody is enrolled then, and the card payment comes back:</p>
                    {(["card", "wallet"] as const).map((target) => (
                      <label key={target} className="mt-1 flex items-center gap-2">
                        <input type="radio" name="lateRefundTo" value={target} defaultChecked={target === "card"} className="h-4 w-4" />
                        {LATE_REFUND_CHOICES[target]}
                      </label>
                    ))}
                  </fieldset>
                ) : null}
                <button type="submit" className={buttonClass}>
                  {cardPart > 0 ? `Pay ${formatMoney(cardPart)} by card` : `Pay ${cart.total} with ${brandLabels.cash}`}
                </button>
              </CheckoutForm>
            )}
          </>
        )}
      </section>
    </>
  );
}
