import "server-only";

import { and, eq } from "drizzle-orm";

import { bookingUid, recurringCalendarInvite } from "@/lib/notifications/calendar";
import { enqueueEmail } from "@/lib/notifications/email";
import { sectionRescheduledEmail } from "@/lib/notifications/messages/section-rescheduled";
import { mailFrom } from "@/lib/notifications/sender-address";
import { brand } from "@/lib/platform/brand";
import { bookings, courses, learners } from "@/lib/platform/db/schema";
import { deliverOutboxSoon } from "@/lib/platform/outbox/worker";
import type { SchedulingTransaction } from "@/lib/scheduling/bookings";
import { registerSectionRescheduledListener } from "@/lib/scheduling/section-listeners";
import type { SectionRow } from "@/lib/scheduling/sections";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadParents, loadTeacher } from "./booking-mail";
import { describeSchedule } from "./enrolment-mail";

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
  const organizer = mailFrom();
  const myCoursesUrl = `${brand.siteUrl}/my-courses`;
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
    const invite = recurringCalendarInvite({
      uid: bookingUid(booking.id),
      sequence: section.scheduleVersion,
      title: `${courseTitle} (${learnerName})`,
      description: `${learnerName}'s weekly class with ${teacher.name ?? "the teacher"}. ${schedule}. Join from My courses: ${myCoursesUrl}`,
      url: myCoursesUrl,
      startsAt: next.startsAt,
      endsAt: next.endsAt,
      method: "REQUEST",
      organizer: { name: organizer.name, email: organizer.email },
      attendee: { email: parent.email, ...(parent.name ? { name: parent.name } : {}) },
      zone: section.timezone,
      rrule: section.rrule,
      lastDay: section.endsOn,
    });
    await enqueueEmail(tx, `seat:${booking.id}:schedule:${section.scheduleVersion}:parent`, {
      ...content,
      invite: { method: "REQUEST", content: invite },
      to: parent.email,
    });
  }
  deliverOutboxSoon();
}

/** Every change of a section's times, from the teacher's or an admin's editor, tells the families booked into it. */
export function registerSectionChangeMail(): void {
  registerSectionRescheduledListener("email", (tx, section) => enqueueSectionRescheduledMail(tx, section));
}
