"use server";

import { submitReview } from "@/lib/classroom/reviews";
import { requireApiUser } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { revalidatePath } from "next/cache";

/** A parent's review of a course for one of their children (eligibility and ownership checked in lib/classroom/reviews.ts). */
export async function submitReviewAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("submit-review", async () => {
    const user = await requireApiUser();
    const { courseTitle } = await submitReview(user.databaseId, formObject(formData));
    revalidatePath("/my-courses");
    return `Thank you: your review of ${courseTitle} will show on its page once our team has read it.`;
  });
}
