"use server";

import { resendEmailVerification } from "@/lib/accounts/accounts";
import { requireApiUser } from "@/lib/platform/auth/session";
import { AppError } from "@/lib/platform/errors";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";
import { z } from "@/lib/platform/zod";
import { addLearner, removeLearner, updateLearner } from "@/lib/scheduling/learners";
import { SCHEDULING_MESSAGES, type LearnerInput } from "@/lib/scheduling/schema";

/** The verification email again, limited per account (security issue: account squatting). */
export async function resendVerificationEmailAction(): Promise<ActionResult> {
  return runAction("verify-email", async () => {
    const user = await requireApiUser();
    await enforceRateLimit(RATE_LIMITS.verificationEmail, `account:${user.databaseId}`);
    const sent = await resendEmailVerification(user);
    return sent
      ? `We have sent a new verification email to ${user.email}.`
      : "Your email address is already verified. Reload the page to see all your requests.";
  });
}

/** A child's id from the page; anything else is no child of this account. */
function learnerIdOf(value: unknown): number {
  const id = z.coerce.number().int().positive().safeParse(value);
  if (!id.success) throw new AppError("not-found", SCHEDULING_MESSAGES.learnerNotYours);
  return id.data;
}

/** Adds a child to the signed-in parent's account. */
export async function addLearnerAction(input: LearnerInput): Promise<ActionResult> {
  return runAction("add-learner", async () => {
    const user = await requireApiUser();
    const learner = await addLearner(user.databaseId, input);
    return `${learner.firstName} has been added.`;
  });
}

/** Changes one of the parent's children; another family's child is refused (the parent is in the where). */
export async function updateLearnerAction(learnerId: number, input: LearnerInput): Promise<ActionResult> {
  return runAction("update-learner", async () => {
    const user = await requireApiUser();
    const learner = await updateLearner(user.databaseId, learnerIdOf(learnerId), input);
    return `${learner.firstName}'s details have been saved.`;
  });
}

/** Removes one of the parent's children; refused while the child has a live booking. */
export async function removeLearnerAction(learnerId: number): Promise<ActionResult> {
  return runAction("remove-learner", async () => {
    const user = await requireApiUser();
    await removeLearner(user.databaseId, learnerIdOf(learnerId));
    return "The child has been removed from your account.";
  });
}
