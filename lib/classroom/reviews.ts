import "server-only";

import { and, asc, avg, count, desc, eq, inArray, isNull, max, ne, sql, type SQL } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { joinAttendanceMark } from "@/lib/platform/db/queries";
import { attendance, courseReviews, courses, learners, sections, teacherProfiles } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";

import { ATTENDED, CLASSROOM_MESSAGES, REVIEW_THRESHOLD, moderationInput, reviewInput, type ReviewInput } from "./schema";

/** Sessions of a course this learner attended (present or late), and the teacher of the last of them (the review is of their classes). */
async function attendedSessions(courseId: number, learnerId: number): Promise<{ n: number; teacherId: number | null }> {
  const db = await getDb();
  const rows = await db
    .select({ teacherId: sections.teacherId, n: count() })
    .from(attendance)
    .innerJoin(sections, eq(sections.id, attendance.sectionId))
    .where(and(eq(attendance.learnerId, learnerId), eq(sections.courseId, courseId), inArray(attendance.status, [...ATTENDED])))
    .groupBy(sections.teacherId)
    .orderBy(desc(max(attendance.sessionStartsAt)));
  return { n: rows.reduce((sum, row) => sum + row.n, 0), teacherId: rows[0]?.teacherId ?? null };
}

/** A parent's review of a course for one of their children, once that child attended three sessions; pending until support approves it. */
export async function submitReview(parentId: number, input: ReviewInput | Record<string, string>): Promise<{ courseTitle: string }> {
  const data = parseInput(reviewInput, input);
  const db = await getDb();
  const [learner] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(and(eq(learners.id, data.learnerId), eq(learners.parentId, parentId)))
    .limit(1);
  const attended = learner ? await attendedSessions(data.courseId, data.learnerId) : null;
  if (!attended || attended.n < REVIEW_THRESHOLD) {
    throw new AppError("forbidden", CLASSROOM_MESSAGES.notEligible);
  }
  const [course] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, data.courseId)).limit(1);
  if (!course) throw new AppError("forbidden", CLASSROOM_MESSAGES.notEligible);
  // The unique index decides a race between two submissions.
  const inserted = await db
    .insert(courseReviews)
    .values({
      courseId: data.courseId,
      learnerId: data.learnerId,
      parentId,
      teacherId: attended.teacherId,
      rating: data.rating,
      comment: data.comment,
    })
    .onConflictDoNothing()
    .returning({ id: courseReviews.id });
  if (inserted.length === 0) throw new AppError("conflict", CLASSROOM_MESSAGES.alreadyReviewed);
  return { courseTitle: course.title };
}

export interface ReviewableCourse {
  courseId: number;
  courseTitle: string;
  learnerId: number;
  learnerFirstName: string;
}

/** The (course, child) pairs of a family that may be reviewed now: three sessions attended and no review yet. */
export async function listReviewableCourses(parentId: number): Promise<ReviewableCourse[]> {
  const db = await getDb();
  return joinAttendanceMark(
    db
      .select({ courseId: courses.id, courseTitle: courses.title, learnerId: learners.id, learnerFirstName: learners.firstName })
      .from(attendance)
      .$dynamic(),
  )
    .leftJoin(courseReviews, and(eq(courseReviews.courseId, courses.id), eq(courseReviews.learnerId, learners.id)))
    .where(and(eq(learners.parentId, parentId), inArray(attendance.status, [...ATTENDED]), isNull(courseReviews.id)))
    .groupBy(courses.id, courses.title, learners.id, learners.firstName)
    .having(sql`count(*) >= ${REVIEW_THRESHOLD}`)
    .orderBy(asc(courses.title), asc(learners.firstName));
}

export interface PendingReview {
  id: number;
  courseTitle: string;
  learnerFirstName: string;
  rating: number;
  comment: string;
  createdAt: string;
}

/** Reviews waiting for moderation, oldest first. */
export async function listPendingReviews(actor: Actor | null): Promise<PendingReview[]> {
  authorize(actor, "reviews.moderate");
  const db = await getDb();
  const rows = await db
    .select({
      id: courseReviews.id,
      courseTitle: courses.title,
      learnerFirstName: learners.firstName,
      rating: courseReviews.rating,
      comment: courseReviews.comment,
      createdAt: courseReviews.createdAt,
    })
    .from(courseReviews)
    .innerJoin(courses, eq(courses.id, courseReviews.courseId))
    .innerJoin(learners, eq(learners.id, courseReviews.learnerId))
    .where(eq(courseReviews.status, "pending"))
    .orderBy(asc(courseReviews.createdAt))
    .limit(100);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Approves or rejects a pending review; answers the course's and the teacher's slugs so their pages can be revalidated. */
export async function moderateReview(
  actor: Actor | null,
  input: { reviewId: unknown; decision: unknown },
  now = new Date(),
): Promise<{ courseSlug: string; teacherSlug: string | null }> {
  authorize(actor, "reviews.moderate");
  const data = parseInput(moderationInput, input);
  const db = await getDb();
  const [row] = await db
    .update(courseReviews)
    .set({ status: data.decision, moderatedById: actor.id, moderatedAt: now })
    .where(and(eq(courseReviews.id, data.reviewId), eq(courseReviews.status, "pending")))
    .returning({ courseId: courseReviews.courseId, teacherId: courseReviews.teacherId });
  if (!row) throw new AppError("not-found", CLASSROOM_MESSAGES.reviewNotFound);
  const [course] = await db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, row.courseId)).limit(1);
  const [teacher] =
    row.teacherId === null
      ? []
      : await db.select({ slug: teacherProfiles.slug }).from(teacherProfiles).where(eq(teacherProfiles.userId, row.teacherId)).limit(1);
  return { courseSlug: course?.slug ?? "", teacherSlug: teacher?.slug ?? null };
}

export interface RatingSummary {
  /** Average of approved ratings, one decimal; null with no approved review. */
  average: number | null;
  count: number;
}

/** What a course page shows: the average and the count of approved reviews. */
export async function courseRating(courseId: number): Promise<RatingSummary> {
  const db = await getDb();
  const [row] = await db
    .select({ average: avg(courseReviews.rating), count: count() })
    .from(courseReviews)
    .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.status, "approved")));
  const n = row?.count ?? 0;
  return { average: n === 0 || row?.average == null ? null : Math.round(Number(row.average) * 10) / 10, count: n };
}

/** What a teacher page shows: the average and count of approved reviews of the teacher's classes. */
export async function teacherRating(teacherId: number): Promise<RatingSummary> {
  const db = await getDb();
  const [row] = await db
    .select({ average: avg(courseReviews.rating), count: count() })
    .from(courseReviews)
    .where(and(eq(courseReviews.teacherId, teacherId), eq(courseReviews.status, "approved")));
  const n = row?.count ?? 0;
  return { average: n === 0 || row?.average == null ? null : Math.round(Number(row.average) * 10) / 10, count: n };
}

/** An approved review as the public pages show it: the child's first name and grade, nothing else of the family. */
export interface PublicReview {
  id: number;
  rating: number;
  comment: string;
  learnerFirstName: string;
  learnerGrade: number;
  courseTitle: string;
  courseSlug: string;
  /** When it was written (ISO). */
  at: string;
}

/**
 * Issue 29: the approved reviews that carry a comment, of a course or of a teacher's classes, newest
 * first. Only support's approval makes a comment public (as for the ratings); a rejected or pending one never shows.
 */
export async function listPublicReviews(of: { courseId: number } | { teacherId: number }, limit = 20): Promise<PublicReview[]> {
  const db = await getDb();
  const owner: SQL | undefined = "courseId" in of ? eq(courseReviews.courseId, of.courseId) : eq(courseReviews.teacherId, of.teacherId);
  const rows = await db
    .select({
      id: courseReviews.id,
      rating: courseReviews.rating,
      comment: courseReviews.comment,
      learnerFirstName: learners.firstName,
      learnerGrade: learners.grade,
      courseTitle: courses.title,
      courseSlug: courses.slug,
      at: courseReviews.createdAt,
    })
    .from(courseReviews)
    .innerJoin(learners, eq(learners.id, courseReviews.learnerId))
    .innerJoin(courses, eq(courses.id, courseReviews.courseId))
    .where(and(owner, eq(courseReviews.status, "approved"), ne(sql`trim(${courseReviews.comment})`, "")))
    .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
