import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { learners, learnerSignIns } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";

import { LEARNER_ACCESS_MESSAGES, learnerIdSchema, signInSetupSchema, type SignInSetupInput } from "./schema";
import { hashSecret, secretText } from "./secrets";

export interface LearnerSignInView {
  learnerId: number;
  username: string;
  kind: "password" | "pictures";
  consentAt: Date;
  lastSignedInAt: Date | null;
}

const notYours = () => new AppError("not-found", LEARNER_ACCESS_MESSAGES.notYours);

function learnerIdOf(value: unknown): number {
  const parsed = learnerIdSchema.safeParse(value);
  if (!parsed.success) throw notYours();
  return parsed.data;
}

/** The sign-ins of a parent's children, by child. */
export async function listLearnerSignIns(parentId: number): Promise<Map<number, LearnerSignInView>> {
  const db = await getDb();
  const rows = await db
    .select({
      learnerId: learnerSignIns.learnerId,
      username: learnerSignIns.username,
      kind: learnerSignIns.secretKind,
      consentAt: learnerSignIns.consentAt,
      lastSignedInAt: learnerSignIns.lastSignedInAt,
    })
    .from(learnerSignIns)
    .where(eq(learnerSignIns.parentId, parentId));
  return new Map(rows.map((row) => [row.learnerId, row]));
}

/**
 * Turns a child's sign-in on, or sets a new username and secret (a reset): the consent is recorded
 * with its date each time, and a reset raises the session version so the child's open sessions end.
 * A username is unique on the platform whatever its case (the unique index decides, so two parents
 * at once cannot both take it).
 */
export async function setLearnerSignIn(parentId: number, learnerIdInput: unknown, input: SignInSetupInput, now = new Date()) {
  const learnerId = learnerIdOf(learnerIdInput);
  const data = parseInput(signInSetupSchema, input);
  const secretHash = await hashSecret(secretText(data));
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [learner] = await tx
      .select({ id: learners.id, firstName: learners.firstName })
      .from(learners)
      .where(and(eq(learners.id, learnerId), eq(learners.parentId, parentId)))
      .for("update");
    if (!learner) throw notYours();
    const [taken] = await tx
      .select({ learnerId: learnerSignIns.learnerId })
      .from(learnerSignIns)
      .where(sql`lower(${learnerSignIns.username}) = lower(${data.username})`);
    if (taken && taken.learnerId !== learnerId) {
      throw new AppError("conflict", LEARNER_ACCESS_MESSAGES.usernameTaken, {
        fieldErrors: { username: LEARNER_ACCESS_MESSAGES.usernameTaken },
      });
    }
    const values = { username: data.username, secretKind: data.kind, secretHash, consentAt: now, updatedAt: now };
    try {
      await tx
        .insert(learnerSignIns)
        .values({ learnerId, parentId, ...values, createdAt: now })
        .onConflictDoUpdate({
          target: learnerSignIns.learnerId,
          set: { ...values, sessionVersion: sql`${learnerSignIns.sessionVersion} + 1` },
        });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError("conflict", LEARNER_ACCESS_MESSAGES.usernameTaken, {
          fieldErrors: { username: LEARNER_ACCESS_MESSAGES.usernameTaken },
        });
      }
      throw error;
    }
    return { firstName: learner.firstName, username: data.username, kind: data.kind };
  });
}

/** Turns a child's sign-in off: the row goes, and with it every session of the child (they are checked against it). */
export async function turnOffLearnerSignIn(parentId: number, learnerIdInput: unknown): Promise<{ firstName: string }> {
  const learnerId = learnerIdOf(learnerIdInput);
  const db = await getDb();
  const [learner] = await db
    .select({ firstName: learners.firstName })
    .from(learners)
    .where(and(eq(learners.id, learnerId), eq(learners.parentId, parentId)));
  if (!learner) throw notYours();
  await db.delete(learnerSignIns).where(and(eq(learnerSignIns.learnerId, learnerId), eq(learnerSignIns.parentId, parentId)));
  return learner;
}

function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  if ((error as { code?: unknown }).code === "23505") return true;
  return isUniqueViolation((error as { cause?: unknown }).cause, depth + 1);
}
