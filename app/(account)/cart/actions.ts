"use server";

import { revalidatePath } from "next/cache";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";

import { addToCart, removeFromCart, sectionForGuestCart } from "@/lib/commerce/cart/cart";
import { checkoutCart } from "@/lib/commerce/checkout/checkout";
import { GUEST_CART_COOKIE, GUEST_CART_MAX_AGE_SECONDS, parseGuestCart, serializeGuestCart } from "@/lib/commerce/cart/guest-cart";
import { checkoutSchema, COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { refuseLearnerSession, requireApiUser } from "@/lib/platform/auth/session";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { clientAddressOf, enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";
import { parseInput } from "@/lib/platform/http/responses";

/** Rewrites the signed-out cart cookie (ids only; httpOnly, this site only). */
async function writeGuestCart(change: (ids: number[]) => number[]) {
  const jar = await cookies();
  const ids = change(parseGuestCart(jar.get(GUEST_CART_COOKIE)?.value));
  if (ids.length === 0) jar.delete(GUEST_CART_COOKIE);
  else {
    jar.set(GUEST_CART_COOKIE, serializeGuestCart(ids), {
      httpOnly: true,
      sameSite: "lax",
      secure: env.NODE_ENV === "production",
      path: "/",
      maxAge: GUEST_CART_MAX_AGE_SECONDS,
    });
  }
}

function sectionIdOf(formData: FormData): number {
  const id = Number(formData.get("sectionId"));
  if (!Number.isInteger(id) || id <= 0) throw new AppError("invalid", COMMERCE_MESSAGES.sectionIdInvalid);
  return id;
}

/** Adds a seat for one of the signed-in parent's children (or a child named in the form), then shows the cart. */
export async function addToCartAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const result = await runAction("cart-add", async () => {
    const user = await requireApiUser();
    const added = await addToCart(user.databaseId, formObject(formData));
    // A class chosen before signing in is now in the account's cart.
    const sectionId = sectionIdOf(formData);
    await writeGuestCart((ids) => ids.filter((id) => id !== sectionId));
    return `A seat in ${added.courseTitle} for ${added.learnerName} is in your cart.`;
  });
  // Outside runAction: redirect() throws on purpose, and runAction would answer it as an error.
  if (result.ok) redirect("/cart");
  return result;
}

/** A signed-out visitor's choice, kept in a cookie until they sign in and choose the child. */
export async function addToGuestCartAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const result = await runAction("cart-add-guest", async () => {
    // A child's session has no grown-up behind it, but must not fill a cart either.
    await refuseLearnerSession();
    const sectionId = sectionIdOf(formData);
    const section = await sectionForGuestCart(sectionId);
    await writeGuestCart((ids) => [...ids, sectionId]);
    return `${section.courseTitle} is in your cart.`;
  });
  if (result.ok) redirect("/cart");
  return result;
}

export async function removeFromGuestCartAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("cart-remove-guest", async () => {
    await refuseLearnerSession();
    const sectionId = sectionIdOf(formData);
    await writeGuestCart((ids) => ids.filter((id) => id !== sectionId));
    revalidatePath("/cart");
    return "Removed from your cart.";
  });
}

export async function removeFromCartAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("cart-remove", async () => {
    const user = await requireApiUser();
    await removeFromCart(user.databaseId, { itemId: formData.get("itemId") });
    revalidatePath("/cart");
    return "Removed from your cart.";
  });
}

/** What the checkout answers: where the browser goes next (the confirmation, or Stripe's page) when it worked. */
export type CheckoutActionResult = ActionResult & { next?: string };

/**
 * Pays the cart: '{product} Cash' first; the rest on Stripe Checkout when configured. Answers the
 * next address instead of calling redirect(): for a redirect within the site, Next fetches and
 * renders that page over HTTP from inside the action's request, so every checkout rendered the
 * whole cart page a second time while its caller waited (issue 18). The form navigates instead.
 */
export async function checkoutAction(_previous: ActionResult | null, formData: FormData): Promise<CheckoutActionResult> {
  let next: string | undefined;
  const result = await runAction("checkout", async () => {
    const user = await requireApiUser();
    await enforceRateLimit(RATE_LIMITS.checkoutPerAccount, `account:${user.databaseId}`);
    await enforceRateLimit(RATE_LIMITS.checkoutPerAddress, clientAddressOf(await headers()));
    const { lateRefundTo, expectedTotalMinor } = parseInput(checkoutSchema, formObject(formData));
    // Seats held or sold (or, when Stripe could not be reached, held and given back; lapsed holds released): each
    // writes its event, whose reaction expires the pages that show seats, through the cache handler, so the cart
    // is not rendered again into this answer (lib/reactions/seat-pages.ts).
    const placed = await checkoutCart(user.databaseId, { email: user.email, lateRefundTo, expectedTotalMinor });
    next = placed.status === "paid" ? `/cart?order=${placed.orderId}` : placed.checkoutUrl;
    return "Order placed.";
  });
  return result.ok && next ? { ...result, next } : result;
}
