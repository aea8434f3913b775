import "server-only";

import { and, eq } from "drizzle-orm";

import { lockWallet, writeEntry } from "@/lib/commerce/wallet/ledger";
import { getDb } from "@/lib/platform/db/client";
import { ledgerEntries, learners, users } from "@/lib/platform/db/schema/index";

/** The embedded default's demo family: a child and some '{product} Cash', so a newcomer can enrol end to end without a card. */
export const DEMO_FAMILY = {
  parentEmail: "student@example.com",
  child: { firstName: "Sam", grade: 5 },
  creditMinor: 50_000,
  creditReason: "Welcome credit for trying the demo",
} as const;

/** Idempotent: the child and the credit are added once, whatever the demo family has spent since. */
export async function seedDemoFamily(): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [parent] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_FAMILY.parentEmail));
    if (!parent) return;
    await lockWallet(tx, parent.id);
    const [child] = await tx.select({ id: learners.id }).from(learners).where(eq(learners.parentId, parent.id)).limit(1);
    if (!child) await tx.insert(learners).values({ parentId: parent.id, ...DEMO_FAMILY.child });
    const [credited] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.userId, parent.id), eq(ledgerEntries.kind, "promotion"), eq(ledgerEntries.reason, DEMO_FAMILY.creditReason)),
      )
      .limit(1);
    if (!credited) {
      await writeEntry(tx, {
        userId: parent.id,
        kind: "promotion",
        amountMinor: DEMO_FAMILY.creditMinor,
        reason: DEMO_FAMILY.creditReason,
      });
    }
  });
}
