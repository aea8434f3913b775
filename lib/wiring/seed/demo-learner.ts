import "server-only";

import { eq } from "drizzle-orm";

import { setLearnerSignIn } from "@/lib/learner-access/sign-ins";
import { getDb } from "@/lib/platform/db/client";
import { learners, learnerSignIns, users } from "@/lib/platform/db/schema/index";

import { DEMO_FAMILY } from "./demo-family";

/** The demo family's child signs in on their own at /kids (README's demo accounts): a picture password. */
export const DEMO_LEARNER = { username: "sam", pictures: ["cat", "sun", "tree"] as const } as const;

/** Idempotent: set once for the demo family's first child; a sign-in already there (reset or not) is left alone. */
export async function seedDemoLearner(): Promise<void> {
  const db = await getDb();
  const [child] = await db
    .select({ id: learners.id, parentId: learners.parentId, signedIn: learnerSignIns.learnerId })
    .from(learners)
    .innerJoin(users, eq(users.id, learners.parentId))
    .leftJoin(learnerSignIns, eq(learnerSignIns.learnerId, learners.id))
    .where(eq(users.email, DEMO_FAMILY.parentEmail))
    .orderBy(learners.id)
    .limit(1);
  if (!child || child.signedIn !== null) return;
  await setLearnerSignIn(child.parentId, child.id, {
    kind: "pictures",
    username: DEMO_LEARNER.username,
    pictures: [...DEMO_LEARNER.pictures],
    consent: true,
  });
}
