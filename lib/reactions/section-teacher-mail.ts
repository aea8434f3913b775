import "server-only";

import { and, eq, inArray } from "drizzle-orm";

import { enqueueEmail } from "@/lib/notifications/email";
import { sectionTeacherChangedEmail } from "@/lib/notifications/messages/section-teacher-changed";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { bookings, courses, learners, sections } from "@/lib/platform/db/schema";
import type { Handler } from "@/lib/platform/events/reactions";

import { loadParents, loadTeacher } from "./booking-mail";

interface TeacherChanged {
  sectionId: number;
  fromTeacherId: number;
  toTeacherId: number;
}

/**
 * section.teacher-changed (issue 40): each family with a live seat is told who teaches the class
 * now. Read at delivery: a section given back (or on) since is told by that change's own event, so
 * nothing is sent when the section's teacher is no longer the one this change named. One email per
 * seat and change, keyed by both teachers.
 */
export async function enqueueSectionTeacherMail(db: Database, event: TeacherChanged): Promise<void> {
  const [section] = await db
    .select({ id: sections.id, teacherId: sections.teacherId, courseTitle: courses.title })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(sections.id, event.sectionId));
  if (!section || section.teacherId !== event.toTeacherId) return;
  const seats = await db
    .select({ booking: bookings, learnerName: learners.firstName })
    .from(bookings)
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(and(eq(bookings.sectionId, section.id), eq(bookings.kind, "seat"), inArray(bookings.status, ["confirmed"])));
  if (seats.length === 0) return;
  const teacher = await loadTeacher(db, section.teacherId);
  const parents = await loadParents(
    db,
    seats.map(({ booking }) => booking),
  );
  for (const { booking, learnerName } of seats) {
    const parent = parents.get(booking.id);
    if (!parent) continue;
    const content = sectionTeacherChangedEmail({
      readerName: parent.name,
      learnerName,
      courseTitle: section.courseTitle,
      teacherName: teacher.name ?? "A new teacher",
      messagesUrl: `${brand.siteUrl}/messages`,
    });
    await enqueueEmail(db, `seat:${booking.id}:teacher:${event.fromTeacherId}-${event.toTeacherId}:parent`, {
      ...content,
      to: parent.email,
    });
  }
}

export const sectionTeacherMail: Handler<TeacherChanged> = {
  name: "section-teacher-mail",
  handle: (db, event) => enqueueSectionTeacherMail(db, event),
};
