import { randomUUID } from "node:crypto";

import type { Database } from "@/lib/platform/db/client";
import { bookings, demoRequests, learners, sections, users } from "@/lib/platform/db/schema";

import { EVERY_DAY, newCourse, newTeacher } from "./scheduling-fixtures";

const HOUR = 3_600_000;

/** An open (or other) weekly section of a course, USD, from today. */
export async function courseSection(
  db: Database,
  courseId: number,
  teacherId: number,
  status: "open" | "draft" | "full" | "closed" = "open",
) {
  const [row] = await db
    .insert(sections)
    .values({
      courseId,
      teacherId,
      classType: "group",
      capacity: 6,
      priceMinor: 12_000,
      currency: "USD",
      startsOn: new Date().toISOString().slice(0, 10),
      startMinute: 16 * 60,
      timezone: "America/New_York",
      rrule: "FREQ=WEEKLY;BYDAY=MO,TH",
      durationMinutes: 60,
      status,
    })
    .returning({ id: sections.id });
  return row!.id;
}

/**
 * A demo of a new course with a new teacher: for a signed-in family's child (`family: "account"`)
 * or for a demo request made signed out (`family: "request"`, grade 4, no account).
 */
export async function pastDemo(db: Database, options: { startsAt: Date; family: "account" | "request"; email?: string }) {
  const teacherId = await newTeacher(db, "Europe/London", EVERY_DAY(0, 24 * 60 - 30));
  const courseId = await newCourse(db, teacherId);
  let learnerId: number | null = null;
  let parentId: number | null = null;
  let demoRequestId: string | null = null;
  const email = options.email ?? `family-${randomUUID().slice(0, 8)}@example.com`;
  if (options.family === "account") {
    const [parent] = await db
      .insert(users)
      .values({ firebaseUid: `test-${randomUUID()}`, email, displayName: "Pat Parent", timezone: "America/Los_Angeles" })
      .returning({ id: users.id });
    parentId = parent!.id;
    const [child] = await db.insert(learners).values({ parentId, firstName: "Maya", grade: 4 }).returning({ id: learners.id });
    learnerId = child!.id;
  } else {
    const [request] = await db
      .insert(demoRequests)
      .values({ userEmail: email, course: String(courseId), courseId, grade: 4, name: "Pat", status: "demo_scheduled" })
      .returning({ id: demoRequests.id });
    demoRequestId = request!.id;
  }
  const [booking] = await db
    .insert(bookings)
    .values({
      kind: "demo",
      learnerId,
      demoRequestId,
      teacherId,
      courseId,
      startsAt: options.startsAt,
      endsAt: new Date(options.startsAt.getTime() + HOUR / 2),
      status: "confirmed",
      token: randomUUID().replace(/-/g, ""),
      timezone: "Europe/London",
    })
    .returning({ id: bookings.id, token: bookings.token, endsAt: bookings.endsAt });
  return { ...booking!, teacherId, courseId, learnerId, parentId, demoRequestId, email };
}

export const teacherActor = (id: number) => ({ id, email: "teacher@example.com", role: "teacher" as const });
