import "server-only";

import { randomBytes } from "node:crypto";

import { and, asc, eq, inArray } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { bookings, courses, demoRequests, sections, users } from "@/lib/platform/db/schema/index";

/**
 * Issue 27's seeded class life: free demos the demo teacher gave about 20 hours ago, booked
 * signed out by families without an account, still waiting for their outcome, so the teacher's
 * dashboard shows "Needs an outcome" (e2e/demo-outcome.spec.ts marks one attended, the other a
 * no-show). For a course of the teacher's with an open section to recommend. Each made once (by
 * its request's idempotency key).
 */
export const PAST_DEMO = {
  teacherEmail: "teacher@example.com",
  familyEmail: "lead.demo@example.com",
  grade: 4,
  idempotencyKey: "seed:past-demo",
  hoursAgo: 20,
} as const;
/** The second: a family that will not have come (grade 6). */
export const MISSED_DEMO = {
  ...PAST_DEMO,
  familyEmail: "missed.demo@example.com",
  grade: 6,
  idempotencyKey: "seed:missed-demo",
  hoursAgo: 21,
};

export async function seedPastDemo(now = new Date()): Promise<void> {
  for (const demo of [PAST_DEMO, MISSED_DEMO]) await seedOne(demo, now);
}

async function seedOne(demo: typeof MISSED_DEMO, now: Date): Promise<void> {
  const startsAt = new Date(Math.floor((now.getTime() - demo.hoursAgo * 3_600_000) / 3_600_000) * 3_600_000);
  await seedDemoAt(demo, startsAt);
}

/**
 * A demo the demo teacher gave at `startsAt` (confirmed, no outcome yet), for a course of theirs with
 * an open section, booked signed out by `demo.familyEmail`; made once (by the request's idempotency
 * key). Returns its booking id, found again on a later run; null when the teacher or course is missing.
 */
export async function seedDemoAt(
  demo: { teacherEmail: string; familyEmail: string; grade: number; idempotencyKey: string },
  startsAt: Date,
): Promise<string | null> {
  const db = await getDb();
  const [existing] = await db
    .select({ bookingId: bookings.id })
    .from(demoRequests)
    .leftJoin(bookings, eq(bookings.demoRequestId, demoRequests.id))
    .where(eq(demoRequests.idempotencyKey, demo.idempotencyKey));
  if (existing) return existing.bookingId;
  const [teacher] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, demo.teacherEmail), eq(users.role, "teacher")));
  if (!teacher) return null;
  const [course] = await db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)
    .innerJoin(sections, eq(sections.courseId, courses.id))
    .where(and(eq(sections.teacherId, teacher.id), inArray(sections.status, ["open"])))
    .orderBy(asc(courses.id))
    .limit(1);
  if (!course) return null;
  return db.transaction(async (tx) => {
    const [request] = await tx
      .insert(demoRequests)
      .values({
        userEmail: demo.familyEmail,
        course: course.slug,
        courseId: course.id,
        grade: demo.grade,
        status: "demo_scheduled",
        idempotencyKey: demo.idempotencyKey,
        firstContactedAt: startsAt,
        createdAt: new Date(startsAt.getTime() - 3 * 86_400_000),
      })
      .returning({ id: demoRequests.id });
    const [booking] = await tx
      .insert(bookings)
      .values({
        kind: "demo",
        demoRequestId: request!.id,
        teacherId: teacher.id,
        courseId: course.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        status: "confirmed",
        token: randomBytes(24).toString("base64url"),
        timezone: "America/New_York",
        createdAt: new Date(startsAt.getTime() - 2 * 86_400_000),
      })
      .returning({ id: bookings.id });
    return booking!.id;
  });
}
