import "server-only";

import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { joinOrderItemSeat } from "@/lib/platform/db/queries";
import {
  courses,
  gifts,
  learners,
  orderItems,
  orders,
  paymentIssues,
  refunds,
  sections,
  topUps,
  users,
} from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { z } from "@/lib/platform/zod";

import { formatMoney } from "@/lib/commerce/wallet/money";
import { isValidTimeZone, startOfDayIn } from "@/lib/scheduling/time";

const ORDER_STATUSES = ["pending", "paid", "refunded", "expired", "flagged"] as const;
const day = z.iso.date().optional().catch(undefined);

/** The admin orders list's filters from the query string; anything unreadable is simply no filter. */
export const orderFiltersSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  course: z.coerce.number().int().positive().optional().catch(undefined),
  from: day,
  to: day,
});
export type OrderFilters = z.infer<typeof orderFiltersSchema> & {
  /** The admin's zone (one clock per person): from and to are days on their clock. UTC when not given. */
  zone?: string;
};

export function parseOrderFilters(query: Record<string, string | string[] | undefined>, zone?: string): OrderFilters {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;
  const filters = orderFiltersSchema.parse({
    status: one(query.status),
    course: one(query.course),
    from: one(query.from),
    to: one(query.to),
  });
  return zone ? { ...filters, zone } : filters;
}

/**
 * The instants of the filters' days, [from, to), on the admin's clock: from the first day's midnight
 * in their zone to the midnight after the last day (to is inclusive). Only what is listed follows the
 * zone; no money figure does.
 */
export function orderDateRange(filters: OrderFilters): { from: Date | null; to: Date | null } {
  const zone = filters.zone && isValidTimeZone(filters.zone) ? filters.zone : "UTC";
  return {
    from: filters.from ? startOfDayIn(filters.from, zone) : null,
    to: filters.to ? startOfDayIn(filters.to, zone, 1) : null,
  };
}

export interface AdminOrderRow {
  id: string;
  createdAt: Date;
  email: string;
  status: (typeof ORDER_STATUSES)[number];
  items: string;
  total: string;
  wallet: string;
  card: string;
  /** Whether part of it was paid by card (the refund dialog names where the money goes). */
  hasCardPart: boolean;
  refunded: string | null;
  canRefund: boolean;
}

/** Orders newest first with their seats and refunds, filtered by status, course and date range (the admin's days, to inclusive). */
export async function listOrdersForAdmin(actor: Actor | null | undefined, filters: OrderFilters, limit = 100): Promise<AdminOrderRow[]> {
  authorize(actor, "orders.manage");
  const db = await getDb();
  const range = orderDateRange(filters);
  const ofCourse = filters.course
    ? db
        .select({ id: orderItems.orderId })
        .from(orderItems)
        .innerJoin(sections, eq(sections.id, orderItems.sectionId))
        .where(eq(sections.courseId, filters.course))
    : null;
  const rows = await db
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        filters.status ? eq(orders.status, filters.status) : undefined,
        ofCourse ? inArray(orders.id, ofCourse) : undefined,
        range.from ? gte(orders.createdAt, range.from) : undefined,
        range.to ? lt(orders.createdAt, range.to) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  const ids = rows.map((r) => r.order.id);
  const items = ids.length
    ? await joinOrderItemSeat(
        db.select({ orderId: orderItems.orderId, title: courses.title, learner: learners.firstName }).from(orderItems).$dynamic(),
      )
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.id))
    : [];
  const refunded = ids.length
    ? await db
        .select({ orderId: refunds.orderId, total: sql<string>`sum(${refunds.walletMinor} + ${refunds.cardMinor})` })
        .from(refunds)
        .where(inArray(refunds.orderId, ids))
        .groupBy(refunds.orderId)
    : [];
  const refundedOf = new Map(refunded.map((r) => [r.orderId, Number(r.total)]));
  return rows.map(({ order, email }) => {
    const back = refundedOf.get(order.id);
    return {
      id: order.id,
      createdAt: order.createdAt,
      email,
      status: order.status,
      items: items
        .filter((i) => i.orderId === order.id)
        .map((i) => `${i.title} (${i.learner})`)
        .join(", "),
      total: formatMoney(order.totalMinor, order.currency),
      wallet: formatMoney(order.walletMinor, order.currency),
      card: formatMoney(order.cardMinor, order.currency),
      hasCardPart: order.cardMinor > 0,
      refunded: back !== undefined ? formatMoney(back, order.currency) : null,
      canRefund: order.status === "paid",
    };
  });
}

export interface AdminPurchaseRow {
  kind: "Gift" | "Top-up";
  id: string;
  createdAt: Date;
  /** The buyer; null once their account was deleted (the purchase stays on the books). */
  email: string | null;
  amount: string;
  paidBy: "Cash" | "card";
  status: string;
  /** A gift's fate: redeemed, frozen by a dispute, or waiting; never its code. */
  note: string | null;
}

/**
 * What was bought that is not seats: gifts (from Cash or by card) and card top-ups, newest first,
 * in the orders' date range (a status filter of orders has no say here, nor the course).
 */
export async function listPurchasesForAdmin(
  actor: Actor | null | undefined,
  filters: OrderFilters,
  limit = 100,
): Promise<AdminPurchaseRow[]> {
  authorize(actor, "orders.manage");
  const db = await getDb();
  const range = orderDateRange(filters);
  const inRange = (column: typeof gifts.createdAt | typeof topUps.createdAt) =>
    and(range.from ? gte(column, range.from) : undefined, range.to ? lt(column, range.to) : undefined);
  const [giftRows, topUpRows] = await Promise.all([
    db
      .select({ gift: gifts, email: users.email })
      .from(gifts)
      .leftJoin(users, eq(users.id, gifts.buyerId))
      .where(inRange(gifts.createdAt))
      .orderBy(desc(gifts.createdAt))
      .limit(limit),
    db
      .select({ topUp: topUps, email: users.email })
      .from(topUps)
      .innerJoin(users, eq(users.id, topUps.userId))
      .where(inRange(topUps.createdAt))
      .orderBy(desc(topUps.createdAt))
      .limit(limit),
  ]);
  const giftNote = (gift: typeof gifts.$inferSelect) =>
    gift.frozenAt
      ? "frozen (card payment disputed or reversed)"
      : gift.redeemedAt
        ? "redeemed"
        : gift.status === "paid"
          ? "not redeemed yet"
          : null;
  const rows: AdminPurchaseRow[] = [
    ...giftRows.map(({ gift, email }) => ({
      kind: "Gift" as const,
      id: gift.id,
      createdAt: gift.createdAt,
      email,
      amount: formatMoney(gift.amountMinor, gift.currency),
      paidBy: gift.paidBy === "card" ? ("card" as const) : ("Cash" as const),
      status: gift.status,
      note: giftNote(gift),
    })),
    ...topUpRows.map(({ topUp, email }) => ({
      kind: "Top-up" as const,
      id: topUp.id,
      createdAt: topUp.createdAt,
      email,
      amount: formatMoney(topUp.amountMinor, topUp.currency),
      paidBy: "card" as const,
      status: topUp.status,
      note: null,
    })),
  ];
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
}

/** Courses that have sections, for the course filter. */
export async function listCoursesWithSections(actor: Actor | null | undefined) {
  authorize(actor, "orders.manage");
  const db = await getDb();
  return db
    .selectDistinct({ id: courses.id, title: courses.title })
    .from(courses)
    .innerJoin(sections, eq(sections.courseId, courses.id))
    .orderBy(asc(courses.title));
}

/** Marks an open payment issue resolved (audited on its order). */
export async function resolvePaymentIssue(actor: Actor | null | undefined, issueId: unknown, now = new Date()): Promise<void> {
  authorize(actor, "orders.manage");
  const parsed = z.coerce.number().int().positive().safeParse(issueId);
  if (!parsed.success) throw new AppError("not-found", "That payment issue does not exist or is already resolved.");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [issue] = await tx
      .update(paymentIssues)
      .set({ resolvedAt: now })
      .where(and(eq(paymentIssues.id, parsed.data), isNull(paymentIssues.resolvedAt)))
      .returning();
    if (!issue) throw new AppError("not-found", "That payment issue does not exist or is already resolved.");
    await recordAudit(tx, actor, {
      action: "payment_issue.resolve",
      targetType: "order",
      targetId: issue.orderId ?? `issue-${issue.id}`,
      details: { issueId: issue.id, kind: issue.kind },
    });
  });
}
