"use server";

import { countCartSeats } from "@/lib/commerce/cart/cart";
import { roleBars } from "@/lib/platform/auth/navigation";
import { requireApiUser } from "@/lib/platform/auth/session";

/**
 * The seats in the signed-in family's cart, for the header of the static public pages (their HTML
 * cannot carry it: issue 31 item 4); null for a role whose bar has no cart. The signed-in pages
 * read it in their layout instead.
 */
export async function readCartCountAction(): Promise<number | null> {
  const user = await requireApiUser();
  return roleBars[user.role].cart ? countCartSeats(user.databaseId) : null;
}
