import "server-only";

import { and, eq } from "drizzle-orm";

import { enqueueEmail } from "@/lib/notifications/email";
import { sectionRescheduledEmail } from "@/lib/notifications/messages/section-rescheduled";
import type { Database } from "@/lib/platform/db/client";
import { bookings, courses, learners, sections } from "@/lib/platform/db/schema";
import type { Handler } from "@/lib/platform/events/reactions";
import { loadSessionChanges } from "@/lib/scheduling/session-changes";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadParents, loadTeacher } from "./booking-mail";
import { seatSequence } from "@/lib/scheduling/seat-sequence";

import { describeSchedule, MY_COURSES_URL, seatInvite } from "./seat-invite";

const YEAR_MS = 366 * 24 * 3_600_000;

interface Rescheduled {
  sectionId: number;
  scheduleVersion: number;
}

/**
 * section.rescheduled: the teacher changed a section's times, so every family with a confirmed seat
 * gets one message with the seat's invite again, same UID, SEQUENCE = the section's schedule
 * version, so calendars move the series instead of adding one. Keyed by seat and version: one
 * message per change and family, however often the event is delivered. Rendered at delivery from
 * the section and its seats as they are then; a section changed again since is left to that
 * change's own event (its newer version), so no family is told times that no longer hold.
 */
export async function enqueueSectionRescheduledMail(
  db: Database,
  { sectionId, scheduleVersion }: Rescheduled,
  now = new Date(),
): Promise<void> {
  const [section] = await db.select().from(sections).where(eq(sections.id, sectionId));
  if (!section || section.scheduleVersion !== scheduleVersion) return;
  const [next] = sectionSessions(section, now, new Date(now.getTime() + YEAR_MS));
  if (!next) return; // no session left to move
  const seats = await db
    .select({ booking: bookings, courseTitle: courses.title, learnerName: learners.firstName })
    .from(bookings)
    .innerJoin(courses, eq(courses.id, section.courseId))
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(and(eq(bookings.sectionId, section.id), eq(bookings.kind, "seat"), eq(bookings.status, "confirmed")));
  if (seats.length === 0) return;
  const teacher = await loadTeacher(db, section.teacherId);
  // Sessions changed on their own stay so in the moved series (those whose occurrence the new times removed lapse).
  const sessionChanges = (await loadSessionChanges(db, [section.id])).get(section.id) ?? [];
  const myCoursesUrl = MY_COURSES_URL();
  // Each family read once for the whole change (siblings share a parent), not once per message.
  const parents = await loadParents(
    db,
    seats.map(({ booking }) => booking),
  );
  for (const { booking, courseTitle, learnerName } of seats) {
    const parent = parents.get(booking.id)!;
    const content = sectionRescheduledEmail({
      readerName: parent.name,
      learnerName,
      courseTitle,
      nextWhen: formatInstantInZone(next.startsAt, parent.zone),
      schedule: describeSchedule(section, parent.zone, new Date(next.startsAt)),
      myCoursesUrl,
    });
    const invite = seatInvite(
      {
        bookingId: booking.id,
        startsAt: new Date(next.startsAt),
        endsAt: new Date(next.endsAt),
        learnerName,
        courseTitle,
        teacherName: teacher.name,
        parent,
        sessionChanges,
      },
      section,
      seatSequence(booking, section.scheduleVersion),
    );
    await enqueueEmail(db, `seat:${booking.id}:schedule:${section.scheduleVersion}:parent`, {
      ...content,
      invite,
      to: parent.email,
    });
  }
}

export const sectionChangeMail: Handler<Rescheduled> = {
  name: "section-change-mail",
  handle: (db, event) => enqueueSectionRescheduledMail(db, event),
};
