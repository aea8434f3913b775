import "server-only";

import type { sectionClosed } from "@/lib/commerce/events";
import { enqueueEmail } from "@/lib/notifications/email";
import { teacherSectionClosedEmail } from "@/lib/notifications/messages/teacher-section-closed";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import type { EventPayload } from "@/lib/platform/events/events";
import type { Handler } from "@/lib/platform/events/reactions";

import { loadTeachers } from "./booking-mail";
import { describeSchedule, loadSeats } from "./seat-invite";

type SectionClosed = EventPayload<typeof sectionClosed>;

/**
 * A section was closed with its learners withdrawn (section.closed): its teacher hears once, with
 * who left, unless they closed it themselves (they saw the numbers when they confirmed). The
 * families hear through the refund's and the cancellation's messages. Rendered at delivery: a
 * section open again by then is told of no more. Keyed by the section and its first withdrawn seat,
 * so a section closed, reopened and closed again tells of each closing.
 */
export async function enqueueSectionClosedMail(db: Database, closed: SectionClosed): Promise<void> {
  const seats = await loadSeats(db, closed.bookingIds);
  const [first] = seats;
  if (!first || first.section.teacherId === closed.closedById) return;
  const { section, courseTitle } = first;
  if (section.status !== "closed" && section.status !== "draft") return;
  const teacher = (await loadTeachers(db, [section.teacherId])).get(section.teacherId)!;
  const content = teacherSectionClosedEmail({
    readerName: teacher.name,
    courseTitle,
    schedule: describeSchedule(section, teacher.zone),
    status: section.status,
    learners: seats.map((seat) => ({ firstName: seat.learnerName, grade: seat.grade })),
    dashboardUrl: `${brand.siteUrl}/teacher/dashboard`,
  });
  const firstSeat = [...closed.bookingIds].sort()[0];
  await enqueueEmail(db, `section:${section.id}:closed:${firstSeat}:teacher`, { ...content, to: teacher.email });
}

export const sectionCloseMail: Handler<SectionClosed> = { name: "section-close-mail", handle: enqueueSectionClosedMail };
