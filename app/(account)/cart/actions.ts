"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";

import { addToCart, removeFromCart } from "@/lib/commerce/cart";
import { checkoutCart } from "@/lib/commerce/checkout";
import { requireApiUser } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";

/** Adds a seat for one of the signed-in parent's children (or a child named in the form), then shows the cart. */
export async function addToCartAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const result = await runAction("cart-add", async () => {
    const user = await requireApiUser();
    const added = await addToCart(user.databaseId, formObject(formData));
    return `A seat in ${added.courseTitle} for ${added.learnerName} is in your cart.`;
  });
  // Outside runAction: redirect() throws on purpose, and runAction would answer it as an error.
  if (result.ok) redirect("/cart");
  return result;
}

export async function removeFromCartAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("cart-remove", async () => {
    const user = await requireApiUser();
    await removeFromCart(user.databaseId, { itemId: formData.get("itemId") });
    revalidatePath("/cart");
    return "Removed from your cart.";
  });
}

/** Pays the cart: '{product} Cash' first; the rest on Stripe Checkout when configured. */
export async function checkoutAction(_previous: ActionResult | null, _formData: FormData): Promise<ActionResult> {
  let next: string | null = null;
  const result = await runAction("checkout", async () => {
    const user = await requireApiUser();
    const placed = await checkoutCart(user.databaseId, { email: user.email });
    next = placed.status === "paid" ? `/cart?order=${placed.orderId}` : placed.checkoutUrl;
    return "Order placed.";
  });
  if (next) redirect(next);
  return result;
}
