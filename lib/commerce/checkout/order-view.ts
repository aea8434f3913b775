import "server-only";

import { and, asc, desc, eq, isNull } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { joinOrderItemSeat } from "@/lib/platform/db/queries";
import { bookings, courses, learners, orderItems, orders, paymentIssues, sections } from "@/lib/platform/db/schema/index";
import { sectionFacts, sectionFactsLine } from "@/lib/scheduling/section-facts";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { isRefundable, refundDeadline } from "@/lib/commerce/refunds/refund-policy";

import { formatMoney } from "@/lib/commerce/wallet/money";
import { orderIdSchema } from "@/lib/commerce/schema";

export type OrderStatus = (typeof orders.$inferSelect)["status"];

export interface OrderView {
  id: string;
  status: OrderStatus;
  total: string;
  wallet: string;
  card: string;
  cardMinor: number;
  walletMinor: number;
  notice: string | null;
  items: Array<{
    courseTitle: string;
    courseSlug: string;
    learnerName: string;
    price: string;
    /** The seat's first session, in the viewer's zone (null once the seat is gone). */
    firstSession: string | null;
    /** What the price buys: dates, sessions, the price of one. */
    facts: string;
    /** Until when a withdrawal is refunded in full, in the viewer's zone; null: no longer (or no seat). */
    refundableUntil: string | null;
  }>;
}

/** One of the parent's own orders (ownership in the where), or null for anyone else's or none; times in `zone`. */
export async function findOwnOrder(userId: number, orderId: string, zone: string, now = new Date()): Promise<OrderView | null> {
  if (!orderIdSchema.safeParse(orderId).success) return null;
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  const items = await joinOrderItemSeat(
    db
      .select({
        courseTitle: courses.title,
        courseSlug: courses.slug,
        learnerName: learners.firstName,
        priceMinor: orderItems.priceMinor,
        section: sections,
        seatStartsAt: bookings.startsAt,
        seatStatus: bookings.status,
      })
      .from(orderItems)
      .leftJoin(bookings, eq(bookings.id, orderItems.bookingId))
      .$dynamic(),
  )
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  return {
    id: order.id,
    status: order.status,
    total: formatMoney(order.totalMinor, order.currency),
    wallet: formatMoney(order.walletMinor, order.currency),
    card: formatMoney(order.cardMinor, order.currency),
    cardMinor: order.cardMinor,
    walletMinor: order.walletMinor,
    notice: order.notice,
    items: items.map(({ priceMinor, section, seatStartsAt, seatStatus, ...item }) => {
      const live = seatStartsAt !== null && (seatStatus === "held" || seatStatus === "confirmed");
      return {
        ...item,
        price: formatMoney(priceMinor, order.currency),
        firstSession: live ? formatInstantInZone(seatStartsAt, zone) : null,
        facts: sectionFactsLine(sectionFacts(section, now), section.currency),
        refundableUntil: live && isRefundable(seatStartsAt, now) ? formatInstantInZone(refundDeadline(seatStartsAt), zone) : null,
      };
    }),
  };
}

/** Open payment issues (mismatched amounts, failed refunds), newest first: for admins. */
export async function listOpenPaymentIssues(actor: Actor | null | undefined, limit = 100) {
  authorize(actor, "orders.manage");
  const db = await getDb();
  return db
    .select({
      id: paymentIssues.id,
      orderId: paymentIssues.orderId,
      topUpId: paymentIssues.topUpId,
      giftId: paymentIssues.giftId,
      kind: paymentIssues.kind,
      stripeEventId: paymentIssues.stripeEventId,
      details: paymentIssues.details,
      createdAt: paymentIssues.createdAt,
    })
    .from(paymentIssues)
    .where(isNull(paymentIssues.resolvedAt))
    .orderBy(desc(paymentIssues.createdAt))
    .limit(limit);
}
