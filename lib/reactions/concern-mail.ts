import "server-only";

import { and, eq, inArray } from "drizzle-orm";

import { enqueueEmail } from "@/lib/notifications/email";
import { concernClosedEmail, teacherSuspendedEmail } from "@/lib/notifications/messages/concern-mail";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { bookings, concernReports, courses, learners, sections, users } from "@/lib/platform/db/schema";
import type { Handler } from "@/lib/platform/events/reactions";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadParents, loadTeacher } from "./booking-mail";
import { MY_COURSES_URL } from "./seat-invite";

/** concern.closed (issue 40): the reporter is told, once per concern and closing; nothing if it was reopened since or they deleted their account. */
async function enqueueConcernClosedMail(db: Database, { concernId }: { concernId: number }): Promise<void> {
  const [row] = await db
    .select({
      status: concernReports.status,
      closedAt: concernReports.closedAt,
      createdAt: concernReports.createdAt,
      subjectLabel: concernReports.subjectLabel,
      email: users.email,
      name: users.displayName,
      zone: users.timezone,
    })
    .from(concernReports)
    .innerJoin(users, eq(users.id, concernReports.reporterId))
    .where(eq(concernReports.id, concernId));
  if (!row || row.status !== "closed" || !row.closedAt) return;
  const content = concernClosedEmail({
    readerName: row.name,
    subjectLabel: row.subjectLabel,
    reportedOn: formatInstantInZone(row.createdAt.toISOString(), row.zone ?? "UTC"),
    supportUrl: `${brand.siteUrl}/contact`,
  });
  await enqueueEmail(db, `concern:${concernId}:closed:${row.closedAt.toISOString()}`, { ...content, to: row.email });
}

/** teacher.suspended (issue 40): each family with a confirmed seat in the teacher's classes, once per seat and concern. */
async function enqueueTeacherSuspendedMail(
  db: Database,
  { teacherId, concernId }: { teacherId: number; concernId: number },
): Promise<void> {
  const seats = await db
    .select({ booking: bookings, learnerName: learners.firstName, courseTitle: courses.title })
    .from(bookings)
    .innerJoin(sections, eq(sections.id, bookings.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(and(eq(sections.teacherId, teacherId), eq(bookings.kind, "seat"), inArray(bookings.status, ["confirmed"])));
  if (seats.length === 0) return;
  const teacher = await loadTeacher(db, teacherId);
  const parents = await loadParents(
    db,
    seats.map((s) => s.booking),
  );
  for (const seat of seats) {
    const parent = parents.get(seat.booking.id);
    if (!parent) continue;
    const content = teacherSuspendedEmail({
      readerName: parent.name,
      teacherName: teacher.name ?? "Your teacher",
      courseTitle: seat.courseTitle,
      learnerName: seat.learnerName,
      myCoursesUrl: MY_COURSES_URL(),
    });
    await enqueueEmail(db, `seat:${seat.booking.id}:teacher-suspended:${concernId}:parent`, { ...content, to: parent.email });
  }
}

export const concernClosedMail: Handler<{ concernId: number }> = {
  name: "concern-closed-mail",
  handle: (db, event) => enqueueConcernClosedMail(db, event),
};

export const teacherSuspendedMail: Handler<{ teacherId: number; concernId: number }> = {
  name: "teacher-suspended-mail",
  handle: (db, event) => enqueueTeacherSuspendedMail(db, event),
};
