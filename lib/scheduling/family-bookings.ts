import "server-only";

import { and, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { getDb } from "@/lib/platform/db/client";
import { bookings, courses, demoRequests, learners, teacherProfiles } from "@/lib/platform/db/schema";

import type { BookingStatus } from "./bookings";

/** Who asks: the session's users.id, email and whether that email is verified. */
export interface FamilyOwner {
  databaseId: number;
  email: string;
  emailVerified: boolean;
}

/** A demo booking as /my-courses lists it. */
export interface FamilyDemoBooking {
  id: string;
  token: string;
  courseTitle: string | null;
  teacherName: string | null;
  learnerFirstName: string | null;
  startsAt: string;
  status: BookingStatus;
}

/**
 * An account's demo bookings, newest time first: those of its children, and those of its own demo
 * requests (made signed in, or, once the email is verified, made with that email) that have no
 * child yet. The same ownership rule as the demo-request list (lib/dashboards/lead-lists.ts): an
 * unverified email matches nothing (security issue: account squatting).
 */
export async function listFamilyDemoBookings(owner: FamilyOwner): Promise<FamilyDemoBooking[]> {
  const db = await getDb();
  const request = alias(demoRequests, "request");
  const sameEmail = owner.emailVerified ? sql`lower(${request.userEmail}) = lower(${owner.email})` : undefined;
  const rows = await db
    .select({
      id: bookings.id,
      token: bookings.token,
      courseTitle: courses.title,
      teacherName: teacherProfiles.publicName,
      learnerFirstName: learners.firstName,
      startsAt: bookings.startsAt,
      status: bookings.status,
    })
    .from(bookings)
    .leftJoin(learners, eq(learners.id, bookings.learnerId))
    .leftJoin(request, eq(request.id, bookings.demoRequestId))
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, bookings.teacherId))
    .where(and(eq(bookings.kind, "demo"), or(eq(learners.parentId, owner.databaseId), eq(request.userId, owner.databaseId), sameEmail)))
    .orderBy(desc(bookings.startsAt))
    .limit(50);
  return rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString() }));
}
