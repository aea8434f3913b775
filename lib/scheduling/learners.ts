import "server-only";

import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";

import { getDb, type Transaction } from "@/lib/platform/db/client";
import { bookings, demoRequests, learners } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";

import { SCHEDULING_MESSAGES, learnerSchema, type LearnerInput } from "./schema";
import { LIVE_BOOKING_STATUSES } from "./slots";

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
/** Whether the child is on this parent's account. */
export async function isOwnLearner(parentId: number, learnerId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(and(eq(learners.id, learnerId), eq(learners.parentId, parentId)));
  return row !== undefined;
}

export async function listLearners(parentId: number): Promise<LearnerView[]> {
  const db = await getDb();
  return db
    .select({ id: learners.id, firstName: learners.firstName, grade: learners.grade, birthYear: learners.birthYear })
    .from(learners)
    .where(eq(learners.parentId, parentId))
    .orderBy(learners.id);
}

const notYours = () => new AppError("not-found", SCHEDULING_MESSAGES.learnerNotYours);

/**
 * Renames a child or changes the grade or birth year. The parent is in the where: another
 * family's child and no child at all answer alike ("not on your account"), and nothing changes.
 */
export async function updateLearner(parentId: number, learnerId: number, input: LearnerInput): Promise<LearnerView> {
  const data = parseInput(learnerSchema, input);
  const db = await getDb();
  const [row] = await db
    .update(learners)
    .set({ firstName: data.firstName, grade: data.grade, birthYear: data.birthYear ?? null, updatedAt: new Date() })
    .where(and(eq(learners.id, learnerId), eq(learners.parentId, parentId)))
    .returning({ id: learners.id, firstName: learners.firstName, grade: learners.grade, birthYear: learners.birthYear });
  if (!row) throw notYours();
  return row;
}

/**
 * Removes a child from the account. Refused while the child has a live booking (held or
 * confirmed): a teacher is expecting them, so the parent cancels it first, on purpose. Past and
 * cancelled bookings go with the child (the foreign key cascades): nothing of the child is kept.
 */
export async function removeLearner(parentId: number, learnerId: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [learner] = await tx
      .select({ id: learners.id })
      .from(learners)
      .where(and(eq(learners.id, learnerId), eq(learners.parentId, parentId)))
      .for("update");
    if (!learner) throw notYours();
    const live = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.learnerId, learnerId), inArray(bookings.status, [...LIVE_BOOKING_STATUSES])))
      .limit(1);
    if (live.length > 0) throw new AppError("conflict", SCHEDULING_MESSAGES.learnerHasBookings);
    await tx.delete(learners).where(and(eq(learners.id, learnerId), eq(learners.parentId, parentId)));
  });
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
      .where(and(eq(bookings.demoRequestId, demoRequestId), isNull(bookings.learnerId)))
      // Two sign-ins at once: the second waits here, then finds the bookings attached and adds no child.
      .for("update");
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

/**
 * The child a demo booked from a signed-in request is for: the child of an earlier booking of the
 * same request, or a new one (first name UNNAMED_CHILD, the request's grade). Null when the request
 * gave no grade. Runs in the booking's transaction, so the booking never waits for a page visit.
 */
export async function childForSignedInRequest(
  tx: Transaction,
  request: { id: string; parentId: number; grade: number | null; learnerId?: number | null },
): Promise<number | null> {
  // The child the parent picked on the form, while it is still theirs.
  if (request.learnerId) {
    const [picked] = await tx
      .select({ id: learners.id })
      .from(learners)
      .where(and(eq(learners.id, request.learnerId), eq(learners.parentId, request.parentId)));
    if (picked) return picked.id;
  }
  if (!request.grade) return null;
  const [earlier] = await tx
    .select({ id: learners.id })
    .from(bookings)
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(and(eq(bookings.demoRequestId, request.id), eq(learners.parentId, request.parentId)))
    .limit(1);
  if (earlier) return earlier.id;
  const [learner] = await tx
    .insert(learners)
    .values({ parentId: request.parentId, firstName: UNNAMED_CHILD, grade: request.grade })
    .returning({ id: learners.id });
  if (!learner) throw new Error("insert returned no learner");
  return learner.id;
}

/**
 * The first name a child gets when attached from a demo request: the demo form (SPEC 5, kept as
 * it is) asks for the parent's name, not the child's, so /my-courses shows this with the grade and
 * invites the parent to rename the child.
 */
export const UNNAMED_CHILD = "Your child";

/**
 * Gives every demo booking of the account's own requests a child on the account: requests made
 * while signed in to it, and, once the email is verified, those made with that email (before
 * sign-up, or signed out). Called when a session shows a verified email (at sign-in, and when the
 * verification link's effect is first seen: email.verified, lib/reactions/verified-email-demos.ts),
 * never by a page read; a booking already attached is left alone, so it runs any number of times. An unverified email matches nothing (security issue: account squatting). Answers how many
 * children were added.
 */
export async function attachFamilyDemoBookings(owner: { databaseId: number; email: string; emailVerified: boolean }): Promise<number> {
  const db = await getDb();
  const sameEmail = owner.emailVerified ? sql`lower(${demoRequests.userEmail}) = lower(${owner.email})` : undefined;
  const waiting = await db
    .selectDistinct({ id: demoRequests.id })
    .from(demoRequests)
    .innerJoin(bookings, eq(bookings.demoRequestId, demoRequests.id))
    .where(and(isNull(bookings.learnerId), or(eq(demoRequests.userId, owner.databaseId), sameEmail)));
  let added = 0;
  for (const request of waiting) {
    if ((await attachDemoBookingToParent(request.id, owner.databaseId, UNNAMED_CHILD)) !== null) added++;
  }
  return added;
}
