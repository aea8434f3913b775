"use server";

import { cookies } from "next/headers";
import { revalidatePath } from "next/cache";

import { MASKED_NOTE } from "@/lib/messages/schema";
import { requireLearner } from "@/lib/learner-access/session";
import { sendLearnerMessage } from "@/lib/learner-access/messages";
import { LEARNER_COOKIE } from "@/lib/platform/auth/learner-cookie";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";

/** The child's message to the teacher of one of their classes (screened, and in the family's inbox). */
export async function sendLearnerMessageAction(bookingId: string, body: string): Promise<ActionResult> {
  return runAction("learner-message", async () => {
    const learner = await requireLearner();
    const posted = await sendLearnerMessage(learner, bookingId, body);
    revalidatePath(`/learn/messages/${bookingId}`);
    return posted.isMasked ? MASKED_NOTE : "Sent!";
  });
}

/** Ends the child's session on this browser (a signed-out child has nothing to end: the cookie just goes). */
export async function learnerSignOutAction(): Promise<ActionResult> {
  return runAction("learner-sign-out", async () => {
    await requireLearner().catch(() => null);
    (await cookies()).delete(LEARNER_COOKIE);
    return "Bye!";
  });
}
