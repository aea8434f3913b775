import "server-only";

import { desc, eq, or, sql } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { courses, demoRequests } from "@/lib/platform/db/schema/index";

/** A demo request as the dashboards show it. */
export interface LeadRow {
  id: string;
  name: string | null;
  userEmail: string;
  phone: string | null;
  course: string;
  courseTitle: string | null;
  classType: string | null;
  grade: number | null;
  sourcePage: string | null;
  status: string;
  createdAt: Date;
}

const leadColumns = {
  id: demoRequests.id,
  name: demoRequests.name,
  userEmail: demoRequests.userEmail,
  phone: demoRequests.phone,
  course: demoRequests.course,
  courseTitle: courses.title,
  classType: demoRequests.classType,
  grade: demoRequests.grade,
  sourcePage: demoRequests.sourcePage,
  status: demoRequests.status,
  createdAt: demoRequests.createdAt,
};

/** Who asks for their demo requests: the session's users.id, email and whether the email is verified. */
export interface LeadOwner {
  databaseId: number;
  email: string;
  emailVerified: boolean;
}

/**
 * A user's own demo requests: those made while signed in to the account, and, once its email is
 * verified, those made with that email (before sign-up, or signed out). An unverified email
 * matches nothing: anyone can sign up with another family's address (security issue: account squatting).
 */
export async function listLeadsForAccount(owner: LeadOwner): Promise<LeadRow[]> {
  const db = await getDb();
  const sameEmail = owner.emailVerified ? sql`lower(${demoRequests.userEmail}) = lower(${owner.email})` : undefined;
  return db
    .select(leadColumns)
    .from(demoRequests)
    .leftJoin(courses, eq(courses.id, demoRequests.courseId))
    .where(or(eq(demoRequests.userId, owner.databaseId), sameEmail))
    .orderBy(desc(demoRequests.createdAt))
    .limit(50);
}
