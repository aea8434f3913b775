import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { and, eq, isNotNull, or, sql } from "drizzle-orm";

import { cartItems, orderItems, orders, payments } from "@/lib/platform/db/schema/index";
import { emit } from "@/lib/platform/events/events";

import { orderClosed } from "@/lib/commerce/events";
import { writeEntry } from "@/lib/commerce/wallet/ledger";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { moveSeats } from "@/lib/commerce/seats/seats";

export type OrderRow = typeof orders.$inferSelect;

/** The order locked for update (after the caller has locked its owner's wallet: wallet, then order). */
export async function lockOrder(tx: Transaction, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row ?? null;
}

/** Booking ids of an order's seats. */
export async function seatIdsOf(tx: Transaction, orderId: string): Promise<string[]> {
  const rows = await tx
    .select({ bookingId: orderItems.bookingId })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.bookingId)));
  return rows.flatMap((row) => (row.bookingId ? [row.bookingId] : []));
}

/**
 * Ends a pending order without enrolment (expired, flagged, or its seat taken): held seats are
 * released and its wallet part comes back as a refund entry. The caller holds the wallet lock.
 */
export async function closePendingOrder(
  tx: Transaction,
  order: OrderRow,
  status: "expired" | "flagged" | "refunded",
  notice: (wallet: string | null) => string,
  now: Date,
): Promise<void> {
  await moveSeats(tx, await seatIdsOf(tx, order.id), "held", "cancelled", now);
  if (order.walletMinor > 0) {
    await writeEntry(tx, { userId: order.userId, kind: "refund", amountMinor: order.walletMinor, orderId: order.id });
    await tx
      .update(payments)
      .set({ status: "refunded" })
      .where(and(eq(payments.orderId, order.id), eq(payments.method, "wallet")));
  }
  await tx
    .update(orders)
    .set({ status, notice: notice(order.walletMinor > 0 ? formatMoney(order.walletMinor, order.currency) : null), updatedAt: now })
    .where(eq(orders.id, order.id));
  await emit(tx, orderClosed, { orderId: order.id });
}

/**
 * A paid order's seats leave the cart: the delete, which the caller runs alone or as a part of its
 * own statement (a checkout writes its order in one; a round trip per seat kept the section locks
 * longer, issue 18). The lines are named here, not read from order_items: a part of the statement
 * that inserts those items would not see them.
 */
export function removePaidFromCart(tx: Transaction, userId: number, paid: Array<{ sectionId: number; learnerId: number }>) {
  const lines = paid.map((line) => and(eq(cartItems.sectionId, line.sectionId), eq(cartItems.learnerId, line.learnerId)));
  // No lines, no delete (or() of nothing would leave only the user in the where).
  return tx.delete(cartItems).where(and(eq(cartItems.userId, userId), or(...lines) ?? sql`false`));
}
