import "server-only";

import { and, eq, isNull } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { bookings, demoRequests, learners } from "@/lib/platform/db/schema";
import { parseInput } from "@/lib/platform/http/responses";

import { learnerSchema, type LearnerInput } from "./schema";

export interface LearnerView {
  id: number;
  firstName: string;
  grade: number;
  birthYear: number | null;
}

/** Adds a child to a parent's account. */
export async function addLearner(parentId: number, input: LearnerInput): Promise<LearnerView> {
  const data = parseInput(learnerSchema, input);
  const db = await getDb();
  const [row] = await db
    .insert(learners)
    .values({ parentId, firstName: data.firstName, grade: data.grade, birthYear: data.birthYear ?? null })
    .returning({ id: learners.id, firstName: learners.firstName, grade: learners.grade, birthYear: learners.birthYear });
  if (!row) throw new Error("insert returned no learner");
  return row;
}

/** A parent's children, oldest entry first. */
export async function listLearners(parentId: number): Promise<LearnerView[]> {
  const db = await getDb();
  return db
    .select({ id: learners.id, firstName: learners.firstName, grade: learners.grade, birthYear: learners.birthYear })
    .from(learners)
    .where(eq(learners.parentId, parentId))
    .orderBy(learners.id);
}

/**
 * A signed-out family's demo booking gets its learner when the parent signs up or in with the
 * verified email of the demo request: the child (first name and grade from the request) is added
 * to the account and the booking attached. The caller checks that the email is verified.
 */
export async function attachDemoBookingToParent(demoRequestId: string, parentId: number, firstName: string): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [request] = await tx.select({ grade: demoRequests.grade }).from(demoRequests).where(eq(demoRequests.id, demoRequestId));
    if (!request?.grade) return null;
    const open = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.demoRequestId, demoRequestId), isNull(bookings.learnerId)));
    if (open.length === 0) return null;
    const [learner] = await tx.insert(learners).values({ parentId, firstName, grade: request.grade }).returning({ id: learners.id });
    if (!learner) throw new Error("insert returned no learner");
    await tx
      .update(bookings)
      .set({ learnerId: learner.id })
      .where(and(eq(bookings.demoRequestId, demoRequestId), isNull(bookings.learnerId)));
    return learner.id;
  });
}
