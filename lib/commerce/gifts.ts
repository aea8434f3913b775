import "server-only";

import { and, desc, eq, isNull } from "drizzle-orm";

import { giftReceivedEmail } from "@/lib/notifications/messages/gift-received";
import { enqueueEmail } from "@/lib/notifications/email";
import { brand, brandLabels } from "@/lib/platform/brand";
import { getDb } from "@/lib/platform/db/client";
import { gifts, users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { RATE_LIMITS, reserveAttempt } from "@/lib/platform/http/rate-limit";

import { groupGiftCode, newGiftCode, normaliseGiftCode } from "./gift-codes";
import { buyGiftSchema, GIFT_MESSAGES, redeemGiftSchema } from "./gift-schema";
import { balanceOf, InsufficientBalance, lockWallet, writeEntry } from "./ledger";
import { CURRENCY, formatMoney } from "./money";

export const GIFT_REDEEM_PATH = "/gift-a-course/redeem";
export const giftPagePath = (giftId: string) => `/gift-a-course/gifts/${giftId}`;

/**
 * A signed-in buyer pays a gift from their {product} Cash: the gift row, the buyer's debit (a gift
 * entry naming it, never below zero under the wallet lock) and, when they gave the recipient's
 * address, the email with the code, all in one transaction. Card payment is not offered for gifts.
 */
export async function buyGift(buyerId: number, input: unknown): Promise<{ giftId: string }> {
  const { amount, recipientName, recipientEmail, message } = parseInput(buyGiftSchema, input);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      await lockWallet(tx, buyerId);
      const code = newGiftCode();
      const [gift] = await tx
        .insert(gifts)
        .values({
          code,
          buyerId,
          amountMinor: amount,
          currency: CURRENCY,
          recipientName: recipientName ?? null,
          recipientEmail: recipientEmail ?? null,
          message: message ?? null,
        })
        .returning({ id: gifts.id });
      if (!gift) throw new Error("gift insert returned nothing");
      await writeEntry(tx, { userId: buyerId, kind: "gift", amountMinor: -amount, giftId: gift.id, createdById: buyerId });
      if (recipientEmail) {
        const [buyer] = await tx.select({ name: users.displayName, email: users.email }).from(users).where(eq(users.id, buyerId));
        const content = giftReceivedEmail({
          recipientName: recipientName ?? null,
          fromName: buyer?.name || buyer?.email || brand.name,
          amount: formatMoney(amount),
          cashLabel: brandLabels.cash,
          code: groupGiftCode(code),
          message: message ?? null,
          redeemUrl: `${brand.siteUrl}${GIFT_REDEEM_PATH}`,
        });
        await enqueueEmail(tx, `gift:${gift.id}:recipient`, { ...content, to: recipientEmail });
      }
      return { giftId: gift.id };
    });
  } catch (error) {
    if (error instanceof InsufficientBalance) {
      throw new AppError("conflict", GIFT_MESSAGES.insufficientBalance(formatMoney(error.balanceMinor), formatMoney(amount)), {
        fieldErrors: { amount: GIFT_MESSAGES.insufficientBalance(formatMoney(error.balanceMinor), formatMoney(amount)) },
      });
    }
    throw error;
  }
}

export interface GiftView {
  id: string;
  /** Grouped for reading. */
  code: string;
  amount: string;
  recipientName: string | null;
  recipientEmail: string | null;
  message: string | null;
  fromName: string;
  createdAt: Date;
  redeemedAt: Date | null;
}

/** One of the buyer's own gifts (ownership in the where clause), for the printable gift message. */
export async function getGiftForBuyer(buyerId: number, giftId: string): Promise<GiftView | null> {
  if (!/^[0-9a-f-]{36}$/i.test(giftId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ gift: gifts, buyerName: users.displayName, buyerEmail: users.email })
    .from(gifts)
    .innerJoin(users, eq(users.id, gifts.buyerId))
    .where(and(eq(gifts.id, giftId), eq(gifts.buyerId, buyerId)));
  if (!row) return null;
  return {
    id: row.gift.id,
    code: groupGiftCode(row.gift.code),
    amount: formatMoney(row.gift.amountMinor, row.gift.currency),
    recipientName: row.gift.recipientName,
    recipientEmail: row.gift.recipientEmail,
    message: row.gift.message,
    fromName: row.buyerName || row.buyerEmail,
    createdAt: row.gift.createdAt,
    redeemedAt: row.gift.redeemedAt,
  };
}

/** The buyer's gifts, newest first, for the list on the gift page. */
export async function listGiftsOfBuyer(buyerId: number, limit = 20) {
  const db = await getDb();
  const rows = await db
    .select({
      id: gifts.id,
      amountMinor: gifts.amountMinor,
      currency: gifts.currency,
      recipientName: gifts.recipientName,
      redeemedAt: gifts.redeemedAt,
      createdAt: gifts.createdAt,
    })
    .from(gifts)
    .where(eq(gifts.buyerId, buyerId))
    .orderBy(desc(gifts.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, amount: formatMoney(row.amountMinor, row.currency) }));
}

/**
 * The recipient redeems a code into their wallet. The gift is claimed by a conditional update
 * (still unredeemed), so of two sessions redeeming at once one claims it and the other finds it
 * taken: one credit. Wrong codes count against per-account and per-address limits; a redeemed one
 * does not. Malformed, unknown or used codes change nothing and say which it was.
 */
export async function redeemGift(userId: number, clientAddress: string, input: unknown): Promise<{ amount: string; balance: string }> {
  const reservation = await reserveAttempt([
    { rule: RATE_LIMITS.giftRedeemPerAccount, key: String(userId) },
    { rule: RATE_LIMITS.giftRedeemPerAddress, key: clientAddress },
  ]);
  const { code: typed } = parseInput(redeemGiftSchema, input);
  const code = normaliseGiftCode(typed);
  if (!code) throw new AppError("invalid", GIFT_MESSAGES.codeMalformed, { fieldErrors: { code: GIFT_MESSAGES.codeMalformed } });
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(gifts)
      .set({ redeemedById: userId, redeemedAt: new Date() })
      .where(and(eq(gifts.code, code), isNull(gifts.redeemedAt)))
      .returning({ id: gifts.id, amountMinor: gifts.amountMinor, currency: gifts.currency });
    if (!claimed) {
      const [existing] = await tx.select({ id: gifts.id }).from(gifts).where(eq(gifts.code, code));
      return { ok: false as const, message: existing ? GIFT_MESSAGES.codeUsed : GIFT_MESSAGES.codeUnknown };
    }
    await lockWallet(tx, userId);
    await writeEntry(tx, { userId, kind: "gift", amountMinor: claimed.amountMinor, giftId: claimed.id, createdById: userId });
    return { ok: true as const, amountMinor: claimed.amountMinor, balanceMinor: await balanceOf(tx, userId) };
  });
  if (!outcome.ok) throw new AppError("conflict", outcome.message, { fieldErrors: { code: outcome.message } });
  await reservation.release();
  return { amount: formatMoney(outcome.amountMinor), balance: formatMoney(outcome.balanceMinor) };
}
