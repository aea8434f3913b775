import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { and, asc, eq, gt } from "drizzle-orm";

import { orderItems, orders, seatSessions, sessionCredits } from "@/lib/platform/db/schema/index";
import { emit } from "@/lib/platform/events/events";
import { AppError } from "@/lib/platform/errors";
import { sectionSessions, type SectionRecurrence } from "@/lib/scheduling/sessions";

import { removedSessionsCredited } from "@/lib/commerce/events";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { lockWallet, writeEntry } from "@/lib/commerce/wallet/ledger";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { lockOrder } from "@/lib/commerce/checkout/orders";
import { lockSections } from "./seats";
import { settleEntitlements } from "./entitlements";

/** An open entitlement still to come that a section's new times would take away, with who paid for it. */
export interface RemovedEntitlement {
  id: number;
  bookingId: string;
  occurrence: Date;
  valueMinor: number;
  userId: number;
  orderId: string;
}

/**
 * The paid sessions these new times would remove: every open entitlement still to come that is no
 * longer an occurrence of the new rule (a moved first day that keeps them all, or a later end, removes none).
 */
export async function paidSessionsRemovedBy(
  tx: Transaction,
  sectionId: number,
  next: SectionRecurrence,
  now: Date,
): Promise<RemovedEntitlement[]> {
  const paid = await tx
    .select({
      id: seatSessions.id,
      bookingId: seatSessions.bookingId,
      occurrence: seatSessions.occurrence,
      valueMinor: seatSessions.valueMinor,
      userId: orders.userId,
      orderId: orders.id,
    })
    .from(seatSessions)
    .innerJoin(orderItems, eq(orderItems.id, seatSessions.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(seatSessions.sectionId, sectionId), eq(seatSessions.status, "open"), gt(seatSessions.occurrence, now)))
    .orderBy(asc(seatSessions.occurrence), asc(seatSessions.id));
  if (paid.length === 0) return [];
  const first = paid[0]!.occurrence;
  const last = paid.at(-1)!.occurrence;
  const kept = new Set(sectionSessions(next, first, new Date(last.getTime() + 1)).map((s) => s.startsAt));
  return paid.filter((row) => !kept.has(row.occurrence.toISOString()));
}

/**
 * A teacher's edit may not take away sessions families have paid for (issue 39). Under the section's
 * lock, in the transaction that writes the edit; the refusal names the dates field and changes nothing.
 */
export async function refuseTakingPaidSessions(tx: Transaction, sectionId: number, next: SectionRecurrence, now: Date): Promise<void> {
  const removed = await paidSessionsRemovedBy(tx, sectionId, next, now);
  const lost = new Set(removed.map((row) => row.occurrence.getTime())).size;
  if (lost === 0) return;
  const message = COMMERCE_MESSAGES.editTakesPaidSessions(lost);
  throw new AppError("conflict", message, { fieldErrors: { endsOn: message } });
}

const inOrder = <T extends number | string>(values: T[]) => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * An admin's edit that removes paid sessions: each seat is credited the recorded value of every
 * entitlement removed, once (session_credits' key on the entitlement, the row settled `credited`),
 * to its payer's Cash, in the transaction that writes the edit. The money lock order: the payers'
 * wallets, their orders, then the section (returned, locked), then each entitlement row. The rows
 * are read before the locks and again under them; a seat bought by another order meanwhile asks
 * for the save again, with nothing changed.
 */
export async function lockAndCreditRemovedSessions(
  tx: Transaction,
  sectionId: number,
  next: SectionRecurrence,
  now: Date,
): Promise<number[]> {
  const seen = await paidSessionsRemovedBy(tx, sectionId, next, now);
  for (const userId of inOrder(seen.map((row) => row.userId))) await lockWallet(tx, userId);
  const orderIds = new Set(inOrder(seen.map((row) => row.orderId)));
  for (const orderId of orderIds) await lockOrder(tx, orderId);
  await lockSections(tx, [sectionId]);
  const removed = await paidSessionsRemovedBy(tx, sectionId, next, now);
  if (removed.some((row) => !orderIds.has(row.orderId))) throw new AppError("conflict", COMMERCE_MESSAGES.removedSessionsChanged);

  const creditIds: number[] = [];
  for (const entitlement of removed) {
    const [row] = await tx
      .select({ id: seatSessions.id, valueMinor: seatSessions.valueMinor })
      .from(seatSessions)
      .where(and(eq(seatSessions.id, entitlement.id), eq(seatSessions.status, "open")))
      .for("update");
    if (!row) continue;
    const [credit] = await tx
      .insert(sessionCredits)
      .values({
        seatSessionId: row.id,
        bookingId: entitlement.bookingId,
        userId: entitlement.userId,
        orderId: entitlement.orderId,
        amountMinor: row.valueMinor,
      })
      .onConflictDoNothing({ target: sessionCredits.seatSessionId })
      .returning({ id: sessionCredits.id });
    if (!credit) continue;
    creditIds.push(credit.id);
    await settleEntitlements(tx, [row.id], "credited", now);
    if (row.valueMinor === 0) continue;
    await writeEntry(tx, {
      userId: entitlement.userId,
      kind: "session_credit",
      amountMinor: row.valueMinor,
      orderId: entitlement.orderId,
      reason: `Session of ${entitlement.occurrence.toISOString()} removed from the schedule: ${formatMoney(row.valueMinor)}`,
    });
  }
  if (creditIds.length > 0) await emit(tx, removedSessionsCredited, { sectionId, creditIds });
  return creditIds;
}
