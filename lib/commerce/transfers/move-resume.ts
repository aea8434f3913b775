import "server-only";

import { findOwnTopUp } from "@/lib/commerce/payments/top-ups";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { getDb } from "@/lib/platform/db/client";

import { parseMoveIntent, type MoveResume } from "./move-intent";

/**
 * Issue 41: the move /my-courses opens again when the family comes back from a top-up started in it
 * (its query, see move-return-path.ts): the top-up's outcome, only if it is the family's own, and
 * the Cash now. Reads only; the move itself is done by the form, under its locks, as any move.
 */
export async function resumeMove(userId: number, query: Record<string, string | string[] | undefined>): Promise<MoveResume | null> {
  const intent = parseMoveIntent(query);
  if (!intent) return null;
  const [topUp, balanceMinor] = await Promise.all([
    intent.topUpId ? findOwnTopUp(userId, intent.topUpId) : null,
    getDb().then((db) => balanceOf(db, userId)),
  ]);
  return { orderItemId: intent.orderItemId, toSectionId: intent.toSectionId, topUp, balanceMinor };
}
