import "server-only";

import type { Tx } from "@/lib/commerce/ledger";
import { registerSectionClosedListener, type SectionClosed } from "@/lib/commerce/seat-listeners";
import { enqueueEmail } from "@/lib/notifications/email";
import { teacherSectionClosedEmail } from "@/lib/notifications/messages/teacher-section-closed";
import { brand } from "@/lib/platform/brand";
import { deliverOutboxSoon } from "@/lib/platform/outbox/worker";

import { loadTeachers } from "./booking-mail";
import { describeSchedule, loadSeats } from "./seat-invite";

/**
 * A section was closed with its learners withdrawn: its teacher hears once, with who left, unless
 * they closed it themselves (they saw the numbers when they confirmed). The families hear through
 * the refund's and the cancellation's messages. Keyed by the section and its first withdrawn seat,
 * so a section closed, reopened and closed again tells of each closing.
 */
export async function enqueueSectionClosedMail(tx: Tx, closed: SectionClosed): Promise<void> {
  const seats = await loadSeats(tx, closed.bookingIds);
  const [first] = seats;
  if (!first || first.section.teacherId === closed.closedById) return;
  const { section, courseTitle } = first;
  if (section.status !== "closed" && section.status !== "draft") return;
  const teacher = (await loadTeachers(tx, [section.teacherId])).get(section.teacherId)!;
  const content = teacherSectionClosedEmail({
    readerName: teacher.name,
    courseTitle,
    schedule: describeSchedule(section),
    status: section.status,
    learners: seats.map((seat) => ({ firstName: seat.learnerName, grade: seat.grade })),
    dashboardUrl: `${brand.siteUrl}/teacher/dashboard`,
  });
  const firstSeat = [...closed.bookingIds].sort()[0];
  await enqueueEmail(tx, `section:${section.id}:closed:${firstSeat}:teacher`, { ...content, to: teacher.email });
  deliverOutboxSoon();
}

export function registerSectionCloseMail(): void {
  registerSectionClosedListener("email", enqueueSectionClosedMail);
}
