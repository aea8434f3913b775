import "server-only";

import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";

import { sameOriginPath } from "@/lib/platform/auth/guard";
import { brandLabels, brandRoutes } from "@/lib/platform/brand";
import { getDb, type Transaction } from "@/lib/platform/db/client";
import { topUps } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";

import { openCardSession, paymentIntentOf, type PendingCardPurchase } from "./card-sessions";
import { lockWallet, writeEntry } from "@/lib/commerce/wallet/ledger";
import { CURRENCY, formatMoney } from "@/lib/commerce/wallet/money";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { isCardPaymentAvailable } from "./stripe";
import { TOP_UP_MESSAGES, topUpSchema } from "./top-up-schema";

export type TopUpStatus = (typeof topUps.$inferSelect)["status"];

/**
 * Where Stripe sends the parent back: the wallet page, which shows this top-up's state; or, for a
 * top-up started elsewhere (a move that needs more Cash, issue 41), that page on this site (after the
 * return-path rule) with the top-up's id added to its query.
 */
export function topUpReturnPath(topUpId: string, returnTo?: string | null): string {
  const wallet = `${brandRoutes.wallet}?top_up=${topUpId}`;
  const back = sameOriginPath(returnTo);
  if (!back) return wallet;
  const url = new URL(back, "http://local.invalid");
  url.searchParams.set("top_up", topUpId);
  return sameOriginPath(`${url.pathname}${url.search}${url.hash}`) ?? wallet;
}

/**
 * A parent starts a top-up of their {product} Cash by card: a pending top-up and its Stripe
 * Checkout Session. Nothing is credited here: the webhook credits it once Stripe confirms the
 * payment. If Stripe cannot be reached the top-up is closed and the parent told nothing was charged.
 */
export async function startTopUp(
  userId: number,
  input: unknown,
  options: { returnOrigin?: string; email?: string; now?: Date } = {},
): Promise<{ topUpId: string; checkoutUrl: string }> {
  if (!isCardPaymentAvailable()) throw new AppError("conflict", TOP_UP_MESSAGES.cardNotOffered);
  const { amount, returnTo } = parseInput(topUpSchema, input);
  const now = options.now ?? new Date();
  const db = await getDb();
  const [topUp] = await db.insert(topUps).values({ userId, amountMinor: amount, currency: CURRENCY }).returning({ id: topUps.id });
  if (!topUp) throw new Error("top-up insert returned nothing");
  try {
    const session = await openCardSession({
      purchase: { pays: "top_up", id: topUp.id },
      amountMinor: amount,
      currency: CURRENCY,
      name: `${brandLabels.cash} top-up`,
      email: options.email,
      now,
      returnPath: topUpReturnPath(topUp.id, returnTo),
      returnOrigin: options.returnOrigin,
    });
    await db.update(topUps).set({ stripeCheckoutSessionId: session.id, updatedAt: new Date() }).where(eq(topUps.id, topUp.id));
    return { topUpId: topUp.id, checkoutUrl: session.url };
  } catch (error) {
    console.error("[top-up] could not open a Stripe Checkout session:", error instanceof Error ? error.message : error);
    await db.update(topUps).set({ status: "expired", updatedAt: new Date() }).where(eq(topUps.id, topUp.id));
    throw new AppError("unavailable", COMMERCE_MESSAGES.cardUnavailable);
  }
}

/** One of the parent's own top-ups (ownership in the where), for the wallet page after Stripe. */
export async function findOwnTopUp(userId: number, topUpId: string): Promise<{ amount: string; status: TopUpStatus } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(topUpId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ amountMinor: topUps.amountMinor, currency: topUps.currency, status: topUps.status })
    .from(topUps)
    .where(and(eq(topUps.id, topUpId), eq(topUps.userId, userId)));
  return row ? { amount: formatMoney(row.amountMinor, row.currency), status: row.status } : null;
}

/** A pending top-up for the webhook, locked after its owner's wallet (the ledger's lock order). */
export async function lockPendingTopUp(tx: Transaction, topUpId: string): Promise<PendingCardPurchase | null> {
  const [owner] = await tx.select({ userId: topUps.userId }).from(topUps).where(eq(topUps.id, topUpId));
  if (!owner) return null;
  await lockWallet(tx, owner.userId);
  const [topUp] = await tx.select().from(topUps).where(eq(topUps.id, topUpId)).for("update");
  if (topUp?.status !== "pending") return null;
  const close = (status: "expired" | "flagged") => async (tx: Transaction, now: Date) => {
    await tx.update(topUps).set({ status, updatedAt: now }).where(eq(topUps.id, topUp.id));
  };
  return {
    expected: { amountMinor: topUp.amountMinor, currency: topUp.currency },
    link: { topUpId: topUp.id },
    fulfil: async (tx: Transaction, session: Stripe.Checkout.Session, now: Date) => {
      // The credit names its top-up (unique), so even a second path to it could not credit twice.
      await writeEntry(tx, { userId: topUp.userId, kind: "top_up", amountMinor: topUp.amountMinor, topUpId: topUp.id });
      await tx
        .update(topUps)
        .set({
          status: "paid",
          paidAt: now,
          updatedAt: now,
          stripeCheckoutSessionId: session.id,
          stripePaymentIntentId: paymentIntentOf(session),
        })
        .where(eq(topUps.id, topUp.id));
    },
    flag: close("flagged"),
    expire: close("expired"),
  };
}
