import "server-only";

import { and, eq, gt } from "drizzle-orm";

import { nextSession } from "@/lib/commerce/seats/seats";
import type { seatTransferred } from "@/lib/commerce/events";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { enqueueEmail } from "@/lib/notifications/email";
import { seatTransferredEmail } from "@/lib/notifications/messages/seat-transferred";
import { teacherLearnerWithdrawnEmail } from "@/lib/notifications/messages/teacher-learner-withdrawn";
import { teacherNewLearnerEmail } from "@/lib/notifications/messages/teacher-new-learner";
import { brand, brandLabels } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { sections, seatTransfers } from "@/lib/platform/db/schema";
import type { EventPayload } from "@/lib/platform/events/events";
import type { Handler } from "@/lib/platform/events/reactions";
import { seatSequence } from "@/lib/scheduling/seat-sequence";
import { loadSessionChanges } from "@/lib/scheduling/session-changes";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadParent, loadTeachers } from "./booking-mail";
import { describeSchedule, inviteOfSeat, loadSeats, MY_COURSES_URL } from "./seat-invite";

type Transferred = EventPayload<typeof seatTransferred>;

/**
 * seat.transferred: the family hears of the new times in its zone, with the seat's invite again
 * (same UID, the series now the new section's, SEQUENCE above anything sent for the seat, so a
 * calendar moves it in place); the old section's teacher hears a learner left, the new one's a
 * learner joined (first name and grade). Rendered at delivery: a seat moved again (or withdrawn)
 * since is left to that later event. Keyed by transfer: once however often delivered.
 */
export async function enqueueTransferMail(db: Database, { transferId }: Transferred, now = new Date()): Promise<void> {
  const [transfer] = await db.select().from(seatTransfers).where(eq(seatTransfers.id, transferId));
  if (!transfer) return;
  const [later] = await db
    .select({ id: seatTransfers.id })
    .from(seatTransfers)
    .where(and(eq(seatTransfers.bookingId, transfer.bookingId), gt(seatTransfers.id, transfer.id)))
    .limit(1);
  const [seat] = await loadSeats(db, [transfer.bookingId]);
  if (later || !seat || seat.booking.status !== "confirmed" || seat.booking.sectionId !== transfer.toSectionId) return;
  const { booking, section, courseTitle, learnerName, grade } = seat;
  const [from] = await db.select().from(sections).where(eq(sections.id, transfer.fromSectionId));
  const teachers = await loadTeachers(db, [section.teacherId, ...(from ? [from.teacherId] : [])]);
  const teacher = teachers.get(section.teacherId)!;
  const parent = await loadParent(db, booking);
  const money =
    transfer.differenceMinor > 0
      ? `${formatMoney(transfer.differenceMinor)} (the difference in price) was taken from your ${brandLabels.cash}.`
      : transfer.differenceMinor < 0
        ? `${formatMoney(-transfer.differenceMinor)} (the difference in price) was added to your ${brandLabels.cash}.`
        : null;
  const content = seatTransferredEmail({
    readerName: parent.name,
    learnerName,
    courseTitle,
    teacherName: teacher.name ?? "your teacher",
    firstWhen: formatInstantInZone(booking.startsAt, parent.zone),
    schedule: describeSchedule(section, parent.zone, booking.startsAt),
    money,
    myCoursesUrl: MY_COURSES_URL(),
  });
  const changes = (await loadSessionChanges(db, [section.id])).get(section.id) ?? [];
  const invite = inviteOfSeat(seat, parent, teacher.name, seatSequence(booking, section.scheduleVersion), "REQUEST", changes);
  await enqueueEmail(db, `seat:${booking.id}:transfer:${transfer.id}:parent`, { ...content, invite, to: parent.email });

  const dashboardUrl = `${brand.siteUrl}/teacher/dashboard`;
  const joined = teacherNewLearnerEmail({
    readerName: teacher.name,
    learnerFirstName: learnerName,
    grade,
    courseTitle,
    firstWhen: formatInstantInZone(booking.startsAt, teacher.zone),
    dashboardUrl,
  });
  await enqueueEmail(db, `seat:${booking.id}:transfer:${transfer.id}:teacher-in`, { ...joined, to: teacher.email });
  const oldTeacher = from ? teachers.get(from.teacherId) : undefined;
  if (from && oldTeacher) {
    const next = nextSession(from, now);
    const left = teacherLearnerWithdrawnEmail({
      readerName: oldTeacher.name,
      learnerFirstName: learnerName,
      grade,
      courseTitle,
      schedule: describeSchedule(from, oldTeacher.zone),
      nextWhen: next ? formatInstantInZone(new Date(next.startsAt), oldTeacher.zone) : null,
      dashboardUrl,
    });
    await enqueueEmail(db, `seat:${booking.id}:transfer:${transfer.id}:teacher-out`, { ...left, to: oldTeacher.email });
  }
}

export const transferMail: Handler<Transferred> = {
  name: "seat-transfer-mail",
  handle: (db, event) => enqueueTransferMail(db, event),
};
