import "server-only";

import { eq, inArray } from "drizzle-orm";

import { formatMoney } from "@/lib/commerce/wallet/money";

import { enqueueEmail } from "@/lib/notifications/email";
import { concernClosedEmail, teacherSuspendedEmail } from "@/lib/notifications/messages/concern-mail";
import { brand, brandLabels } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { concernReports, orderItems, refunds, users } from "@/lib/platform/db/schema";
import type { EventPayload } from "@/lib/platform/events/events";
import type { Handler } from "@/lib/platform/events/reactions";
import type { teacherSuspended } from "@/lib/safety/events";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { MY_COURSES_URL } from "./seat-invite";
import { loadCancelledSeats, seatCancelInvite } from "./seat-cancel-mail";

type TeacherSuspended = EventPayload<typeof teacherSuspended>;

/** concern.closed (issue 40): the reporter is told, once per concern and closing; nothing if it was reopened since or they deleted their account. */
async function enqueueConcernClosedMail(db: Database, { concernId }: { concernId: number }): Promise<void> {
  const [row] = await db
    .select({
      status: concernReports.status,
      closedAt: concernReports.closedAt,
      createdAt: concernReports.createdAt,
      subjectLabel: concernReports.subjectLabel,
      email: users.email,
      name: users.displayName,
      zone: users.timezone,
    })
    .from(concernReports)
    .innerJoin(users, eq(users.id, concernReports.reporterId))
    .where(eq(concernReports.id, concernId));
  if (!row || row.status !== "closed" || !row.closedAt) return;
  const content = concernClosedEmail({
    readerName: row.name,
    subjectLabel: row.subjectLabel,
    reportedOn: formatInstantInZone(row.createdAt.toISOString(), row.zone ?? "UTC"),
    supportUrl: `${brand.siteUrl}/contact`,
  });
  await enqueueEmail(db, `concern:${concernId}:closed:${row.closedAt.toISOString()}`, { ...content, to: row.email });
}

/**
 * teacher.suspended (issue 40): each family whose seat was withdrawn, once per seat and concern:
 * the class will not go on, the refund to Cash (from its refund row), and the series' calendar CANCEL.
 */
async function enqueueTeacherSuspendedMail(db: Database, { concernId, bookingIds, refundIds }: TeacherSuspended): Promise<void> {
  if (bookingIds.length === 0) return;
  const refunded = await db
    .select({ bookingId: orderItems.bookingId, walletMinor: refunds.walletMinor, currency: refunds.currency })
    .from(refunds)
    .innerJoin(orderItems, eq(orderItems.id, refunds.orderItemId))
    .where(inArray(refunds.id, refundIds.length > 0 ? refundIds : [0]));
  const refundOf = new Map(refunded.map((row) => [row.bookingId, row]));
  for (const { seat, parent, teacher } of await loadCancelledSeats(db, bookingIds)) {
    const refund = refundOf.get(seat.booking.id);
    const content = teacherSuspendedEmail({
      readerName: parent.name,
      teacherName: teacher.name ?? "Your teacher",
      courseTitle: seat.courseTitle,
      learnerName: seat.learnerName,
      refunded: formatMoney(refund?.walletMinor ?? 0, refund?.currency ?? seat.section.currency),
      cashLabel: brandLabels.cash,
      myCoursesUrl: MY_COURSES_URL(),
    });
    const invite = seatCancelInvite(seat, parent, teacher.name);
    await enqueueEmail(db, `seat:${seat.booking.id}:teacher-suspended:${concernId}:parent`, { ...content, invite, to: parent.email });
  }
}

export const concernClosedMail: Handler<{ concernId: number }> = {
  name: "concern-closed-mail",
  handle: (db, event) => enqueueConcernClosedMail(db, event),
};

export const teacherSuspendedMail: Handler<TeacherSuspended> = {
  name: "teacher-suspended-mail",
  handle: (db, event) => enqueueTeacherSuspendedMail(db, event),
};
