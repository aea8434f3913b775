import "server-only";

import { eq, sql } from "drizzle-orm";
import { cache } from "react";

import { decodeLearnerCookie, encodeLearnerCookie, readLearnerCookie } from "@/lib/platform/auth/learner-cookie";
import { getDb } from "@/lib/platform/db/client";
import { learners, learnerSignIns, users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { clientAddressOf, RATE_LIMITS, reserveAttempt } from "@/lib/platform/http/rate-limit";
import { parseInput } from "@/lib/platform/http/responses";

import { LEARNER_ACCESS_MESSAGES, learnerSignInSchema, type LearnerSignInInput } from "./schema";
import { decoyHash, secretText, verifySecret } from "./secrets";

/** A signed-in child: who they are, and the family (the parent's account) they belong to. */
export interface LearnerSession {
  learnerId: number;
  parentId: number;
  firstName: string;
  username: string;
  /** The family's zone (the parent's), the clock every time on the child's pages is in. */
  timezone: string | null;
  /** The parent as the family side of the child's conversations (each message is the family's, and marked as the child's). */
  parent: { id: number; email: string; role: "student" | "teacher" | "admin" | "support" };
}

/**
 * Checks a child's username and secret, under the limits on guessing (RATE_LIMITS.learnerGuesses*:
 * 20 misses per username and per address in 15 minutes; a success gives its count back). Past a
 * limit even the right secret is refused until the window ends. Answers the cookie to set.
 */
export async function signInLearner(
  who: { headers: Headers },
  input: LearnerSignInInput,
  now = new Date(),
): Promise<{ cookie: string; firstName: string }> {
  const data = parseInput(learnerSignInSchema, input);
  const reservation = await reserveAttempt([
    { rule: RATE_LIMITS.learnerGuessesPerAddress, key: clientAddressOf(who.headers) },
    { rule: RATE_LIMITS.learnerGuessesPerUsername, key: `user:${data.username.toLowerCase()}` },
  ]);
  const db = await getDb();
  const [row] = await db
    .select({
      learnerId: learnerSignIns.learnerId,
      secretKind: learnerSignIns.secretKind,
      secretHash: learnerSignIns.secretHash,
      sessionVersion: learnerSignIns.sessionVersion,
      firstName: learners.firstName,
    })
    .from(learnerSignIns)
    .innerJoin(learners, eq(learners.id, learnerSignIns.learnerId))
    .where(sql`lower(${learnerSignIns.username}) = lower(${data.username})`);
  const given =
    row?.secretKind === "pictures"
      ? data.pictures && secretText({ kind: "pictures", pictures: data.pictures })
      : data.password !== undefined && secretText({ kind: "password", password: data.password });
  // An unknown username costs the same hash as a wrong secret, so timing tells nothing.
  const isRight = row && given ? await verifySecret(given, row.secretHash) : (await verifySecret("x", await decoyHash()), false);
  if (!row || !isRight)
    throw new AppError("forbidden", LEARNER_ACCESS_MESSAGES.wrong, { fieldErrors: { form: LEARNER_ACCESS_MESSAGES.wrong } });
  await reservation.release().catch((error: unknown) => console.error("[learner-sign-in] release failed:", error));
  await db.update(learnerSignIns).set({ lastSignedInAt: now }).where(eq(learnerSignIns.learnerId, row.learnerId));
  return {
    cookie: encodeLearnerCookie({ learnerId: row.learnerId, version: row.sessionVersion }, now.getTime()),
    firstName: row.firstName,
  };
}

/** The child a cookie value names, while their sign-in is still on and not reset since: else null. */
export async function learnerOfCookie(value: string | undefined, now = Date.now()): Promise<LearnerSession | null> {
  const cookie = decodeLearnerCookie(value, now);
  return cookie ? learnerOf(cookie) : null;
}

async function learnerOf(cookie: { learnerId: number; version: number }): Promise<LearnerSession | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      learnerId: learnerSignIns.learnerId,
      parentId: learnerSignIns.parentId,
      username: learnerSignIns.username,
      version: learnerSignIns.sessionVersion,
      firstName: learners.firstName,
      timezone: users.timezone,
      parentEmail: users.email,
      parentRole: users.role,
    })
    .from(learnerSignIns)
    .innerJoin(learners, eq(learners.id, learnerSignIns.learnerId))
    .innerJoin(users, eq(users.id, learnerSignIns.parentId))
    .where(eq(learnerSignIns.learnerId, cookie.learnerId));
  if (!row || row.version !== cookie.version) return null;
  return {
    learnerId: row.learnerId,
    parentId: row.parentId,
    username: row.username,
    firstName: row.firstName,
    timezone: row.timezone,
    parent: { id: row.parentId, email: row.parentEmail, role: row.parentRole },
  };
}

/** This request's signed-in child (checked against the database once per render), or null. */
export const currentLearner = cache(async (): Promise<LearnerSession | null> => {
  const cookie = await readLearnerCookie();
  return cookie ? learnerOf(cookie) : null;
});

/** For the child's routes and actions: the child, or a 401 with a message. */
export async function requireLearner(): Promise<LearnerSession> {
  const learner = await currentLearner();
  if (!learner) throw new AppError("unauthenticated", LEARNER_ACCESS_MESSAGES.signedOut);
  return learner;
}
