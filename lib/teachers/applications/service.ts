import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { setUserRoleById } from "@/lib/accounts/accounts";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import { getDb, type Database, type Transaction } from "@/lib/platform/db/client";
import { teacherApplications, teacherChecks, teacherProfiles, users } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";
import { APPLICATION_MESSAGES, applicationDecisionSchema, teacherApplicationSchema } from "@/lib/teachers/applications/schema";
import { teacherApplicationDecided, teacherApplicationReceived } from "@/lib/teachers/events";
import { CHECK_LABELS, clearedUntil, expiryOf, missingChecks } from "@/lib/teachers/vetting/check-rules";
import { checksOf } from "@/lib/teachers/vetting/checks";

/**
 * Sends an application from /become-a-teacher for any signed-in person who is not staff yet.
 * One pending application per person: the partial unique index decides, so two quick submits
 * store one row. The safety policy, accepted on the form, is its first check; the applicant is
 * acknowledged by email (teacherApplicationReceived). Returns the message to show.
 */
export async function submitApplication(actor: Actor | null, input: unknown, now = new Date()): Promise<string> {
  if (!actor) throw new AppError("unauthenticated", "Please sign in first.");
  const { acceptsSafetyPolicy: _accepted, ...application } = teacherApplicationSchema.parse(input);
  const db = await getDb();
  // The stored role, not the session's: it may have changed since sign-in.
  const [account] = await db.select({ role: users.role }).from(users).where(eq(users.id, actor.id));
  if (!account) throw new AppError("unauthenticated", "Please sign in first.");
  if (account.role === "teacher") throw new AppError("conflict", "You are already a teacher: your courses are on the teacher dashboard.");
  if (account.role !== "student")
    throw new AppError("conflict", `Your account has the ${account.role} role; ask an admin if you would like to teach.`);
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(teacherApplications)
      .values({ userId: actor.id, ...application })
      .onConflictDoNothing()
      .returning({ id: teacherApplications.id });
    if (!stored) throw new AppError("conflict", APPLICATION_MESSAGES.alreadyPending);
    // A new application starts its checks again; the policy is accepted now.
    await tx.delete(teacherChecks).where(eq(teacherChecks.userId, actor.id));
    await tx.insert(teacherChecks).values({
      userId: actor.id,
      applicationId: stored.id,
      kind: "safety_policy",
      status: "passed",
      checkedAt: now,
      expiresAt: expiryOf("safety_policy", now),
      note: "Accepted by the applicant on the application form.",
    });
    await emit(tx, teacherApplicationReceived, { applicationId: stored.id });
  });
  return "Thank you! We have your application and have sent you an email; we will reply there once we have reviewed it.";
}

/**
 * An admin approves or declines a pending application.
 * - Approving needs every check passed and in date (check-rules.ts); then, in one transaction, the
 *   applicant becomes a teacher (users row and Firebase claims, last, so a refusal undoes it all),
 *   gets an approved public profile (their first listing still reviewed), and is told by email.
 * - Declining needs a reason, which the applicant's email carries.
 */
export async function decideApplication(actor: Actor | null, input: unknown, now = new Date()): Promise<string> {
  authorize(actor, "applications.decide");
  const { applicationId, decision, reason } = parseInput(applicationDecisionSchema, input);
  if (decision === "decline" && !reason) {
    throw new AppError("invalid", APPLICATION_MESSAGES.reasonRequired, { fieldErrors: { reason: APPLICATION_MESSAGES.reasonRequired } });
  }
  const db = await getDb();
  const [application] = await db
    .select({
      name: teacherApplications.name,
      status: teacherApplications.status,
      userId: teacherApplications.userId,
      accountEmail: users.email,
      timezone: users.timezone,
    })
    .from(teacherApplications)
    .innerJoin(users, eq(users.id, teacherApplications.userId))
    .where(eq(teacherApplications.id, applicationId));
  if (!application) throw new AppError("not-found", "This application no longer exists.");
  if (application.status !== "pending") throw new AppError("conflict", `This application was already ${application.status}.`);

  const recordDecision = async (tx: Transaction) => {
    const [decided] = await tx
      .update(teacherApplications)
      .set({
        status: decision === "approve" ? "approved" : "declined",
        decidedById: actor.id,
        decidedAt: sql`now()`,
        declineReason: decision === "decline" ? reason! : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(teacherApplications.id, applicationId), eq(teacherApplications.status, "pending")))
      .returning({ id: teacherApplications.id });
    if (!decided) throw new AppError("conflict", "Someone else decided this application a moment ago.");
    await recordAudit(tx, actor, {
      action: `teacher_application.${decision}`,
      targetType: "teacher_application",
      targetId: applicationId,
      details: { userId: application.userId, email: application.accountEmail, ...(reason ? { reason } : {}) },
    });
    await emit(tx, teacherApplicationDecided, { applicationId });
  };

  if (decision === "decline") {
    await db.transaction(recordDecision);
    return `The application from ${application.name} was declined; they have been told why.`;
  }

  /** Every check passed and in date, or a 409 naming those still to pass (nothing written). */
  const requireCleared = async (reader: Pick<Database, "select">) => {
    const checks = await checksOf(reader, application.userId);
    const missing = missingChecks(checks, now);
    if (missing.length > 0) {
      const message = `Every check must pass before approval. Still to pass: ${missing.map((k) => CHECK_LABELS[k]).join(", ")}.`;
      throw new AppError("conflict", message, { fieldErrors: Object.fromEntries(missing.map((k) => [`check.${k}`, message])) });
    }
    return checks;
  };
  await requireCleared(db);
  const change = await setUserRoleById(application.userId, "teacher", async (tx, { from }) => {
    // Approving would replace a staff role; staff roles change on purpose, not as a side effect.
    if (from === "admin" || from === "support")
      throw new AppError("conflict", `The applicant now has the ${from} role; approving would take it away.`);
    // Read again inside the transaction: a check recorded as failed a moment ago stops the approval.
    const checks = await requireCleared(tx);
    await recordDecision(tx);
    const profile = {
      approvedAt: now,
      clearedUntil: clearedUntil(checks),
      // A new teacher's first listing is reviewed before it goes on sale (lib/teachers/listing-review.ts).
      listingReviewPending: true,
      updatedAt: now,
    };
    await tx
      .insert(teacherProfiles)
      .values({ userId: application.userId, publicName: application.name, timezone: application.timezone ?? FALLBACK_TIMEZONE, ...profile })
      .onConflictDoUpdate({ target: teacherProfiles.userId, set: profile });
  });
  if (!change) throw new AppError("not-found", "The applicant's account no longer exists.");
  return `${application.name} is now a teacher, with a public page.`;
}
