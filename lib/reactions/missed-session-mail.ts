import "server-only";

import { eq } from "drizzle-orm";

import type { SessionMissedByTeacherEvent } from "@/lib/classroom/events";
import { enqueueEmail } from "@/lib/notifications/email";
import { teacherMissedSessionEmail, type MissedSessionOffer } from "@/lib/notifications/messages/teacher-missed-session";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { courses, sections, sessionChanges, teacherSessionReliability } from "@/lib/platform/db/schema";
import type { Handler } from "@/lib/platform/events/reactions";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadTeacher } from "./booking-mail";
import { seatsToldOfChange } from "./session-change-mail";

/**
 * classroom.session-missed-by-teacher: the section's teacher hears once which session they never
 * came into was cancelled for its families, and what the families were offered, in the teacher's
 * zone. Rendered at delivery: the offer as it stands then (a make-up the teacher may still set with
 * its deadline, the make-up they set since, or the families' credit), the learners those told by
 * session.cancelled (confirmed seats whose series holds the session). Keyed by the reliability
 * record: once however often delivered.
 */
export async function enqueueMissedSessionMail(
  db: Database,
  { reliabilityId, changeId, heldAs }: SessionMissedByTeacherEvent,
): Promise<void> {
  const [missed] = await db
    .select({ record: teacherSessionReliability, change: sessionChanges, section: sections, courseTitle: courses.title })
    .from(teacherSessionReliability)
    .innerJoin(sessionChanges, eq(sessionChanges.id, changeId))
    .innerJoin(sections, eq(sections.id, teacherSessionReliability.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(teacherSessionReliability.id, reliabilityId));
  if (!missed || missed.change.kind !== "cancelled") return;
  const { record, change, section, courseTitle } = missed;
  // The same families the session.cancelled mail told.
  const seats = await seatsToldOfChange(db, section, change.originalStartsAt);
  // The reliability record's teacher: the one who missed it, even if the section changed hands since.
  const teacher = await loadTeacher(db, record.teacherId);
  const when = (at: Date) => formatInstantInZone(at, teacher.zone);
  const offer: MissedSessionOffer = change.creditedAt
    ? { kind: "credited" }
    : // The cancel cleared any make-up it missed: one here was set since.
      change.makeupStartsAt
      ? { kind: "makeup", makeupWhen: when(change.makeupStartsAt) }
      : { kind: "makeup-or-credit", creditWhen: change.creditDueAt ? when(change.creditDueAt) : "the deadline" };
  const content = teacherMissedSessionEmail({
    readerName: teacher.name,
    courseTitle,
    missedWhen: when(record.sessionStartsAt),
    wasMakeup: heldAs === "makeup",
    learnerNames: [...new Set(seats.map((seat) => seat.learnerName))].sort((a, b) => a.localeCompare(b)),
    offer,
    sessionsUrl: `${brand.siteUrl}/teacher/sections/${section.id}/sessions`,
  });
  await enqueueEmail(db, `missed-session:${record.id}:teacher`, { ...content, to: teacher.email });
}

export const missedSessionMail: Handler<SessionMissedByTeacherEvent> = {
  name: "missed-session-teacher-mail",
  handle: enqueueMissedSessionMail,
};
