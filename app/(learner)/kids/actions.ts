"use server";

import { cookies, headers } from "next/headers";

import { signInLearner } from "@/lib/learner-access/session";
import type { LearnerSignInInput } from "@/lib/learner-access/schema";
import { LEARNER_COOKIE, LEARNER_SESSION_SECONDS } from "@/lib/platform/auth/learner-cookie";
import { env } from "@/lib/platform/env";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";

/** A child signs in with the username and the password or pictures their parent set: a cookie of their own, for an hour. */
export async function learnerSignInAction(input: LearnerSignInInput): Promise<ActionResult> {
  return runAction("learner-sign-in", async () => {
    const { cookie, firstName } = await signInLearner({ headers: await headers() }, input);
    (await cookies()).set(LEARNER_COOKIE, cookie, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: env.NODE_ENV === "production",
      maxAge: LEARNER_SESSION_SECONDS,
    });
    return `Hi ${firstName}!`;
  });
}
