import "server-only";

import type { seatsCancelled } from "@/lib/commerce/events";
import { nextSession } from "@/lib/commerce/seats/seats";
import { enqueueEmail } from "@/lib/notifications/email";
import { seatCancelledEmail } from "@/lib/notifications/messages/seat-cancelled";
import { teacherLearnerWithdrawnEmail } from "@/lib/notifications/messages/teacher-learner-withdrawn";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import type { EventPayload } from "@/lib/platform/events/events";
import type { Handler } from "@/lib/platform/events/reactions";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadParents, loadTeachers } from "./booking-mail";
import { cancelSequence, describeSchedule, inviteOfSeat, loadSeats, MY_COURSES_URL, type SeatRow } from "./seat-invite";

type SeatsCancelled = EventPayload<typeof seatsCancelled>;

/**
 * Whether the refund's own message ("refund done") carries the family's calendar cancellation: when
 * it tells of exactly this one seat. A refund of several seats at once says so in one message, and
 * each seat's cancellation goes in a message of its own (one calendar invite per message, one UID each).
 */
export function refundCarriesCancellation(cancelled: Pick<SeatsCancelled, "bookingIds" | "refundIds">): boolean {
  return cancelled.bookingIds.length === 1 && cancelled.refundIds.length === 1;
}

/** The METHOD:CANCEL of a cancelled seat's series, to its parent (same UID as the enrolment's, higher SEQUENCE). */
export function seatCancelInvite(seat: SeatRow, parent: { email: string; name: string | null }, teacherName: string | null) {
  return inviteOfSeat(seat, parent, teacherName, cancelSequence(seat.section, seat.booking), "CANCEL");
}

/**
 * The seats among these that are cancelled now (at delivery: a seat no longer cancelled is told of
 * no more), with their parents and teachers read once for them all.
 */
export async function loadCancelledSeats(db: Database, bookingIds: string[]) {
  const seats = (await loadSeats(db, bookingIds)).filter(({ booking }) => booking.kind === "seat" && booking.status === "cancelled");
  const parents = await loadParents(
    db,
    seats.map(({ booking }) => booking),
  );
  const teachers = await loadTeachers(
    db,
    seats.map(({ section }) => section.teacherId),
  );
  return seats.map((seat) => ({ seat, parent: parents.get(seat.booking.id)!, teacher: teachers.get(seat.section.teacherId)! }));
}

/**
 * A confirmed seat was cancelled, whoever cancelled it (seat.cancelled): the teacher hears "a
 * learner left" (first name and grade, the section, its next session in their zone), and the
 * family's calendar series is cancelled, in the refund's message when it carries it, else in a
 * message of its own. Rendered at delivery from the seats as they are then; keyed by the seat: one
 * message per reader however often the event is delivered. When the section itself was closed, its
 * teacher hears once for the whole section instead (section-close-mail.ts).
 */
export async function enqueueSeatCancelledMail(db: Database, cancelled: SeatsCancelled, now = new Date()): Promise<void> {
  const seats = await loadCancelledSeats(db, cancelled.bookingIds);
  const parentHearsInRefund = refundCarriesCancellation(cancelled);
  for (const { seat, parent, teacher } of seats) {
    const { booking, section, courseTitle, learnerName, grade } = seat;
    if (!cancelled.sectionClosed) {
      const next = nextSession(section, now);
      const toTeacher = teacherLearnerWithdrawnEmail({
        readerName: teacher.name,
        learnerFirstName: learnerName,
        grade,
        courseTitle,
        schedule: describeSchedule(section, teacher.zone),
        nextWhen: next ? formatInstantInZone(new Date(next.startsAt), teacher.zone) : null,
        dashboardUrl: `${brand.siteUrl}/teacher/dashboard`,
      });
      await enqueueEmail(db, `seat:${booking.id}:cancelled:teacher`, { ...toTeacher, to: teacher.email });
    }
    if (parentHearsInRefund) continue;
    const invite = seatCancelInvite(seat, parent, teacher.name);
    const toParent = seatCancelledEmail({ readerName: parent.name, learnerName, courseTitle, myCoursesUrl: MY_COURSES_URL() });
    await enqueueEmail(db, `seat:${booking.id}:cancelled:parent`, { ...toParent, invite, to: parent.email });
  }
}

export const seatCancelMail: Handler<SeatsCancelled> = {
  name: "seat-cancel-mail",
  handle: (db, cancelled) => enqueueSeatCancelledMail(db, cancelled),
};
