import "server-only";

import { and, asc, desc, eq, inArray, sql, sum } from "drizzle-orm";

import { getDb, type Database, type Transaction } from "@/lib/platform/db/client";
import { courses, learners, ledgerEntries, orderItems, orders, sections, wallets } from "@/lib/platform/db/schema/index";

import { CURRENCY } from "./money";

/** A transaction or the database: the ledger's writes run inside the caller's transaction. */

export type LedgerEntryKind = (typeof ledgerEntries.$inferSelect)["kind"];

/**
 * The one rule of the {product} Cash ledger: every write to a user's entries happens after
 * lockWallet(userId) in the same transaction. The lock serialises them, so a balance read after it
 * counts every committed spend, and a spend checked against it can never take the sum below zero.
 */
export async function lockWallet(tx: Transaction, userId: number): Promise<void> {
  const lock = () => tx.select({ userId: wallets.userId }).from(wallets).where(eq(wallets.userId, userId)).for("update");
  // Nearly every spender has a wallet row already (credit made it): one round trip. A first one is
  // inserted (a parallel insert waits on the key, then does nothing) and locked as before.
  if ((await lock()).length > 0) return;
  await tx.insert(wallets).values({ userId }).onConflictDoNothing({ target: wallets.userId });
  await lock();
}

/** The balance as a query (the sum of the entries), to read alone or inside a caller's statement. */
export function balanceQuery(tx: Transaction | Database, userId: number) {
  return tx
    .select({ balance: sum(ledgerEntries.amountMinor).mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.currency, CURRENCY)));
}

/** The balance: the sum of the entries (call lockWallet first when it decides a spend). */
export async function balanceOf(tx: Transaction | Database, userId: number): Promise<number> {
  const [row] = await balanceQuery(tx, userId);
  return row?.balance ?? 0;
}

export interface NewLedgerEntry {
  userId: number;
  kind: LedgerEntryKind;
  /** Positive for money in, negative for a purchase. */
  amountMinor: number;
  orderId?: string | null;
  giftId?: string | null;
  topUpId?: string | null;
  reason?: string | null;
  createdById?: number | null;
}

/**
 * Writes one entry under the wallet lock the caller holds; a debit below zero throws
 * InsufficientBalance. A caller that has read the balance under that lock passes it (no second read).
 */
export async function writeEntry(tx: Transaction, entry: NewLedgerEntry, balanceMinor?: number): Promise<void> {
  const balance = entry.amountMinor < 0 ? (balanceMinor ?? (await balanceOf(tx, entry.userId))) : 0;
  await entryInsert(tx, entry, balance);
}

/**
 * The insert of one entry, checked against the balance read under the wallet lock: the one place
 * of the rule that a debit never takes the balance below zero (it throws InsufficientBalance). The
 * caller runs it, alone (writeEntry) or with the other writes of one statement (a checkout).
 */
export function entryInsert(tx: Transaction, entry: NewLedgerEntry, balanceMinor: number) {
  if (entry.amountMinor < 0 && balanceMinor + entry.amountMinor < 0) throw new InsufficientBalance(balanceMinor);
  return tx.insert(ledgerEntries).values({
    userId: entry.userId,
    kind: entry.kind,
    amountMinor: entry.amountMinor,
    currency: CURRENCY,
    orderId: entry.orderId ?? null,
    giftId: entry.giftId ?? null,
    topUpId: entry.topUpId ?? null,
    reason: entry.reason ?? null,
    createdById: entry.createdById ?? null,
  });
}

/** A spend the balance does not cover; the caller turns it into its own message. */
export class InsufficientBalance extends Error {
  constructor(readonly balanceMinor: number) {
    super("insufficient balance");
  }
}

/** Credit the system gives (a promotion, a seed): its own transaction, under the lock. */
export async function creditWallet(userId: number, kind: "promotion" | "top_up", amountMinor: number, reason: string | null = null) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    await writeEntry(tx, { userId, kind, amountMinor, reason });
  });
}

export interface WalletEntryView {
  id: number;
  kind: LedgerEntryKind;
  amountMinor: number;
  reason: string | null;
  orderId: string | null;
  orderStatus: string | null;
  /** What the order was for, as the family says it: "Python for Young Coders for Sam". */
  orderSummary: string | null;
  createdAt: Date;
}

export interface WalletSummary {
  balanceMinor: number;
  entries: WalletEntryView[];
}

/** The signed-in user's own ledger, newest first: ownership is in the where clause. */
export async function getWallet(userId: number, limit = 50): Promise<WalletSummary> {
  const db = await getDb();
  const balanceMinor = await balanceOf(db, userId);
  const entries = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amountMinor: ledgerEntries.amountMinor,
      reason: ledgerEntries.reason,
      orderId: ledgerEntries.orderId,
      orderStatus: orders.status,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.currency, CURRENCY)))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
  const summaries = await orderSummaries(db, [...new Set(entries.flatMap((entry) => (entry.orderId ? [entry.orderId] : [])))]);
  return {
    balanceMinor,
    entries: entries.map((entry) => ({ ...entry, orderSummary: entry.orderId ? (summaries.get(entry.orderId) ?? null) : null })),
  };
}

/** Each order's seats in words ("Python for Young Coders for Sam, Piano for Beginners for Mia"), by order id. */
async function orderSummaries(db: Database, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderItems.orderId, course: courses.title, child: learners.firstName })
    .from(orderItems)
    .innerJoin(sections, eq(sections.id, orderItems.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(learners, eq(learners.id, orderItems.learnerId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  const seats = new Map<string, string[]>();
  for (const row of rows) seats.set(row.orderId, [...(seats.get(row.orderId) ?? []), `${row.course} for ${row.child}`]);
  return new Map([...seats].map(([orderId, list]) => [orderId, list.join(", ")]));
}

/** What each kind of entry is called on the wallet page. */
export const ENTRY_KIND_LABELS: Record<LedgerEntryKind, string> = {
  top_up: "Top-up",
  purchase: "Purchase",
  refund: "Refund",
  gift: "Gift",
  promotion: "Promotion",
  adjustment: "Adjustment",
};

/** For tests and admin checks: the sum of every entry of an order (negative: money the wallet paid). */
export async function ledgerSumOfOrder(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${ledgerEntries.amountMinor})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId));
  return Number(row?.total ?? 0);
}
