import "server-only";

import { and, asc, eq, gte, lte } from "drizzle-orm";

import type { CourseCategory } from "@/lib/platform/constants";
import { getDb } from "@/lib/platform/db/client";
import { courses } from "@/lib/platform/db/schema";

/** What pages and the course API may show of a course: never the whole row. */
export interface CourseSummary {
  id: number;
  slug: string;
  title: string;
  category: CourseCategory;
  description: string;
  gradeMin: number;
  gradeMax: number;
}

const summaryColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  category: courses.category,
  description: courses.description,
  gradeMin: courses.gradeMin,
  gradeMax: courses.gradeMax,
};

export async function listCoursesByCategory(category: CourseCategory): Promise<CourseSummary[]> {
  const db = await getDb();
  return db
    .select(summaryColumns)
    .from(courses)
    .where(and(eq(courses.category, category), eq(courses.isPublished, true)))
    .orderBy(asc(courses.title));
}

/** Published courses, optionally only those whose grade range includes `grade`. */
export async function listCourses(options: { grade?: number } = {}): Promise<CourseSummary[]> {
  const db = await getDb();
  const filters = [eq(courses.isPublished, true)];
  if (options.grade !== undefined) {
    filters.push(lte(courses.gradeMin, options.grade), gte(courses.gradeMax, options.grade));
  }
  return db
    .select(summaryColumns)
    .from(courses)
    .where(and(...filters))
    .orderBy(asc(courses.category), asc(courses.title));
}

export async function listFeaturedCourses(limit = 6): Promise<CourseSummary[]> {
  const db = await getDb();
  return db
    .select(summaryColumns)
    .from(courses)
    .where(and(eq(courses.isPublished, true), eq(courses.isFeatured, true)))
    .orderBy(asc(courses.category), asc(courses.title))
    .limit(limit);
}

/** Resolves a course select value (a course id) to a published course id, or null ("not sure yet", unknown). */
export async function findPublishedCourseId(value: string): Promise<number | null> {
  if (!/^\d{1,9}$/.test(value)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, Number(value)), eq(courses.isPublished, true)));
  return row?.id ?? null;
}
