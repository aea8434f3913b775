import "server-only";

import { desc, eq, sum } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { walletEntries } from "@/lib/platform/db/schema";

export interface WalletSummary {
  balanceCents: number;
  entries: Array<{ id: number; amountCents: number; reason: string; createdAt: Date }>;
}

/** The signed-in user's own ledger: ownership is in the where clause. */
export async function getWallet(userId: number): Promise<WalletSummary> {
  const db = await getDb();
  const [total] = await db
    .select({ balance: sum(walletEntries.amountCents) })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  const entries = await db
    .select({
      id: walletEntries.id,
      amountCents: walletEntries.amountCents,
      reason: walletEntries.reason,
      createdAt: walletEntries.createdAt,
    })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .orderBy(desc(walletEntries.createdAt))
    .limit(50);
  return { balanceCents: Number(total?.balance ?? 0), entries };
}

export function formatCents(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}
