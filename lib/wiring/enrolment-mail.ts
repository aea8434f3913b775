import "server-only";

import { eq, inArray } from "drizzle-orm";
import { DateTime } from "luxon";

import type { Tx } from "@/lib/commerce/ledger";
import { registerSeatListener } from "@/lib/commerce/seat-listeners";
import { bookingUid, recurringCalendarInvite } from "@/lib/notifications/calendar";
import { enqueueEmail } from "@/lib/notifications/email";
import { enrolmentConfirmedEmail } from "@/lib/notifications/messages/enrolment-confirmed";
import { teacherNewLearnerEmail } from "@/lib/notifications/messages/teacher-new-learner";
import { mailFrom } from "@/lib/notifications/sender-address";
import { brand } from "@/lib/platform/brand";
import { bookings, courses, learners, sections } from "@/lib/platform/db/schema";
import { deliverOutboxSoon } from "@/lib/platform/outbox/worker";
import { parseWeeklyRule } from "@/lib/scheduling/sessions";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadParents, loadTeachers } from "./booking-mail";

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** "Weekly on Tuesday and Thursday at 4:00 PM (Europe/London)": the section's pattern in its own zone. */
export function describeSchedule(section: { rrule: string; startMinute: number; timezone: string }): string {
  const byDay = parseWeeklyRule(section.rrule).byweekday;
  const days = (Array.isArray(byDay) ? byDay : byDay === null || byDay === undefined ? [] : [byDay]).map((day) =>
    typeof day === "number" ? WEEKDAY_NAMES[day] : WEEKDAY_NAMES[(day as { weekday: number }).weekday],
  );
  const time = DateTime.fromObject({ hour: Math.floor(section.startMinute / 60), minute: section.startMinute % 60 }).toFormat("h:mm a");
  const list = days.length > 1 ? `${days.slice(0, -1).join(", ")} and ${days.at(-1)}` : (days[0] ?? "");
  return `Weekly${list ? ` on ${list}` : ""} at ${time} (${section.timezone})`;
}

/**
 * The messages of a confirmed seat, in the confirming transaction: to the parent, "enrolled" with
 * the section's recurring invite (UID per seat); to the teacher, "a new learner" (first name and
 * grade only). Keyed by the seat, so a seat confirmed twice is still one message each.
 */
export async function enqueueEnrolmentMail(tx: Tx, bookingIds: string[]): Promise<void> {
  const seats = await tx
    .select({ booking: bookings, section: sections, courseTitle: courses.title, learnerName: learners.firstName, grade: learners.grade })
    .from(bookings)
    .innerJoin(sections, eq(sections.id, bookings.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(inArray(bookings.id, bookingIds));
  const organizer = mailFrom();
  const myCoursesUrl = `${brand.siteUrl}/my-courses`;
  const confirmed = seats.filter(({ booking }) => booking.kind === "seat" && booking.status === "confirmed");
  // Each family and teacher read once for the whole announcement (an order may confirm several children).
  const parents = await loadParents(
    tx,
    confirmed.map(({ booking }) => booking),
  );
  const teachers = await loadTeachers(
    tx,
    confirmed.map(({ section }) => section.teacherId),
  );
  for (const { booking, section, courseTitle, learnerName, grade } of confirmed) {
    const parent = parents.get(booking.id)!;
    const teacher = teachers.get(section.teacherId)!;
    const schedule = describeSchedule(section);
    const content = enrolmentConfirmedEmail({
      readerName: parent.name,
      learnerName,
      courseTitle,
      teacherName: teacher.name ?? "your teacher",
      firstWhen: formatInstantInZone(booking.startsAt, parent.zone),
      schedule,
      myCoursesUrl,
    });
    const invite = recurringCalendarInvite({
      uid: bookingUid(booking.id),
      sequence: 0,
      title: `${courseTitle} (${learnerName})`,
      description: `${learnerName}'s weekly class with ${teacher.name ?? "the teacher"}. ${schedule}. Join from My courses: ${myCoursesUrl}`,
      url: myCoursesUrl,
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
      method: "REQUEST",
      organizer: { name: organizer.name, email: organizer.email },
      attendee: { email: parent.email, ...(parent.name ? { name: parent.name } : {}) },
      zone: section.timezone,
      rrule: section.rrule,
      lastDay: section.endsOn,
    });
    await enqueueEmail(tx, `seat:${booking.id}:confirmed:parent`, {
      ...content,
      invite: { method: "REQUEST", content: invite },
      to: parent.email,
    });
    const toTeacher = teacherNewLearnerEmail({
      readerName: teacher.name,
      learnerFirstName: learnerName,
      grade,
      courseTitle,
      firstWhen: formatInstantInZone(booking.startsAt, teacher.zone),
      dashboardUrl: `${brand.siteUrl}/teacher/dashboard`,
    });
    await enqueueEmail(tx, `seat:${booking.id}:confirmed:teacher`, { ...toTeacher, to: teacher.email });
  }
  // Delivered after the answer is sent (by then the transaction has committed); the timer catches the rest.
  if (confirmed.length > 0) deliverOutboxSoon();
}

/** Every confirmed seat, whichever commerce path confirms it, queues its messages in its own transaction. */
export function registerEnrolmentMail(): void {
  registerSeatListener("email", enqueueEnrolmentMail);
}
