import "server-only";

import { and, eq, inArray } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { courseReviews, courses, learners, users } from "@/lib/platform/db/schema/index";

/**
 * Issue 29: what parents wrote about the seeded teachers' classes, approved by support, so the
 * embedded default's course and teacher pages show reviews with comments. Families without a
 * sign-in (like the seeded teachers), children by first name and grade only.
 */
export const SEED_REVIEWS = {
  supportEmail: "support@example.com",
  families: [
    { firebaseUid: "seed-family-2", email: "seed-family-2@example.com", children: [{ firstName: "Maya", grade: 4 }] },
    { firebaseUid: "seed-family-3", email: "seed-family-3@example.com", children: [{ firstName: "Omar", grade: 6 }] },
    { firebaseUid: "seed-family-4", email: "seed-family-4@example.com", children: [{ firstName: "Lily", grade: 3 }] },
  ],
  reviews: [
    {
      learner: "Maya",
      teacherUid: "seed-teacher-4",
      courseSlug: "chess-strategy",
      rating: 5,
      comment: "Mr. Okafor makes every game a puzzle to solve. Maya now beats her grandfather on Sundays.",
      daysAgo: 3,
    },
    {
      learner: "Omar",
      teacherUid: "seed-teacher-4",
      courseSlug: "chess-strategy",
      rating: 4,
      comment: "Friendly Saturday group; Omar wished the tournament came sooner.",
      daysAgo: 10,
    },
    {
      learner: "Lily",
      teacherUid: "seed-teacher-8",
      courseSlug: "yoga-and-mindfulness",
      rating: 5,
      comment: "Lily sleeps better since the breathing games. Ms. Walker is calm and kind.",
      daysAgo: 5,
    },
    {
      learner: "Omar",
      teacherUid: "seed-teacher-1",
      courseSlug: "python-for-young-coders",
      rating: 5,
      comment: "Clear steps and real projects: Omar built a quiz game for his class.",
      daysAgo: 7,
    },
  ],
} as const;

/** Idempotent: families by their uid, children by name, reviews by (course, child). */
export async function seedReviews(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const learnerIds = new Map<string, { learnerId: number; parentId: number }>();
    for (const family of SEED_REVIEWS.families) {
      await tx
        .insert(users)
        .values({ firebaseUid: family.firebaseUid, email: family.email })
        .onConflictDoNothing({ target: users.firebaseUid });
      const [parent] = await tx.select({ id: users.id }).from(users).where(eq(users.firebaseUid, family.firebaseUid));
      if (!parent) continue;
      for (const child of family.children) {
        let [learner] = await tx
          .select({ id: learners.id })
          .from(learners)
          .where(and(eq(learners.parentId, parent.id), eq(learners.firstName, child.firstName)));
        if (!learner)
          [learner] = await tx
            .insert(learners)
            .values({ parentId: parent.id, ...child })
            .returning({ id: learners.id });
        if (learner) learnerIds.set(child.firstName, { learnerId: learner.id, parentId: parent.id });
      }
    }
    const courseRows = await tx
      .select({ id: courses.id, slug: courses.slug })
      .from(courses)
      .where(inArray(courses.slug, [...new Set(SEED_REVIEWS.reviews.map((r) => r.courseSlug))]));
    const teacherRows = await tx
      .select({ id: users.id, uid: users.firebaseUid })
      .from(users)
      .where(inArray(users.firebaseUid, [...new Set(SEED_REVIEWS.reviews.map((r) => r.teacherUid))]));
    const [support] = await tx.select({ id: users.id }).from(users).where(eq(users.email, SEED_REVIEWS.supportEmail));
    const rows = SEED_REVIEWS.reviews.flatMap((review) => {
      const learner = learnerIds.get(review.learner);
      const courseId = courseRows.find((c) => c.slug === review.courseSlug)?.id;
      const teacherId = teacherRows.find((t) => t.uid === review.teacherUid)?.id;
      if (!learner || courseId === undefined || teacherId === undefined) return [];
      const at = new Date(now.getTime() - review.daysAgo * 86_400_000);
      return [
        {
          courseId,
          teacherId,
          learnerId: learner.learnerId,
          parentId: learner.parentId,
          rating: review.rating,
          comment: review.comment,
          status: "approved" as const,
          moderatedById: support?.id ?? null,
          moderatedAt: at,
          createdAt: at,
        },
      ];
    });
    if (rows.length > 0) await tx.insert(courseReviews).values(rows).onConflictDoNothing();
  });
}
