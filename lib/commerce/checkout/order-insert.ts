import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import type { WithSubquery } from "drizzle-orm";

import { orderItems, orders, payments } from "@/lib/platform/db/schema/index";

import { entryInsert } from "@/lib/commerce/wallet/ledger";
import type { OrderRow } from "./orders";
import { markSectionsFull, seatInserts, type NewSeat } from "@/lib/commerce/seats/seats";

/** An order as the checkout decided it under its locks, ready to be written. */
export interface OrderToWrite {
  values: typeof orders.$inferInsert & { id: string; walletMinor: number; currency: string };
  lines: Array<{ sectionId: number; learnerId: number; priceMinor: number; seat: NewSeat }>;
  /** The buyer's balance, read under their wallet lock: the wallet part is checked against it. */
  balanceMinor: number;
  /** The sections whose last seat this order takes: they become `full`. */
  filled: number[];
  now: Date;
}

/**
 * Writes a placed order in one statement (issue 18: each statement inside the checkout holds the
 * wallet and section locks longer): the order, its seats and their history, its items, the wallet's
 * part (a purchase entry and a payment), and, for held seats, the sections they fill set `full`
 * (a paid order's seats go on to confirmSeats). The ids are made before, so no part waits for another's output; PostgreSQL checks the
 * foreign keys between the parts at the end of the statement, when every row is in.
 */
export async function insertOrder(tx: Transaction, order: OrderToWrite): Promise<OrderRow> {
  const { values, lines } = order;
  const items = lines.map((line) => ({
    orderId: values.id,
    sectionId: line.sectionId,
    learnerId: line.learnerId,
    priceMinor: line.priceMinor,
    bookingId: line.seat.id,
  }));
  const parts: WithSubquery[] = [
    ...seatInserts(
      tx,
      lines.map((line) => line.seat),
    ),
    tx.$with("new_items").as(tx.insert(orderItems).values(items)),
  ];
  if (values.walletMinor > 0) {
    const purchase = {
      userId: values.userId,
      kind: "purchase" as const,
      amountMinor: -values.walletMinor,
      orderId: values.id,
      createdById: values.userId,
    };
    parts.push(
      tx.$with("wallet_entry").as(entryInsert(tx, purchase, order.balanceMinor)),
      tx
        .$with("wallet_payment")
        .as(
          tx.insert(payments).values({ orderId: values.id, method: "wallet", amountMinor: values.walletMinor, currency: values.currency }),
        ),
    );
  }
  // A paid order's seats are confirmed by confirmSeats (lib/commerce/seats/confirm.ts), which marks what they fill; held seats fill theirs here.
  if (values.status !== "paid" && order.filled.length > 0)
    parts.push(tx.$with("filled_sections").as(markSectionsFull(tx, order.filled, order.now)));
  const [row] = await tx
    .with(...parts)
    .insert(orders)
    .values(values)
    .returning();
  if (!row) throw new Error("insert returned no order");
  return row;
}
