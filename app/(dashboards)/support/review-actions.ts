"use server";

import { revalidatePath } from "next/cache";

import { moderateReview } from "@/lib/classroom/reviews";
import { requireActor } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";

/** Approve or reject a parent's review; the course and teacher pages (static) are revalidated so an approval shows at once. */
export async function moderateReviewAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("moderate-review", async () => {
    const actor = await requireActor("reviews.moderate");
    const form = formObject(formData);
    const { courseSlug, teacherSlug } = await moderateReview(actor, { reviewId: form.reviewId, decision: form.decision });
    if (courseSlug) revalidatePath(`/courses/${courseSlug}`);
    if (teacherSlug) revalidatePath(`/teachers/${teacherSlug}`);
    revalidatePath("/support/dashboard");
    return form.decision === "approved" ? "Review approved: it now shows on the course page." : "Review rejected.";
  });
}
