import "server-only";

import type { Tx } from "@/lib/commerce/ledger";
import { registerSeatListener } from "@/lib/commerce/seat-listeners";
import { enqueueEmail } from "@/lib/notifications/email";
import { enrolmentConfirmedEmail } from "@/lib/notifications/messages/enrolment-confirmed";
import { teacherNewLearnerEmail } from "@/lib/notifications/messages/teacher-new-learner";
import { brand } from "@/lib/platform/brand";
import { deliverOutboxSoon } from "@/lib/platform/outbox/worker";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadParents, loadTeachers } from "./booking-mail";
import { describeSchedule, inviteOfSeat, loadSeats, MY_COURSES_URL } from "./seat-invite";

/**
 * The messages of a confirmed seat, in the confirming transaction: to the parent, "enrolled" with
 * the section's recurring invite (UID per seat); to the teacher, "a new learner" (first name and
 * grade only). Keyed by the seat, so a seat confirmed twice is still one message each.
 */
export async function enqueueEnrolmentMail(tx: Tx, bookingIds: string[]): Promise<void> {
  const seats = await loadSeats(tx, bookingIds);
  const myCoursesUrl = MY_COURSES_URL();
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
  for (const seat of confirmed) {
    const { booking, section, courseTitle, learnerName, grade } = seat;
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
    const invite = inviteOfSeat(seat, parent, teacher.name, 0);
    await enqueueEmail(tx, `seat:${booking.id}:confirmed:parent`, {
      ...content,
      invite,
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
