import "server-only";

import { asc, eq, inArray } from "drizzle-orm";

import type { Tx } from "@/lib/commerce/ledger";
import { formatMoney } from "@/lib/commerce/money";
import { registerRefundListener } from "@/lib/commerce/refund-listeners";
import { SECTION_CLOSED_REASON } from "@/lib/commerce/section-close-schema";
import { enqueueEmail, type EmailPayload } from "@/lib/notifications/email";
import { refundDoneEmail } from "@/lib/notifications/messages/refund-done";
import { brand, brandLabels } from "@/lib/platform/brand";
import { courses, learners, orderItems, orders, refunds, sections, users } from "@/lib/platform/db/schema";
import { deliverOutboxSoon } from "@/lib/platform/outbox/worker";

import { loadCancelledSeats, seatCancelInvite } from "./seat-cancel-mail";

/**
 * A refund of one seat cancels that seat's calendar series in the same message (see
 * refundCarriesCancellation): the METHOD:CANCEL of its recurring invite, when the seat is cancelled.
 */
async function cancellationOf(tx: Tx, rows: Array<{ bookingId: string | null }>): Promise<{ invite?: EmailPayload["invite"] }> {
  const [only] = rows;
  if (rows.length !== 1 || !only?.bookingId) return {};
  const [cancelled] = await loadCancelledSeats(tx, [only.bookingId]);
  if (!cancelled) return {};
  return { invite: seatCancelInvite(cancelled.seat, cancelled.parent, cancelled.teacher.name) };
}

/**
 * The "refund done" message to the parent, in the refund's transaction: one per refund (a
 * withdrawal's one seat, or every seat of an order an admin refunded), keyed by its first refund
 * row, so it is queued once however often delivery is retried.
 */
export async function enqueueRefundMail(tx: Tx, refundIds: number[]): Promise<void> {
  const rows = await tx
    .select({
      id: refunds.id,
      reason: refunds.reason,
      bookingId: orderItems.bookingId,
      walletMinor: refunds.walletMinor,
      cardMinor: refunds.cardMinor,
      currency: refunds.currency,
      learnerName: learners.firstName,
      courseTitle: courses.title,
      parentEmail: users.email,
      parentName: users.displayName,
    })
    .from(refunds)
    .innerJoin(orderItems, eq(orderItems.id, refunds.orderItemId))
    .innerJoin(learners, eq(learners.id, orderItems.learnerId))
    .innerJoin(sections, eq(sections.id, orderItems.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(refunds.id, refundIds))
    .orderBy(asc(refunds.id));
  const [first] = rows;
  if (!first) return;
  const walletMinor = rows.reduce((sum, row) => sum + row.walletMinor, 0);
  const cardMinor = rows.reduce((sum, row) => sum + row.cardMinor, 0);
  const content = refundDoneEmail({
    readerName: first.parentName,
    seats: rows.map((row) => ({ learnerName: row.learnerName, courseTitle: row.courseTitle })),
    toWallet: walletMinor > 0 ? formatMoney(walletMinor, first.currency) : null,
    toCard: cardMinor > 0 ? formatMoney(cardMinor, first.currency) : null,
    walletLabel: brandLabels.cash,
    myCoursesUrl: `${brand.siteUrl}/my-courses`,
    classCancelled: rows.every((row) => row.reason === SECTION_CLOSED_REASON),
  });
  await enqueueEmail(tx, `refund:${first.id}:parent`, { ...content, ...(await cancellationOf(tx, rows)), to: first.parentEmail });
  // Delivered after the answer is sent (by then the transaction has committed); the timer catches the rest.
  deliverOutboxSoon();
}

/** Every refund, whichever commerce path makes it, queues the parent's message in its own transaction. */
export function registerRefundMail(): void {
  registerRefundListener("email", enqueueRefundMail);
}
