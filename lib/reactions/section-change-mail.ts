import "server-only";

import { and, eq } from "drizzle-orm";

import { enqueueEmail } from "@/lib/notifications/email";
import { sectionRescheduledEmail } from "@/lib/notifications/messages/section-rescheduled";
import { bookings, courses, learners } from "@/lib/platform/db/schema";
import { deliverOutboxSoon } from "@/lib/platform/outbox/worker";
import type { SchedulingTransaction } from "@/lib/scheduling/bookings";
import { registerSectionRescheduledListener } from "@/lib/scheduling/section-listeners";
import type { SectionRow } from "@/lib/scheduling/sections";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadParents, loadTeacher } from "./booking-mail";
import { describeSchedule, MY_COURSES_URL, seatInvite } from "./seat-invite";

const YEAR_MS = 366 * 24 * 3_600_000;

/**
 * The teacher changed a section's times: every family with a confirmed seat gets one message with
 * the seat's invite again, same UID, SEQUENCE = the section's schedule version, so calendars move
 * the series instead of adding one. Keyed by seat and version: one message per change and family.
 */
export async function enqueueSectionRescheduledMail(tx: SchedulingTransaction, section: SectionRow, now = new Date()): Promise<void> {
  const [next] = sectionSessions(section, now, new Date(now.getTime() + YEAR_MS));
  if (!next) return; // no session left to move
  const seats = await tx
    .select({ booking: bookings, courseTitle: courses.title, learnerName: learners.firstName })
    .from(bookings)
    .innerJoin(courses, eq(courses.id, section.courseId))
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(and(eq(bookings.sectionId, section.id), eq(bookings.kind, "seat"), eq(bookings.status, "confirmed")));
  if (seats.length === 0) return;
  const teacher = await loadTeacher(tx, section.teacherId);
  const myCoursesUrl = MY_COURSES_URL();
  const schedule = describeSchedule(section);
  // Each family read once for the whole change (siblings share a parent), not once per message.
  const parents = await loadParents(
    tx,
    seats.map(({ booking }) => booking),
  );
  for (const { booking, courseTitle, learnerName } of seats) {
    const parent = parents.get(booking.id)!;
    const content = sectionRescheduledEmail({
      readerName: parent.name,
      learnerName,
      courseTitle,
      nextWhen: formatInstantInZone(next.startsAt, parent.zone),
      schedule,
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
      },
      section,
      section.scheduleVersion,
    );
    await enqueueEmail(tx, `seat:${booking.id}:schedule:${section.scheduleVersion}:parent`, {
      ...content,
      invite,
      to: parent.email,
    });
  }
  deliverOutboxSoon();
}

/** Every change of a section's times, from the teacher's or an admin's editor, tells the families booked into it. */
export function registerSectionChangeMail(): void {
  registerSectionRescheduledListener("email", (tx, section) => enqueueSectionRescheduledMail(tx, section));
}
