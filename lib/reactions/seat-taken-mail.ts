import "server-only";

import { asc, eq } from "drizzle-orm";

import type { orderSeatTaken } from "@/lib/commerce/events";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { enqueueEmail } from "@/lib/notifications/email";
import { lateSeatTakenEmail } from "@/lib/notifications/messages/late-seat-taken";
import { brand, brandLabels, brandRoutes } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { courses, learners, orderItems, orders, sections, users } from "@/lib/platform/db/schema";
import type { EventPayload } from "@/lib/platform/events/events";
import type { Handler } from "@/lib/platform/events/reactions";

type OrderSeatTaken = EventPayload<typeof orderSeatTaken>;

/**
 * The parent's email when their card payment came after the order's seat was taken
 * (order.seat-taken): nobody enrolled, and where the money went, as they chose at checkout.
 * Rendered at delivery from the order as it is then (given back: refunded), keyed by the order, so
 * it is queued once however often the event is delivered.
 */
export async function enqueueSeatTakenMail(db: Database, { orderId }: OrderSeatTaken): Promise<void> {
  const [row] = await db
    .select({ order: orders, email: users.email, name: users.displayName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (row?.order.status !== "refunded") return;
  const { order } = row;
  const seats = await db
    .select({ learnerName: learners.firstName, courseTitle: courses.title })
    .from(orderItems)
    .innerJoin(learners, eq(learners.id, orderItems.learnerId))
    .innerJoin(sections, eq(sections.id, orderItems.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const content = lateSeatTakenEmail({
    readerName: row.name,
    seats,
    card: formatMoney(order.cardMinor, order.currency),
    wallet: order.walletMinor > 0 ? formatMoney(order.walletMinor, order.currency) : null,
    cardTo: order.lateRefundTo,
    cashLabel: brandLabels.cash,
    walletUrl: `${brand.siteUrl}${brandRoutes.wallet}`,
  });
  await enqueueEmail(db, `order:${order.id}:seat-taken`, { ...content, to: row.email });
}

export const seatTakenMail: Handler<OrderSeatTaken> = { name: "seat-taken-mail", handle: enqueueSeatTakenMail };
