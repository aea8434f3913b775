import "server-only";

import { and, asc, eq, inArray } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { joinOrderItemSeat, joinSeatBooking } from "@/lib/platform/db/queries";
import { bookings, courses, learners, orderItems, orders, sections } from "@/lib/platform/db/schema";
import { withSessionChanges } from "@/lib/scheduling/session-changes";
import { nextSessionWithChanges, type SessionChange } from "@/lib/scheduling/session-overrides";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { weeklyTimesLabel } from "@/lib/scheduling/weekly-times";

import { isRefundable, refundDeadline } from "./refunds/refund-policy";
import { previewWithdrawalRefund, refundWindowStart } from "./refunds/refunds";
import { transferTargets, type TransferTarget } from "./transfers/options";

const WEEK_MS = 7 * 86_400_000;

export interface EnrolmentView {
  /** The order item: what a withdrawal names. */
  orderItemId: number;
  /** The seat (booking): what "Message the teacher" names (issue 28). */
  bookingId: string;
  courseTitle: string;
  courseSlug: string;
  learnerName: string;
  /** Weekly times in the viewer's zone, with its name. */
  schedule: string;
  nextSession: string | null;
  /** Sessions of this seat moved or cancelled on their own, still to come or just past, in the viewer's zone (issue 27). */
  sessionChanges: string[];
  /** Whether a withdrawal now is refunded, and until when (viewer's zone). */
  canWithdraw: boolean;
  refundableUntil: string;
  /** While canWithdraw: what a withdrawal now refunds and where it goes, for its confirmation. */
  refundPreview: string | null;
  /** Other sections of the course with a free seat, to move this seat to (issue 27), in the viewer's zone. */
  moveTargets: TransferTarget[];
}

/** A section's weekly times, from one week of its sessions, as a reader in `zone` sees them. */
function scheduleOf(section: typeof sections.$inferSelect, zone: string, from: Date): string {
  const week = sectionSessions(section, from, new Date(from.getTime() + WEEK_MS)).map((s) => s.startsAt);
  return week.length > 0 ? weeklyTimesLabel(week, zone) : "No sessions left";
}

/** How a family reads one changed session of their seat, in their zone: "Cancelled: …; make-up: …", "Moved: … to …". */
function describeChange(change: SessionChange, zone: string): string {
  const was = formatInstantInZone(change.originalStartsAt, zone);
  if (change.kind === "moved" && change.startsAt)
    return `Moved: the session of ${was} is now ${formatInstantInZone(change.startsAt, zone)}`;
  if (change.makeupStartsAt)
    return `Cancelled: the session of ${was}. Make-up session: ${formatInstantInZone(change.makeupStartsAt, zone)}`;
  return `Cancelled: the session of ${was}. A make-up session or a credit to your Cash follows.`;
}

/** The changes a family still needs to know of: the seat's, whose session (regular, moved or make-up) is not more than a day past. */
function changesToShow(changes: readonly SessionChange[], firstStartsAt: Date, now: Date): SessionChange[] {
  const since = now.getTime() - 86_400_000;
  return changes
    .filter((c) => Date.parse(c.originalStartsAt) >= firstStartsAt.getTime())
    .filter((c) => Math.max(Date.parse(c.originalStartsAt), Date.parse(c.startsAt ?? c.makeupStartsAt ?? c.originalStartsAt)) >= since)
    .sort((a, b) => a.originalStartsAt.localeCompare(b.originalStartsAt));
}

/** The parent's live enrolments (confirmed seats of their paid orders), ownership in the where. */
export async function listEnrolments(userId: number, zone: string, now = new Date()): Promise<EnrolmentView[]> {
  const db = await getDb();
  const rows = await joinOrderItemSeat(
    db
      .select({
        orderItemId: orderItems.id,
        bookingId: bookings.id,
        courseTitle: courses.title,
        courseSlug: courses.slug,
        learnerName: learners.firstName,
        section: sections,
        firstStartsAt: bookings.startsAt,
        refundFrom: refundWindowStart(),
        order: orders,
        priceMinor: orderItems.priceMinor,
      })
      .from(orderItems)
      .$dynamic(),
  )
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(and(eq(orders.userId, userId), eq(orders.status, "paid"), eq(bookings.status, "confirmed")))
    .orderBy(asc(bookings.startsAt), asc(orderItems.id));
  const sectionsWithChanges = new Map(
    (
      await withSessionChanges(
        db,
        rows.map((row) => row.section),
      )
    ).map((section) => [section.id, section]),
  );
  const targets = await transferTargets(
    db,
    rows.map((row) => ({
      orderItemId: row.orderItemId,
      sectionId: row.section.id,
      courseId: row.section.courseId,
      priceMinor: row.priceMinor,
    })),
    zone,
    now,
  );
  const views: EnrolmentView[] = [];
  for (const row of rows) {
    const section = sectionsWithChanges.get(row.section.id) ?? { ...row.section, sessionChanges: [] };
    const next = nextSessionWithChanges(section, now, new Date(now.getTime() + 366 * 86_400_000));
    const from = next ? new Date(next.startsAt) : now;
    const refundFrom = row.refundFrom ?? row.firstStartsAt;
    const canWithdraw = isRefundable(refundFrom, now);
    views.push({
      orderItemId: row.orderItemId,
      bookingId: row.bookingId,
      courseTitle: row.courseTitle,
      courseSlug: row.courseSlug,
      learnerName: row.learnerName,
      schedule: scheduleOf(row.section, zone, from),
      nextSession: next ? formatInstantInZone(next.startsAt, zone) : null,
      sessionChanges: changesToShow(section.sessionChanges, row.firstStartsAt, now).map((c) => describeChange(c, zone)),
      canWithdraw,
      refundableUntil: formatInstantInZone(refundDeadline(refundFrom), zone),
      refundPreview: canWithdraw ? await previewWithdrawalRefund(row.order, row.priceMinor) : null,
      moveTargets: next ? (targets.get(row.orderItemId) ?? []) : [],
    });
  }
  return views;
}

export interface RosterLearner {
  firstName: string;
  grade: number;
}

/**
 * Who is enrolled in each of these sections: first name and grade only (a teacher sees no parent,
 * no surname). A teacher gets only their own sections (in the where); an admin any.
 */
export async function sectionRosters(actor: Actor | null | undefined, sectionIds: number[]): Promise<Map<number, RosterLearner[]>> {
  authorize(actor, "sections.manage");
  const rosters = new Map<number, RosterLearner[]>(sectionIds.map((id) => [id, []]));
  if (sectionIds.length === 0) return rosters;
  const db = await getDb();
  const rows = await joinSeatBooking(
    db.select({ sectionId: bookings.sectionId, firstName: learners.firstName, grade: learners.grade }).from(bookings).$dynamic(),
  )
    .where(
      and(
        eq(bookings.kind, "seat"),
        inArray(bookings.status, ["confirmed", "attended", "no_show"]),
        inArray(bookings.sectionId, sectionIds),
        actor.role === "admin" ? undefined : eq(sections.teacherId, actor.id),
      ),
    )
    .orderBy(asc(learners.firstName), asc(learners.id));
  for (const row of rows) rosters.get(row.sectionId ?? 0)?.push({ firstName: row.firstName, grade: row.grade });
  return rosters;
}
