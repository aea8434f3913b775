import "server-only";

import { desc, eq, sql } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { teacherApplications, teacherProfiles, users } from "@/lib/platform/db/schema/index";
import type { ApplicationStatus } from "@/lib/teachers/applications/schema";

/** An application as the admin list shows it. */
export interface ApplicationRow {
  id: number;
  name: string;
  email: string;
  subjects: string;
  experience: string;
  availability: string;
  status: ApplicationStatus;
  createdAt: Date;
  decidedAt: Date | null;
  decidedByEmail: string | null;
}

const APPLICATION_LIST_LIMIT = 200;

/** Applications for the admin, pending first and then newest first; `status` narrows the list. */
export async function listApplications(actor: Actor | null, { status }: { status?: ApplicationStatus } = {}): Promise<ApplicationRow[]> {
  authorize(actor, "applications.decide");
  const db = await getDb();
  return db
    .select({
      id: teacherApplications.id,
      name: teacherApplications.name,
      email: teacherApplications.email,
      subjects: teacherApplications.subjects,
      experience: teacherApplications.experience,
      availability: teacherApplications.availability,
      status: teacherApplications.status,
      createdAt: teacherApplications.createdAt,
      decidedAt: teacherApplications.decidedAt,
      decidedByEmail: users.email,
    })
    .from(teacherApplications)
    .leftJoin(users, eq(users.id, teacherApplications.decidedById))
    .where(status ? eq(teacherApplications.status, status) : undefined)
    .orderBy(sql`${teacherApplications.status} = 'pending' desc`, desc(teacherApplications.createdAt), desc(teacherApplications.id))
    .limit(APPLICATION_LIST_LIMIT);
}

export interface OwnApplication {
  id: number;
  status: ApplicationStatus;
  createdAt: Date;
  decidedAt: Date | null;
}

/** The person's latest application (only its status and dates), or null if they never applied. */
export async function findOwnApplication(actorId: number): Promise<OwnApplication | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: teacherApplications.id,
      status: teacherApplications.status,
      createdAt: teacherApplications.createdAt,
      decidedAt: teacherApplications.decidedAt,
    })
    .from(teacherApplications)
    .where(eq(teacherApplications.userId, actorId))
    .orderBy(desc(teacherApplications.createdAt), desc(teacherApplications.id))
    .limit(1);
  return row ?? null;
}

export interface ApplicationForReview extends ApplicationRow {
  userId: number;
  declineReason: string | null;
  /** The applicant's public page once approved. */
  teacherSlug: string | null;
}

/** One application with what the review page shows, or null. */
export async function findApplicationForReview(actor: Actor | null, id: number): Promise<ApplicationForReview | null> {
  authorize(actor, "applications.decide");
  const db = await getDb();
  const [row] = await db
    .select({
      id: teacherApplications.id,
      userId: teacherApplications.userId,
      name: teacherApplications.name,
      email: teacherApplications.email,
      subjects: teacherApplications.subjects,
      experience: teacherApplications.experience,
      availability: teacherApplications.availability,
      status: teacherApplications.status,
      createdAt: teacherApplications.createdAt,
      decidedAt: teacherApplications.decidedAt,
      declineReason: teacherApplications.declineReason,
      decidedByEmail: users.email,
      teacherSlug: teacherProfiles.slug,
    })
    .from(teacherApplications)
    .leftJoin(users, eq(users.id, teacherApplications.decidedById))
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, teacherApplications.userId))
    .where(eq(teacherApplications.id, id));
  return row ?? null;
}
