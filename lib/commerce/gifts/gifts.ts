import "server-only";

import { and, desc, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";

import { brandLabels } from "@/lib/platform/brand";
import { getDb, type Transaction } from "@/lib/platform/db/client";
import { gifts, users } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";
import { RATE_LIMITS, reserveAttempt } from "@/lib/platform/http/rate-limit";
import type { z } from "@/lib/platform/zod";

import { openCardSession, paymentIntentOf, type PendingCardPurchase } from "@/lib/commerce/payments/card-sessions";
import { giftBought } from "@/lib/commerce/events";
import { groupGiftCode, newGiftCode, normaliseGiftCode } from "./gift-codes";
import { buyGiftSchema, GIFT_MESSAGES, redeemGiftSchema } from "./gift-schema";
import { balanceOf, InsufficientBalance, lockWallet, writeEntry } from "@/lib/commerce/wallet/ledger";
import { CURRENCY, formatMoney } from "@/lib/commerce/wallet/money";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { isCardPaymentAvailable } from "@/lib/commerce/payments/stripe";

type BuyGiftParsed = z.output<typeof buyGiftSchema>;

export interface BuyGiftOptions {
  /** Whether the buyer's own email is verified (the session's emailVerified): required, never assumed. */
  emailVerified: boolean;
  returnOrigin?: string;
  email?: string;
  now?: Date;
}

export const GIFT_REDEEM_PATH = "/gift-a-course/redeem";
export const giftPagePath = (giftId: string) => `/gift-a-course/gifts/${giftId}`;

/**
 * A signed-in buyer buys a gift, paid from their {product} Cash or by card. With Cash: the gift
 * row with its code, the buyer's debit (a gift entry naming it, never below zero under the wallet
 * lock) and its gift.bought event (the recipient's email), all in one transaction. By card (only
 * when Stripe is configured): the gift is created unpaid, with no code, and goes live when the
 * webhook confirms the payment (lockPendingGift).
 */
export async function buyGift(buyerId: number, input: unknown, options: BuyGiftOptions): Promise<{ giftId: string; checkoutUrl?: string }> {
  // Issue 26 finding 8: a gift mails a code, a name and a message to any address the buyer types,
  // so only a buyer whose own address is verified (someone answerable for it) may send one.
  if (!options.emailVerified) throw new AppError("forbidden", GIFT_MESSAGES.verifyEmailFirst);
  const parsed = parseInput(buyGiftSchema, input);
  if (parsed.payWith === "card") return buyGiftByCard(buyerId, parsed, options);
  const { amount } = parsed;
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      await lockWallet(tx, buyerId);
      const [gift] = await tx
        .insert(gifts)
        .values({ ...giftValues(buyerId, parsed), code: newGiftCode() })
        .returning({ id: gifts.id });
      if (!gift) throw new Error("gift insert returned nothing");
      await writeEntry(tx, { userId: buyerId, kind: "gift", amountMinor: -amount, giftId: gift.id, createdById: buyerId });
      await emit(tx, giftBought, { giftId: gift.id });
      return { giftId: gift.id };
    });
  } catch (error) {
    if (error instanceof InsufficientBalance) {
      const text = GIFT_MESSAGES.insufficientBalance(formatMoney(error.balanceMinor), formatMoney(amount));
      throw new AppError("conflict", text, { fieldErrors: { amount: text } });
    }
    throw error;
  }
}

/** What a gift row says of its buyer, amount and recipient, however it is paid. */
function giftValues(buyerId: number, { amount, recipientName, recipientEmail, message }: BuyGiftParsed) {
  return {
    buyerId,
    amountMinor: amount,
    currency: CURRENCY,
    recipientName: recipientName ?? null,
    recipientEmail: recipientEmail ?? null,
    message: message ?? null,
  };
}

async function buyGiftByCard(
  buyerId: number,
  parsed: BuyGiftParsed,
  options: BuyGiftOptions,
): Promise<{ giftId: string; checkoutUrl: string }> {
  if (!isCardPaymentAvailable()) {
    throw new AppError("invalid", GIFT_MESSAGES.cardNotOffered, { fieldErrors: { payWith: GIFT_MESSAGES.cardNotOffered } });
  }
  const now = options.now ?? new Date();
  const db = await getDb();
  const [gift] = await db
    .insert(gifts)
    .values({ ...giftValues(buyerId, parsed), code: null, status: "pending", paidBy: "card" })
    .returning({ id: gifts.id });
  if (!gift) throw new Error("gift insert returned nothing");
  try {
    const session = await openCardSession({
      purchase: { pays: "gift", id: gift.id },
      amountMinor: parsed.amount,
      currency: CURRENCY,
      name: `Gift of ${formatMoney(parsed.amount)} ${brandLabels.cash}`,
      email: options.email,
      now,
      returnPath: giftPagePath(gift.id),
      returnOrigin: options.returnOrigin,
    });
    await db.update(gifts).set({ stripeCheckoutSessionId: session.id }).where(eq(gifts.id, gift.id));
    return { giftId: gift.id, checkoutUrl: session.url };
  } catch (error) {
    console.error("[gift] could not open a Stripe Checkout session:", error instanceof Error ? error.message : error);
    await db.update(gifts).set({ status: "expired" }).where(eq(gifts.id, gift.id));
    throw new AppError("unavailable", COMMERCE_MESSAGES.cardUnavailable);
  }
}

/**
 * A card gift waiting for its payment, for the webhook. Paid: its code is issued and gift.bought
 * emitted (the recipient's email), as for a wallet gift. Expired or flagged: it stays without a code.
 * The gift's row lock serialises it (no wallet moves).
 */
export async function lockPendingGift(tx: Transaction, giftId: string): Promise<PendingCardPurchase | null> {
  const [gift] = await tx.select().from(gifts).where(eq(gifts.id, giftId)).for("update");
  if (gift?.status !== "pending") return null;
  const close = (status: "expired" | "flagged") => async (tx: Transaction) => {
    await tx.update(gifts).set({ status }).where(eq(gifts.id, gift.id));
  };
  return {
    expected: { amountMinor: gift.amountMinor, currency: gift.currency },
    link: { giftId: gift.id },
    fulfil: async (tx: Transaction, session: Stripe.Checkout.Session) => {
      await tx
        .update(gifts)
        .set({ status: "paid", code: newGiftCode(), stripeCheckoutSessionId: session.id, stripePaymentIntentId: paymentIntentOf(session) })
        .where(eq(gifts.id, gift.id));
      await emit(tx, giftBought, { giftId: gift.id });
    },
    flag: close("flagged"),
    expire: close("expired"),
  };
}

export type GiftStatus = (typeof gifts.$inferSelect)["status"];

export interface GiftView {
  id: string;
  /** Grouped for reading; null until a card gift is paid. */
  code: string | null;
  status: GiftStatus;
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
    code: row.gift.code ? groupGiftCode(row.gift.code) : null,
    status: row.gift.status,
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
      status: gifts.status,
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
      // A gift whose card payment was refunded or disputed is frozen (lib/commerce/payments/charge-reversals.ts).
      .where(and(eq(gifts.code, code), eq(gifts.status, "paid"), isNull(gifts.redeemedAt), isNull(gifts.frozenAt)))
      .returning({ id: gifts.id, amountMinor: gifts.amountMinor, currency: gifts.currency });
    if (!claimed) {
      const [existing] = await tx.select({ id: gifts.id, frozenAt: gifts.frozenAt }).from(gifts).where(eq(gifts.code, code));
      const message = !existing ? GIFT_MESSAGES.codeUnknown : existing.frozenAt ? GIFT_MESSAGES.codeFrozen : GIFT_MESSAGES.codeUsed;
      return { ok: false as const, message };
    }
    await lockWallet(tx, userId);
    await writeEntry(tx, { userId, kind: "gift", amountMinor: claimed.amountMinor, giftId: claimed.id, createdById: userId });
    return { ok: true as const, amountMinor: claimed.amountMinor, balanceMinor: await balanceOf(tx, userId) };
  });
  if (!outcome.ok) throw new AppError("conflict", outcome.message, { fieldErrors: { code: outcome.message } });
  await reservation.release();
  return { amount: formatMoney(outcome.amountMinor), balance: formatMoney(outcome.balanceMinor) };
}
