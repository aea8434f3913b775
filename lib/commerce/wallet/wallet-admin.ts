import "server-only";

import { sql } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { brandLabels } from "@/lib/platform/brand";
import { getDb } from "@/lib/platform/db/client";
import { users } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { z } from "@/lib/platform/zod";

import { balanceOf, InsufficientBalance, lockWallet, writeEntry } from "./ledger";
import { CURRENCY, formatMoney } from "./money";

export const WALLET_ADJUSTMENT_MESSAGES = {
  email: "Enter the account's email address.",
  amount: "Enter an amount such as 25.00 or -10.00 (not zero).",
  reason: "Say why (3 to 500 characters): the family may ask.",
  noAccount: "No account has that email address.",
  belowZero: (balance: string) => `That would take the ${brandLabels.cash} balance below zero: it is ${balance}.`,
} as const;

const digits = new Intl.NumberFormat("en-US", { style: "currency", currency: CURRENCY }).resolvedOptions().maximumFractionDigits ?? 2;

/** An admin's credit or debit of someone's wallet: an amount in the currency's major units, and a reason. */
export const walletAdjustmentSchema = z.object({
  email: z.email({ error: WALLET_ADJUSTMENT_MESSAGES.email }).trim().toLowerCase(),
  amount: z
    .string({ error: WALLET_ADJUSTMENT_MESSAGES.amount })
    .trim()
    .regex(new RegExp(`^-?\\d{1,7}(\\.\\d{1,${Math.max(digits, 1)}})?$`), WALLET_ADJUSTMENT_MESSAGES.amount)
    .transform((text) => Math.round(Number(text) * 10 ** digits))
    .refine((minor) => minor !== 0, WALLET_ADJUSTMENT_MESSAGES.amount),
  reason: z
    .string({ error: WALLET_ADJUSTMENT_MESSAGES.reason })
    .trim()
    .min(3, WALLET_ADJUSTMENT_MESSAGES.reason)
    .max(500, WALLET_ADJUSTMENT_MESSAGES.reason),
});

/** Writes an adjustment entry under the wallet lock (never below zero) and its audit record, together. */
export async function adjustWallet(actor: Actor | null | undefined, input: unknown): Promise<string> {
  authorize(actor, "orders.manage");
  const { email, amount, reason } = parseInput(walletAdjustmentSchema, input);
  const db = await getDb();
  // Sign-up keeps the letters as typed (Mixed@Case.com); the schema lowered the typed one.
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!account)
    throw new AppError("not-found", WALLET_ADJUSTMENT_MESSAGES.noAccount, { fieldErrors: { email: WALLET_ADJUSTMENT_MESSAGES.noAccount } });
  try {
    return await db.transaction(async (tx) => {
      await lockWallet(tx, account.id);
      await writeEntry(tx, { userId: account.id, kind: "adjustment", amountMinor: amount, reason, createdById: actor.id });
      await recordAudit(tx, actor, {
        action: "wallet.adjust",
        targetType: "user",
        targetId: account.id,
        details: { amountMinor: amount, reason },
      });
      const balance = await balanceOf(tx, account.id);
      return `${email}: ${formatMoney(amount)} recorded; the balance is now ${formatMoney(balance)}.`;
    });
  } catch (error) {
    if (error instanceof InsufficientBalance)
      throw new AppError("conflict", WALLET_ADJUSTMENT_MESSAGES.belowZero(formatMoney(error.balanceMinor)));
    throw error;
  }
}
