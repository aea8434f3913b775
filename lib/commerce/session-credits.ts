import "server-only";

import { and, asc, eq, isNull, lte } from "drizzle-orm";

import type { Database, Transaction } from "@/lib/platform/db/client";
import { orderItems, orders, seatSessions, sections, sessionChanges, sessionCredits } from "@/lib/platform/db/schema";
import { emit } from "@/lib/platform/events/events";
import { isOccurrence } from "@/lib/scheduling/session-overrides";

import { sessionCredited } from "./events";
import { formatMoney } from "./wallet/money";
import { lockWallet, writeEntry } from "./wallet/ledger";
import { lockOrder } from "./checkout/orders";
import { settleEntitlements } from "./seats/entitlements";

/**
 * Credits one cancelled session, under its row's lock (a make-up set meanwhile takes the same lock
 * first): each seat that bought it, its recorded value once (session_credits' unique key and the
 * entitlement settled `credited`), under the seat's wallet, order and entitlement locks, then credited_at. Returns the credits made (none if it was not due).
 */
async function creditOne(tx: Transaction, changeId: number, now: Date): Promise<number> {
  const [change] = await tx.select().from(sessionChanges).where(eq(sessionChanges.id, changeId)).for("update");
  if (!change || change.kind !== "cancelled" || change.makeupStartsAt || change.creditedAt || !change.creditDueAt) return 0;
  if (change.creditDueAt.getTime() > now.getTime()) return 0;
  const [section] = await tx.select().from(sections).where(eq(sections.id, change.sectionId));
  if (!section) return 0;
  // The section's times changed since and this occurrence is no longer one of its sessions: the
  // change lapsed with it (every reader ignores it), so it leaves the job's scan, credited nothing.
  if (!isOccurrence(section, change.originalStartsAt.toISOString())) {
    await tx.update(sessionChanges).set({ creditDueAt: null, updatedAt: now }).where(eq(sessionChanges.id, change.id));
    return 0;
  }
  // Issue 39: the seats that bought this session, by their entitlements (never the schedule as it is
  // now), each credited its own recorded value once. Read unlocked, then each seat taken in the money
  // lock order (wallet → order → seat) and read again: a refund or a move that got there first leaves nothing to credit.
  const holders = await tx
    .select({ rowId: seatSessions.id, bookingId: seatSessions.bookingId, userId: orders.userId, orderId: orders.id })
    .from(seatSessions)
    .innerJoin(orderItems, eq(orderItems.id, seatSessions.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(seatSessions.sectionId, section.id),
        eq(seatSessions.occurrence, change.originalStartsAt),
        eq(seatSessions.status, "open"),
        eq(orders.status, "paid"),
      ),
    )
    .orderBy(asc(orders.userId), asc(seatSessions.id));
  const creditIds: number[] = [];
  for (const holder of holders) {
    await lockWallet(tx, holder.userId);
    await lockOrder(tx, holder.orderId);
    const [row] = await tx
      .select()
      .from(seatSessions)
      .where(and(eq(seatSessions.id, holder.rowId), eq(seatSessions.status, "open")))
      .for("update");
    if (!row) continue;
    const amount = row.valueMinor;
    const [credit] = await tx
      .insert(sessionCredits)
      .values({
        sessionChangeId: change.id,
        bookingId: holder.bookingId,
        userId: holder.userId,
        orderId: holder.orderId,
        amountMinor: amount,
      })
      .onConflictDoNothing({ target: [sessionCredits.sessionChangeId, sessionCredits.bookingId] })
      .returning({ id: sessionCredits.id });
    if (!credit) continue;
    creditIds.push(credit.id);
    await settleEntitlements(tx, [row.id], "credited", now);
    if (amount === 0) continue;
    await writeEntry(tx, {
      userId: holder.userId,
      kind: "session_credit",
      amountMinor: amount,
      orderId: holder.orderId,
      reason: `Cancelled session of ${change.originalStartsAt.toISOString()}: ${formatMoney(amount)}`,
    });
  }
  await tx.update(sessionChanges).set({ creditedAt: now, updatedAt: now }).where(eq(sessionChanges.id, change.id));
  if (creditIds.length > 0) await emit(tx, sessionCredited, { changeId: change.id, creditIds });
  return creditIds.length;
}

/**
 * The job (every five minutes: lib/reactions/table.ts TIMED_WORK): every cancelled session past its deadline with no make-up, each in its own transaction.
 * Any number of instances may run it at once; the row lock and credited_at make each credit once.
 */
export async function creditCancelledSessions(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: sessionChanges.id })
    .from(sessionChanges)
    .where(
      and(
        eq(sessionChanges.kind, "cancelled"),
        isNull(sessionChanges.makeupStartsAt),
        isNull(sessionChanges.creditedAt),
        lte(sessionChanges.creditDueAt, now),
      ),
    )
    .orderBy(asc(sessionChanges.creditDueAt))
    .limit(100);
  let credited = 0;
  for (const { id } of due) credited += await db.transaction((tx) => creditOne(tx, id, now));
  return credited;
}
