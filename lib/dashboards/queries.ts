import "server-only";

import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";

import { getDb } from "@/lib/db/client";
import { courses, demoRequests, users } from "@/lib/db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

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

export async function listRecentLeads(limit = 25): Promise<LeadRow[]> {
  const db = await getDb();
  return db.select(leadColumns).from(demoRequests).leftJoin(courses, eq(courses.id, demoRequests.courseId)).orderBy(desc(demoRequests.createdAt)).limit(limit);
}

/** The promise 'Our team will reach you in 24hrs.': new requests older than a day. */
export async function countOverdueLeads(now = new Date()): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(demoRequests)
    .where(and(eq(demoRequests.status, "new"), lt(demoRequests.createdAt, new Date(now.getTime() - DAY_MS))));
  return row?.n ?? 0;
}

export async function getAdminFigures(now = new Date()) {
  const db = await getDb();
  const [[leads], [lastDay], byRole, [published]] = await Promise.all([
    db.select({ n: count() }).from(demoRequests),
    db.select({ n: count() }).from(demoRequests).where(gte(demoRequests.createdAt, new Date(now.getTime() - DAY_MS))),
    db.select({ role: users.role, n: count() }).from(users).groupBy(users.role),
    db.select({ n: count() }).from(courses).where(eq(courses.isPublished, true)),
  ]);
  return {
    leads: leads?.n ?? 0,
    leadsLastDay: lastDay?.n ?? 0,
    overdue: await countOverdueLeads(now),
    usersByRole: Object.fromEntries(byRole.map((r) => [r.role, r.n])) as Record<string, number>,
    publishedCourses: published?.n ?? 0,
  };
}

/** Demo requests per catalogue course, for the teachers' view of demand. */
export async function listCourseDemand() {
  const db = await getDb();
  return db
    .select({ id: courses.id, title: courses.title, category: courses.category, gradeMin: courses.gradeMin, gradeMax: courses.gradeMax, requests: sql<number>`count(${demoRequests.id})::int` })
    .from(courses)
    .leftJoin(demoRequests, eq(demoRequests.courseId, courses.id))
    .where(eq(courses.isPublished, true))
    .groupBy(courses.id)
    .orderBy(desc(sql`count(${demoRequests.id})`), courses.title);
}

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
