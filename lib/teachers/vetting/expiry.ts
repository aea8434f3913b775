import "server-only";

import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Database } from "@/lib/platform/db/client";
import { teacherApplications, teacherChecks, teacherProfiles, users } from "@/lib/platform/db/schema/index";
import { emit } from "@/lib/platform/events/events";
import { teacherClearanceLapsed } from "@/lib/teachers/events";

import { EXPIRY_WARNING_DAYS, type CheckKind } from "./check-rules";

/**
 * Issue 38: a teacher's checks run out. Past the earliest expiry their sections are off sale (the
 * on-sale rule reads teacher_profiles.cleared_until; seats already sold run on); 30 days before, the
 * teacher is warned by email (lib/reactions/check-expiry-mail.ts) and the admin dashboard lists it.
 */
export interface ExpiringCheck {
  checkId: number;
  teacherId: number;
  teacherName: string;
  teacherEmail: string;
  kind: CheckKind;
  expiresAt: Date;
  warnedAt: Date | null;
  applicationId: number | null;
}

const warningHorizon = (now: Date) => new Date(now.getTime() + EXPIRY_WARNING_DAYS * 86_400_000);

function expiringQuery(db: Pick<Database, "select">, now: Date) {
  return db
    .select({
      checkId: teacherChecks.id,
      teacherId: teacherChecks.userId,
      teacherName: teacherProfiles.publicName,
      teacherEmail: users.email,
      kind: teacherChecks.kind,
      expiresAt: teacherChecks.expiresAt,
      warnedAt: teacherChecks.expiryWarnedAt,
      applicationId: teacherChecks.applicationId,
    })
    .from(teacherChecks)
    .innerJoin(teacherProfiles, eq(teacherProfiles.userId, teacherChecks.userId))
    .innerJoin(users, eq(users.id, teacherChecks.userId))
    .innerJoin(teacherApplications, eq(teacherApplications.id, teacherChecks.applicationId))
    .where(
      and(
        isNotNull(teacherProfiles.approvedAt),
        eq(teacherApplications.status, "approved"),
        eq(teacherChecks.status, "passed"),
        lte(teacherChecks.expiresAt, warningHorizon(now)),
      ),
    )
    .orderBy(asc(teacherChecks.expiresAt), asc(teacherChecks.id));
}

/** Approved teachers' checks expired or expiring within 30 days, soonest first: the admin dashboard's list. */
export async function listExpiringChecks(actor: Actor | null, now = new Date()): Promise<ExpiringCheck[]> {
  authorize(actor, "applications.decide");
  const rows = await expiringQuery(await getDb(), now);
  return rows.map((r) => ({ ...r, expiresAt: r.expiresAt! }));
}

/** The checks whose teacher has not been warned of this expiry yet (still to come, within 30 days). */
export async function checksToWarn(db: Database, now: Date): Promise<ExpiringCheck[]> {
  const rows = await expiringQuery(db, now);
  return rows.filter((r) => r.warnedAt === null && r.expiresAt! > now).map((r) => ({ ...r, expiresAt: r.expiresAt! }));
}

/** Marks the warning sent, so the next scan does not send it again (the email's key also keeps it once). */
export async function markWarned(db: Pick<Database, "update">, checkId: number, now: Date): Promise<void> {
  await db
    .update(teacherChecks)
    .set({ expiryWarnedAt: now })
    .where(and(eq(teacherChecks.id, checkId), isNull(teacherChecks.expiryWarnedAt)));
}

/**
 * The timed job announce-lapsed-clearances, every minute (lib/reactions/table.ts TIMED_WORK): each approved teacher whose cleared_until has
 * passed since it was last announced gets a teacher.clearance-lapsed event, written with the mark
 * that announces it (one transaction, under the row's update), so their sections leave the cached
 * course pages, teacher page and class finder within a minute, not at the pages' 5-minute
 * revalidation. Once per lapse however many instances scan; a renewal's next lapse is announced
 * again. Returns how many were announced.
 */
export async function announceLapsedClearances(db: Database, now: Date = new Date()): Promise<number> {
  const notAnnounced = sql`${teacherProfiles.clearanceLapseAnnouncedFor} is distinct from ${teacherProfiles.clearedUntil}`;
  const lapsed = await db
    .select({ teacherId: teacherProfiles.userId })
    .from(teacherProfiles)
    .where(and(isNotNull(teacherProfiles.approvedAt), lte(teacherProfiles.clearedUntil, now), notAnnounced));
  let announced = 0;
  for (const { teacherId } of lapsed) {
    await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(teacherProfiles)
        .set({ clearanceLapseAnnouncedFor: sql`${teacherProfiles.clearedUntil}` })
        .where(
          and(
            eq(teacherProfiles.userId, teacherId),
            isNotNull(teacherProfiles.approvedAt),
            lte(teacherProfiles.clearedUntil, now),
            notAnnounced,
          ),
        )
        .returning({ clearedUntil: teacherProfiles.clearedUntil });
      if (!marked?.clearedUntil) return;
      await emit(tx, teacherClearanceLapsed, { teacherId, clearedUntil: marked.clearedUntil.toISOString() });
      announced++;
    });
  }
  return announced;
}
