import "server-only";

import { enqueueDeferredEmails, type EmailRenderer } from "@/lib/notifications/deferred-email";
import { enrolmentConfirmedEmail } from "@/lib/notifications/messages/enrolment-confirmed";
import { teacherNewLearnerEmail } from "@/lib/notifications/messages/teacher-new-learner";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import type { Handler } from "@/lib/platform/events/reactions";
import { loadSessionChanges } from "@/lib/scheduling/session-changes";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadParent, loadTeacher } from "./booking-mail";
import { describeSchedule, inviteOfSeat, loadSeats, MY_COURSES_URL } from "./seat-invite";

/** The deferred emails' kinds (lib/notifications/deferred-email.ts) of a confirmed seat; the ref is the seat's booking id. */
const TO_PARENT = "seat.confirmed.parent";
const TO_TEACHER = "seat.confirmed.teacher";

/**
 * A confirmed seat's messages (seat.confirmed): which messages, about which seat, in one insert and
 * no read. Keyed by the seat, so a seat confirmed twice, or its event delivered twice, is still one
 * message each. They are rendered when they are sent (below), from the seat as it is then.
 */
export async function enqueueEnrolmentMail(db: Pick<Database, "insert">, bookingIds: string[]): Promise<void> {
  const seats = [...new Set(bookingIds)];
  await enqueueDeferredEmails(
    db,
    seats.flatMap((id) => [
      { key: `seat:${id}:confirmed:parent`, kind: TO_PARENT, ref: id },
      { key: `seat:${id}:confirmed:teacher`, kind: TO_TEACHER, ref: id },
    ]),
  );
}

export const enrolmentMail: Handler<{ bookingIds: string[] }> = {
  name: "enrolment-mail",
  handle: (db, { bookingIds }) => enqueueEnrolmentMail(db, bookingIds),
};

/**
 * The seat as it is at delivery, while it is still a confirmed seat. A seat withdrawn (or its family
 * deleted) before its messages went gets none: the family and the teacher hear only of the
 * withdrawal, whose calendar CANCEL is harmless to a calendar that never had the series.
 */
async function confirmedSeat(db: Database, bookingId: string) {
  const [seat] = await loadSeats(db, [bookingId]);
  return seat?.booking.kind === "seat" && seat.booking.status === "confirmed" ? seat : null;
}

/** To the parent: "enrolled", with the section's recurring invite (UID per seat, SEQUENCE 0: any later change of times is above it). */
const renderToParent: EmailRenderer = async (db, bookingId) => {
  const seat = await confirmedSeat(db, bookingId);
  if (!seat) return null;
  const { booking, section, courseTitle, learnerName } = seat;
  const parent = await loadParent(db, booking);
  const teacher = await loadTeacher(db, section.teacherId);
  const content = enrolmentConfirmedEmail({
    readerName: parent.name,
    learnerName,
    courseTitle,
    teacherName: teacher.name ?? "your teacher",
    firstWhen: formatInstantInZone(booking.startsAt, parent.zone),
    schedule: describeSchedule(section, parent.zone, booking.startsAt),
    myCoursesUrl: MY_COURSES_URL(),
  });
  // The series as it is: sessions already moved or cancelled are overridden in it (issue 27). Its
  // SEQUENCE is 0 (a new UID), the overrides' too: this calendar never had another version.
  const changes = (await loadSessionChanges(db, [section.id])).get(section.id) ?? [];
  return {
    ...content,
    invite: inviteOfSeat(seat, parent, teacher.name, seat.booking.inviteSequence, "REQUEST", changes),
    to: parent.email,
  };
};

/** To the teacher: "a new learner", first name and grade only. */
const renderToTeacher: EmailRenderer = async (db, bookingId) => {
  const seat = await confirmedSeat(db, bookingId);
  if (!seat) return null;
  const { booking, section, courseTitle, learnerName, grade } = seat;
  const teacher = await loadTeacher(db, section.teacherId);
  const content = teacherNewLearnerEmail({
    readerName: teacher.name,
    learnerFirstName: learnerName,
    grade,
    courseTitle,
    firstWhen: formatInstantInZone(booking.startsAt, teacher.zone),
    dashboardUrl: `${brand.siteUrl}/teacher/dashboard`,
  });
  return { ...content, to: teacher.email };
};

/** What the deferred email sender renders these kinds with (lib/reactions/mail-renderers.ts). */
export const enrolmentMailRenderers: Readonly<Record<string, EmailRenderer>> = {
  [TO_PARENT]: renderToParent,
  [TO_TEACHER]: renderToTeacher,
};
