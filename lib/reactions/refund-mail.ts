import "server-only";

import { asc, eq, inArray } from "drizzle-orm";

import type { refundMade } from "@/lib/commerce/events";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { enqueueEmail, type EmailPayload } from "@/lib/notifications/email";
import { refundDoneEmail } from "@/lib/notifications/messages/refund-done";
import { brand, brandLabels } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { joinOrderItemSeat } from "@/lib/platform/db/queries";
import { courses, learners, orderItems, orders, refunds, users } from "@/lib/platform/db/schema";
import type { EventPayload } from "@/lib/platform/events/events";
import type { Handler } from "@/lib/platform/events/reactions";

import { loadCancelledSeats, seatCancelInvite } from "./seat-cancel-mail";

type RefundMade = EventPayload<typeof refundMade>;

/**
 * A refund of one seat cancels that seat's calendar series in the same message (see
 * refundCarriesCancellation): the METHOD:CANCEL of its recurring invite, when the seat is cancelled.
 */
async function cancellationOf(db: Database, rows: Array<{ bookingId: string | null }>): Promise<{ invite?: EmailPayload["invite"] }> {
  const [only] = rows;
  if (rows.length !== 1 || !only?.bookingId) return {};
  const [cancelled] = await loadCancelledSeats(db, [only.bookingId]);
  if (!cancelled) return {};
  return { invite: seatCancelInvite(cancelled.seat, cancelled.parent, cancelled.teacher.name) };
}

/**
 * The "refund done" message to the parent (refund.made): one per refund (a withdrawal's one seat,
 * or every seat of an order an admin refunded), rendered at delivery from the refund rows, keyed by
 * its first refund row, so it is queued once however often the event is delivered.
 */
export async function enqueueRefundMail(db: Database, { refundIds, sectionClosed }: RefundMade): Promise<void> {
  const rows = await joinOrderItemSeat(
    db
      .select({
        id: refunds.id,
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
      .$dynamic(),
  )
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
    classCancelled: sectionClosed,
  });
  await enqueueEmail(db, `refund:${first.id}:parent`, { ...content, ...(await cancellationOf(db, rows)), to: first.parentEmail });
}

export const refundMail: Handler<RefundMade> = { name: "refund-mail", handle: enqueueRefundMail };
