"use server";

import { setLearnerSignIn, turnOffLearnerSignIn } from "@/lib/learner-access/sign-ins";
import type { SignInSetupInput } from "@/lib/learner-access/schema";
import { requireApiUser } from "@/lib/platform/auth/session";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";

/** Turns on (or resets) a child's own sign-in: the parent's child only, with the parent's consent recorded. */
export async function setLearnerSignInAction(learnerId: number, input: SignInSetupInput): Promise<ActionResult> {
  return runAction("learner-sign-in-set", async () => {
    const user = await requireApiUser();
    const saved = await setLearnerSignIn(user.databaseId, learnerId, input);
    return `${saved.firstName} can now sign in as ${saved.username} at /kids.`;
  });
}

/** Turns a child's sign-in off; the child's open sessions end with it. */
export async function turnOffLearnerSignInAction(learnerId: number): Promise<ActionResult> {
  return runAction("learner-sign-in-off", async () => {
    const user = await requireApiUser();
    const { firstName } = await turnOffLearnerSignIn(user.databaseId, learnerId);
    return `${firstName}'s sign-in is off.`;
  });
}
