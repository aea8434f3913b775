import "server-only";

import { eq } from "drizzle-orm";

import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import { getDb } from "@/lib/platform/db/client";
import { teacherApplications, teacherChecks, users } from "@/lib/platform/db/schema/index";
import { expiryOf, type CheckKind, type CheckStatus } from "@/lib/teachers/vetting/check-rules";

const DAY = 86_400_000;

/**
 * Issue 38's demo data: one teacher application waiting at /admin/applications on `npm start`, its
 * checks in mixed states (identity, the sample lesson and the safety policy passed; the background
 * check not run yet), so the admin can run it (the stand-in passes this name) and approve.
 */
export const SEED_APPLICATION = {
  /** Stable: the applicant's account is found by it at every start. */
  firebaseUid: "seed-applicant-1",
  email: "seed-applicant-1@example.com",
  name: "Daniel Moreno",
  timezone: "America/Denver",
  subjects: "Chess and logic puzzles, grades 3 to 8",
  experience:
    "Six years coaching the chess club at a Denver elementary school, and summer chess camps for ages 8 to 13. US Chess certified coach.",
  availability: "Weekday afternoons and Saturday mornings, Mountain time",
  /** Days before the seed's start: the application, then each check made on it. */
  appliedDaysAgo: 3,
  checks: [
    { kind: "safety_policy", status: "passed", daysAgo: 3, note: "Accepted by the applicant on the application form." },
    { kind: "identity", status: "passed", daysAgo: 2, note: "Driver's licence seen on a video call." },
    { kind: "sample_lesson", status: "passed", daysAgo: 1, note: "A 20-minute lesson on forks and pins: clear, patient, well paced." },
    { kind: "background", status: "pending", daysAgo: null, note: null },
  ] satisfies Array<{ kind: CheckKind; status: CheckStatus; daysAgo: number | null; note: string | null }>,
};

/**
 * Makes the applicant (an identity account without a password, so nobody signs in as them, and
 * whose role the approval can set; and its row) and their pending application with its checks.
 * Idempotent: the applicant's account is keyed by its stable uid, and once they have any
 * application (still pending, or decided by an admin) nothing is written again.
 */
export async function seedTeacherApplication(now = new Date()): Promise<void> {
  const plan = SEED_APPLICATION;
  const auth = adminAuth();
  const existing = await auth.getUser(plan.firebaseUid).catch(() => null);
  if (!existing) {
    await auth.createUser({ uid: plan.firebaseUid, email: plan.email, emailVerified: true, displayName: plan.name });
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({ firebaseUid: plan.firebaseUid, email: plan.email, displayName: plan.name, timezone: plan.timezone })
      .onConflictDoNothing({ target: users.firebaseUid });
    const [applicant] = await tx.select({ id: users.id }).from(users).where(eq(users.firebaseUid, plan.firebaseUid));
    if (!applicant) return;
    const [applied] = await tx
      .select({ id: teacherApplications.id })
      .from(teacherApplications)
      .where(eq(teacherApplications.userId, applicant.id))
      .limit(1);
    if (applied) return;
    const appliedAt = new Date(now.getTime() - plan.appliedDaysAgo * DAY);
    const [application] = await tx
      .insert(teacherApplications)
      .values({
        userId: applicant.id,
        name: plan.name,
        email: plan.email,
        subjects: plan.subjects,
        experience: plan.experience,
        availability: plan.availability,
        createdAt: appliedAt,
        updatedAt: appliedAt,
      })
      .returning({ id: teacherApplications.id });
    await tx.insert(teacherChecks).values(
      plan.checks.map((check) => {
        const checkedAt = check.daysAgo === null ? null : new Date(now.getTime() - check.daysAgo * DAY);
        return {
          userId: applicant.id,
          applicationId: application!.id,
          kind: check.kind,
          status: check.status,
          checkedAt,
          expiresAt: checkedAt && check.status === "passed" ? expiryOf(check.kind, checkedAt) : null,
          note: check.note,
        };
      }),
    );
  });
}
