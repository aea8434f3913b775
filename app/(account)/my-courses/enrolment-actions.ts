"use server";

import { revalidatePath } from "next/cache";

import { withdrawSeat } from "@/lib/commerce/refunds/refunds";
import { transferSeat } from "@/lib/commerce/transfers/transfers";
import { requireApiUser } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import { findUserTimezone } from "@/lib/teachers/profiles";

/** Withdraws one of the signed-in parent's seats; the refund follows the published policy (lib/commerce/refunds/refund-policy.ts). */
export async function withdrawEnrolmentAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("withdraw-enrolment", async () => {
    const user = await requireApiUser();
    const zone = (await findUserTimezone(user.databaseId)) ?? FALLBACK_TIMEZONE;
    const outcome = await withdrawSeat(user.databaseId, formData.get("orderItemId"), zone);
    revalidatePath("/my-courses");
    return outcome.message;
  });
}

/** Moves one of the signed-in parent's seats to another section of its course (issue 27); the price difference goes through their Cash. */
export async function transferEnrolmentAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("transfer-enrolment", async () => {
    const user = await requireApiUser();
    const outcome = await transferSeat(user.databaseId, formObject(formData));
    revalidatePath("/my-courses");
    return outcome.message;
  });
}
