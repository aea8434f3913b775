import "server-only";

import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";

import { getDb } from "@/lib/db/client";
import { courses, demoRequests, users } from "@/lib/db/schema";

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

/** A user's own demo requests, matched by their account email. */
export async function listLeadsForEmail(email: string): Promise<LeadRow[]> {
  const db = await getDb();
  return db
    .select(leadColumns)
    .from(demoRequests)
    .leftJoin(courses, eq(courses.id, demoRequests.courseId))
    .where(sql`lower(${demoRequests.userEmail}) = lower(${email})`)
    .orderBy(desc(demoRequests.createdAt))
    .limit(50);
}
