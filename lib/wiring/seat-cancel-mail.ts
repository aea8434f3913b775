import "server-only";

import { eq, inArray } from "drizzle-orm";

import type { Tx } from "@/lib/commerce/ledger";
import { registerSeatCancelledListener, type SeatsCancelled } from "@/lib/commerce/seat-listeners";
import { nextSession } from "@/lib/commerce/seats";
import { enqueueEmail } from "@/lib/notifications/email";
import { seatCancelledEmail } from "@/lib/notifications/messages/seat-cancelled";
import { teacherLearnerWithdrawnEmail } from "@/lib/notifications/messages/teacher-learner-withdrawn";
import { brand } from "@/lib/platform/brand";
import { bookings, courses, learners, sections } from "@/lib/platform/db/schema";
import { deliverOutboxSoon } from "@/lib/platform/outbox/worker";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadParent, loadTeacher } from "./booking-mail";
import { cancelSequence, describeSchedule, MY_COURSES_URL, seatInvite } from "./seat-invite";

/**
 * Whether the refund's own message ("refund done") carries the family's calendar cancellation: when
 * it tells of exactly this one seat. A refund of several seats at once says so in one message, and
 * each seat's cancellation goes in a message of its own (one calendar invite per message, one UID each).
 */
export function refundCarriesCancellation(cancelled: SeatsCancelled): boolean {
  return cancelled.bookingIds.length === 1 && cancelled.refundIds.length === 1;
}

/** The seats with what their messages say, read in the cancelling transaction. */
export async function loadCancelledSeats(tx: Tx, bookingIds: string[]) {
  return tx
    .select({ booking: bookings, section: sections, courseTitle: courses.title, learnerName: learners.firstName, grade: learners.grade })
    .from(bookings)
    .innerJoin(sections, eq(sections.id, bookings.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(inArray(bookings.id, bookingIds));
}

/** The METHOD:CANCEL of a cancelled seat's series, to its parent (same UID as the enrolment's, higher SEQUENCE). */
export async function seatCancelInvite(tx: Tx, seat: Awaited<ReturnType<typeof loadCancelledSeats>>[number]) {
  const { booking, section, courseTitle, learnerName } = seat;
  const parent = await loadParent(tx, booking);
  const teacher = await loadTeacher(tx, section.teacherId);
  const invite = seatInvite(
    {
      bookingId: booking.id,
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      learnerName,
      courseTitle,
      teacherName: teacher.name,
      parent,
    },
    section,
    cancelSequence(section),
    "CANCEL",
  );
  return { parent, invite };
}

/**
 * A confirmed seat was cancelled, whoever cancelled it: the teacher hears "a learner left" (first
 * name and grade, the section, its next session in their zone), and the family's calendar series is
 * cancelled, in the refund's message when it carries it, else in a message of its own. Keyed by the
 * seat: one message per reader however often the announcement is repeated.
 */
export async function enqueueSeatCancelledMail(tx: Tx, cancelled: SeatsCancelled, now = new Date()): Promise<void> {
  const seats = await loadCancelledSeats(tx, cancelled.bookingIds);
  const parentHearsInRefund = refundCarriesCancellation(cancelled);
  for (const seat of seats) {
    const { booking, section, courseTitle, learnerName, grade } = seat;
    if (booking.kind !== "seat" || booking.status !== "cancelled") continue;
    const teacher = await loadTeacher(tx, section.teacherId);
    const next = nextSession(section, now);
    const toTeacher = teacherLearnerWithdrawnEmail({
      readerName: teacher.name,
      learnerFirstName: learnerName,
      grade,
      courseTitle,
      schedule: describeSchedule(section),
      nextWhen: next ? formatInstantInZone(new Date(next.startsAt), teacher.zone) : null,
      dashboardUrl: `${brand.siteUrl}/teacher/dashboard`,
    });
    await enqueueEmail(tx, `seat:${booking.id}:cancelled:teacher`, { ...toTeacher, to: teacher.email });
    if (parentHearsInRefund) continue;
    const { parent, invite } = await seatCancelInvite(tx, seat);
    const toParent = seatCancelledEmail({ readerName: parent.name, learnerName, courseTitle, myCoursesUrl: MY_COURSES_URL() });
    await enqueueEmail(tx, `seat:${booking.id}:cancelled:parent`, { ...toParent, invite, to: parent.email });
  }
  // Delivered after the answer is sent (by then the transaction has committed); the timer catches the rest.
  if (seats.length > 0) deliverOutboxSoon();
}

/** Every cancelled seat, whichever commerce path cancels it, queues its messages in its own transaction. */
export function registerSeatCancelMail(): void {
  registerSeatCancelledListener("email", (tx, cancelled) => enqueueSeatCancelledMail(tx, cancelled));
}
