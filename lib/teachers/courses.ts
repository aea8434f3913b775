import "server-only";

import { and, count, desc, eq, exists, gte, inArray, sql, type SQL } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import type { CourseCategory } from "@/lib/platform/constants";
import { getDb } from "@/lib/platform/db/client";
import { courses, courseTeachers, demoRequests } from "@/lib/platform/db/schema/index";

/** Requests still being worked on: the family has not been converted, closed or marked spam. */
export const OPEN_REQUEST_STATUSES = ["new", "contacted", "demo_scheduled"] as const;
export const RECENT_DAYS = 30;
export const REQUESTS_PAGE_SIZE = 25;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Ownership: the courses a teacher teaches (course_teachers: any number of teachers per course); an admin's scope is every course. */
function ownedBy(actor: Actor): SQL | undefined {
  return actor.role === "admin" ? undefined : teaches(actor.id);
}

/** The course (of the query's `courses` row) is taught by this teacher. */
export function teaches(teacherId: number): SQL {
  return exists(
    sql`(select 1 from ${courseTeachers} where ${courseTeachers.courseId} = ${courses.id} and ${courseTeachers.teacherId} = ${teacherId})`,
  );
}

export interface TeacherCourseRow {
  id: number;
  title: string;
  category: CourseCategory;
  gradeMin: number;
  gradeMax: number;
  isPublished: boolean;
  requests: number;
  openRecent: number;
}

/** The actor's courses with how many demo requests each has drawn (in all, and open in the last 30 days). */
export async function listTeacherCourses(actor: Actor | null, now = new Date()): Promise<TeacherCourseRow[]> {
  authorize(actor, "teaching.read");
  const db = await getDb();
  const since = new Date(now.getTime() - RECENT_DAYS * DAY_MS);
  return db
    .select({
      id: courses.id,
      title: courses.title,
      category: courses.category,
      gradeMin: courses.gradeMin,
      gradeMax: courses.gradeMax,
      isPublished: courses.isPublished,
      requests: sql<number>`count(${demoRequests.id})::int`,
      openRecent: sql<number>`(count(${demoRequests.id}) filter (where ${and(
        inArray(demoRequests.status, [...OPEN_REQUEST_STATUSES]),
        gte(demoRequests.createdAt, since),
      )}))::int`,
    })
    .from(courses)
    .leftJoin(demoRequests, eq(demoRequests.courseId, courses.id))
    .where(ownedBy(actor))
    .groupBy(courses.id)
    .orderBy(courses.title);
}

/** One course, only if it is in the actor's scope; null otherwise (the page answers 404). */
export async function findTeacherCourse(actor: Actor | null, courseId: number): Promise<{ id: number; title: string } | null> {
  authorize(actor, "teaching.read");
  const db = await getDb();
  const [row] = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.id, courseId), ownedBy(actor)));
  return row ?? null;
}

/**
 * A demo request as a teacher sees it: no name, email or phone (the support team contacts families),
 * and no free-text message either: families write contact details and private notes there, and the
 * privacy note promises teachers see none of it (security issue, item 7). Support reads the message.
 */
export interface TeacherRequestRow {
  id: string;
  createdAt: Date;
  courseId: number;
  courseTitle: string;
  grade: number | null;
  classType: string | null;
  status: string;
}

export interface TeacherRequestPage {
  rows: TeacherRequestRow[];
  page: number;
  hasNextPage: boolean;
  total: number;
}

/** Demo requests for the actor's courses (or one of them), newest first, 25 a page. */
export async function listTeacherRequests(
  actor: Actor | null,
  { courseId, page = 1, pageSize = REQUESTS_PAGE_SIZE }: { courseId?: number; page?: number; pageSize?: number } = {},
): Promise<TeacherRequestPage> {
  authorize(actor, "teaching.read");
  const db = await getDb();
  const where = and(ownedBy(actor), courseId === undefined ? undefined : eq(courses.id, courseId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: demoRequests.id,
        createdAt: demoRequests.createdAt,
        courseId: courses.id,
        courseTitle: courses.title,
        grade: demoRequests.grade,
        classType: demoRequests.classType,
        status: demoRequests.status,
      })
      .from(demoRequests)
      .innerJoin(courses, eq(courses.id, demoRequests.courseId))
      .where(where)
      .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(demoRequests).innerJoin(courses, eq(courses.id, demoRequests.courseId)).where(where),
  ]);
  return { rows: rows.slice(0, pageSize), page, hasNextPage: rows.length > pageSize, total: counted?.n ?? 0 };
}

/** A page number from the query string: a positive integer, else 1. */
export function parsePage(value: string | string[] | undefined): number {
  const first = Array.isArray(value) ? value[0] : value;
  return first && /^\d{1,6}$/.test(first) && Number(first) >= 1 ? Number(first) : 1;
}
