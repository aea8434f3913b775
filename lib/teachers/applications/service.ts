import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { setUserRoleById } from "@/lib/accounts/accounts";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Database } from "@/lib/platform/db/client";
import { teacherApplications, users } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { APPLICATION_MESSAGES, applicationDecisionSchema, teacherApplicationSchema } from "@/lib/teachers/applications/schema";

/**
 * Sends an application from /become-a-teacher for any signed-in person who is not staff yet.
 * One pending application per person: the partial unique index decides, so two quick submits
 * store one row. Returns the message to show.
 */
export async function submitApplication(actor: Actor | null, input: unknown): Promise<string> {
  if (!actor) throw new AppError("unauthenticated", "Please sign in first.");
  const application = teacherApplicationSchema.parse(input);
  const db = await getDb();
  // The stored role, not the session's: it may have changed since sign-in.
  const [account] = await db.select({ role: users.role }).from(users).where(eq(users.id, actor.id));
  if (!account) throw new AppError("unauthenticated", "Please sign in first.");
  if (account.role === "teacher") throw new AppError("conflict", "You are already a teacher: your courses are on the teacher dashboard.");
  if (account.role !== "student")
    throw new AppError("conflict", `Your account has the ${account.role} role; ask an admin if you would like to teach.`);
  const [stored] = await db
    .insert(teacherApplications)
    .values({ userId: actor.id, ...application })
    .onConflictDoNothing()
    .returning({ id: teacherApplications.id });
  if (!stored) throw new AppError("conflict", APPLICATION_MESSAGES.alreadyPending);
  return "Thank you! We have your application and will reply by email.";
}

/**
 * An admin approves or declines a pending application. Approving makes the applicant a teacher:
 * the users row, the application's status and its audit record are written in one transaction,
 * and the Firebase claims last inside it, so a refusal from Firebase undoes all of it.
 */
export async function decideApplication(actor: Actor | null, input: unknown): Promise<string> {
  authorize(actor, "applications.decide");
  const { applicationId, decision } = applicationDecisionSchema.parse(input);
  const db = await getDb();
  const [application] = await db
    .select({
      name: teacherApplications.name,
      status: teacherApplications.status,
      userId: teacherApplications.userId,
      accountEmail: users.email,
    })
    .from(teacherApplications)
    .innerJoin(users, eq(users.id, teacherApplications.userId))
    .where(eq(teacherApplications.id, applicationId));
  if (!application) throw new AppError("not-found", "This application no longer exists.");
  if (application.status !== "pending") throw new AppError("conflict", `This application was already ${application.status}.`);

  const recordDecision = async (tx: Pick<Database, "insert" | "update">) => {
    const [decided] = await tx
      .update(teacherApplications)
      .set({
        status: decision === "approve" ? "approved" : "declined",
        decidedById: actor.id,
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(teacherApplications.id, applicationId), eq(teacherApplications.status, "pending")))
      .returning({ id: teacherApplications.id });
    if (!decided) throw new AppError("conflict", "Someone else decided this application a moment ago.");
    await recordAudit(tx, actor, {
      action: `teacher_application.${decision}`,
      targetType: "teacher_application",
      targetId: applicationId,
      details: { userId: application.userId, email: application.accountEmail },
    });
  };

  if (decision === "decline") {
    await db.transaction(recordDecision);
    return `The application from ${application.name} was declined.`;
  }
  const change = await setUserRoleById(application.userId, "teacher", async (tx, { from }) => {
    // Approving would replace a staff role; staff roles change on purpose, not as a side effect.
    if (from === "admin" || from === "support")
      throw new AppError("conflict", `The applicant now has the ${from} role; approving would take it away.`);
    await recordDecision(tx);
  });
  if (!change) throw new AppError("not-found", "The applicant's account no longer exists.");
  return `${application.name} is now a teacher.`;
}
