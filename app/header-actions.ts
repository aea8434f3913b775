"use server";

import { countCartSeats } from "@/lib/commerce/cart/cart";
import { roleBars } from "@/lib/platform/auth/navigation";
import { getCurrentUser } from "@/lib/platform/auth/current-user";

/**
 * The seats in the signed-in family's cart, for the header of the static public pages (their HTML
 * cannot carry it: issue 31 item 4); null for a role whose bar has no cart, and null for a visitor
 * whose session has ended since the page's header was drawn (a plain answer, not a 500 error).
 */
export async function readCartCountAction(): Promise<number | null> {
  const user = await getCurrentUser();
  if (!user) return null;
  return roleBars[user.role].cart ? countCartSeats(user.databaseId) : null;
}
