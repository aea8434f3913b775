import "server-only";

import { and, eq, isNotNull } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Database } from "@/lib/platform/db/client";
import { teacherApplications, teacherChecks, teacherProfiles } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { backgroundCheckSchema, checkRecordSchema } from "@/lib/teachers/applications/schema";

import { backgroundCheckProvider } from "./background-provider";
import { CHECK_KINDS, clearedUntil, expiryOf, missingChecks, type CheckFact, type CheckKind, type CheckStatus } from "./check-rules";

export interface CheckRow extends CheckFact {
  note: string | null;
  providerRef: string | null;
}

/** A person's checks as stored (one row per kind at most). */
export async function checksOf(db: Pick<Database, "select">, userId: number): Promise<CheckRow[]> {
  return db
    .select({
      kind: teacherChecks.kind,
      status: teacherChecks.status,
      checkedAt: teacherChecks.checkedAt,
      expiresAt: teacherChecks.expiresAt,
      note: teacherChecks.note,
      providerRef: teacherChecks.providerRef,
    })
    .from(teacherChecks)
    .where(eq(teacherChecks.userId, userId));
}

/** Every kind, in order, with its row or "not done": what the review page shows. */
export async function listChecksForReview(actor: Actor | null, userId: number): Promise<Array<CheckRow & { kind: CheckKind }>> {
  authorize(actor, "applications.decide");
  const db = await getDb();
  const rows = await checksOf(db, userId);
  return CHECK_KINDS.map(
    (kind) =>
      rows.find((r) => r.kind === kind) ?? {
        kind,
        status: "pending" as const,
        checkedAt: null,
        expiresAt: null,
        note: null,
        providerRef: null,
      },
  );
}

/** Checks are made on a pending application, and renewed on an approved one (the teacher's); a declined one is closed. */
async function openApplication(db: Database, applicationId: number) {
  const [row] = await db
    .select({
      userId: teacherApplications.userId,
      name: teacherApplications.name,
      email: teacherApplications.email,
      status: teacherApplications.status,
    })
    .from(teacherApplications)
    .where(eq(teacherApplications.id, applicationId));
  if (!row) throw new AppError("not-found", "This application no longer exists.");
  if (row.status === "declined") throw new AppError("conflict", "This application was already declined.");
  return row;
}

/**
 * What teacher_profiles.cleared_until holds: the earliest expiry while every check is passed; a
 * check failed or missing clears nobody (an instant in the past, never null, which means "no checks on record").
 */
function clearedUntilOf(checks: CheckFact[], now: Date): Date {
  const missing = missingChecks(checks, now);
  return missing.length === 0 ? (clearedUntil(checks) ?? now) : now;
}

/** Writes a check's outcome (one row per person and kind): a pass carries its expiry, anything else none. */
async function writeCheck(
  db: Database,
  actor: Actor,
  values: { userId: number; applicationId: number; kind: CheckKind; status: CheckStatus; note: string | null; providerRef?: string | null },
  now: Date,
) {
  const outcome = {
    applicationId: values.applicationId,
    status: values.status,
    checkedAt: now,
    expiresAt: values.status === "passed" ? expiryOf(values.kind, now) : null,
    note: values.note,
    providerRef: values.providerRef ?? null,
    checkedById: actor.id,
    expiryWarnedAt: null,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(teacherChecks)
      .values({ userId: values.userId, kind: values.kind, ...outcome })
      .onConflictDoUpdate({ target: [teacherChecks.userId, teacherChecks.kind], set: outcome });
    // A teacher's renewal (or a lapse recorded) moves their cleared-until at once: the on-sale rule reads it.
    await tx
      .update(teacherProfiles)
      .set({ clearedUntil: clearedUntilOf(await checksOf(tx, values.userId), now), updatedAt: now })
      .where(and(eq(teacherProfiles.userId, values.userId), isNotNull(teacherProfiles.approvedAt)));
    await recordAudit(tx, actor, {
      action: `teacher_check.${values.kind}`,
      targetType: "teacher_application",
      targetId: values.applicationId,
      details: { status: values.status, ...(values.note ? { note: values.note } : {}) },
    });
  });
}

/** An admin records a check they make themselves: the applicant's identity document, the sample lesson they watched. */
export async function recordCheck(actor: Actor | null, input: unknown, now = new Date()): Promise<string> {
  authorize(actor, "applications.decide");
  const { applicationId, kind, status, note } = parseInput(checkRecordSchema, input);
  const db = await getDb();
  const application = await openApplication(db, applicationId);
  await writeCheck(db, actor, { userId: application.userId, applicationId, kind, status, note: note || null }, now);
  return status === "passed" ? "The check is recorded as passed." : "The check is recorded as failed.";
}

/** Runs the background check through the provider (the local stand-in on the embedded default) and records its answer. */
export async function runBackgroundCheck(actor: Actor | null, input: unknown, now = new Date()): Promise<string> {
  authorize(actor, "applications.decide");
  const { applicationId } = parseInput(backgroundCheckSchema, input);
  const db = await getDb();
  const application = await openApplication(db, applicationId);
  const result = await backgroundCheckProvider().check({ applicationId, name: application.name, email: application.email });
  await writeCheck(
    db,
    actor,
    {
      userId: application.userId,
      applicationId,
      kind: "background",
      status: result.status,
      note: result.note,
      providerRef: result.reference,
    },
    now,
  );
  return result.status === "passed"
    ? "The background check passed."
    : `The background check came back ${result.status}: read its note before deciding.`;
}

/** Whether a person's check of this kind exists (for tests and the dashboard). */
export async function hasCheck(userId: number, kind: CheckKind): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: teacherChecks.id })
    .from(teacherChecks)
    .where(and(eq(teacherChecks.userId, userId), eq(teacherChecks.kind, kind)));
  return Boolean(row);
}
