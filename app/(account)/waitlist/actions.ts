"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { requireApiUser } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { clientAddressOf, enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";
import { joinWaitlist, leaveWaitlist, liveOfferOf } from "@/lib/scheduling/waitlist";

/** Puts one of the signed-in parent's children in line for a full section; answers the place in line. */
export async function joinWaitlistAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("join-waitlist", async () => {
    const user = await requireApiUser();
    const joined = await joinWaitlist(user.databaseId, formObject(formData), new Date(), { emailVerified: user.emailVerified });
    revalidatePath("/waitlist");
    revalidatePath("/my-courses");
    // The course page's count of who is in line: waitlist.joined's reaction, before this answer (expire-course-page).
    return `${joined.learnerName} is number ${joined.position} in line for ${joined.courseTitle}.`;
  });
}

/** Takes one of the parent's children off a waitlist (an offer given up goes to the next in line). */
export async function leaveWaitlistAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("leave-waitlist", async () => {
    const user = await requireApiUser();
    await leaveWaitlist(user.databaseId, { entryId: formData.get("entryId") });
    revalidatePath("/waitlist");
    revalidatePath("/my-courses");
    return "You left the waitlist.";
  });
}

type EnrolAnswer = ActionResult & { next?: string };

/**
 * "Enrol now" on an offer: a checkout of the seat offered, for that child, under the section's
 * lock (the offer lets only this child through and is taken with the seat). Paid with Cash, or on
 * Stripe's page for the rest; answers where to go next, as the cart's checkout does.
 */
export async function acceptWaitlistOfferAction(_previous: EnrolAnswer | null, formData: FormData): Promise<EnrolAnswer> {
  let next: string | undefined;
  const result = await runAction("accept-waitlist-offer", async () => {
    const user = await requireApiUser();
    await enforceRateLimit(RATE_LIMITS.checkoutPerAccount, `account:${user.databaseId}`);
    await enforceRateLimit(RATE_LIMITS.checkoutPerAddress, clientAddressOf(await headers()));
    const seat = await liveOfferOf(user.databaseId, { entryId: formData.get("entryId") });
    let placed;
    try {
      placed = await placeOrder(user.databaseId, [seat], { email: user.email });
    } finally {
      revalidatePath("/my-courses");
    }
    next = placed.status === "paid" ? `/cart?order=${placed.orderId}` : placed.checkoutUrl;
    return "Enrolled.";
  });
  return result.ok && next ? { ...result, next } : result;
}
