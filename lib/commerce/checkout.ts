import "server-only";

import { eq, inArray } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { cartItems, learners, orderItems, orders, payments } from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";

import { openCardSession } from "./card-sessions";
import { balanceOf, lockWallet, writeEntry } from "./ledger";
import { CURRENCY, formatMoney } from "./money";
import { closePendingOrder, lockOrder, removePaidFromCart } from "./orders";
import { COMMERCE_MESSAGES, ORDER_NOTICES } from "./schema";
import { checkSeats, lockSections, releaseExpiredHolds, writeSeat, type SeatWanted } from "./seats";
import { isCardPaymentAvailable } from "./stripe";

export interface SeatRequest {
  sectionId: number;
  learnerId: number;
}

export type CheckoutResult =
  | { orderId: string; status: "paid" }
  /** The card part is paid on Stripe's page: send the parent there. */
  | { orderId: string; status: "pending"; checkoutUrl: string };

export interface CheckoutOptions {
  now?: Date;
  /** Where Stripe sends the parent back (the site's own origin). */
  returnOrigin?: string;
  email?: string;
  /** Where a late card payment goes back if a seat is taken before it completes (the parent's choice). */
  lateRefundTo?: "card" | "wallet";
}

/** The parent's own learners among these ids; another family's child is refused before anything is locked. */
async function ownLearners(userId: number, ids: number[]): Promise<Map<number, string>> {
  const db = await getDb();
  const rows = await db
    .select({ id: learners.id, parentId: learners.parentId, firstName: learners.firstName })
    .from(learners)
    .where(inArray(learners.id, ids));
  const mine = new Map(rows.filter((row) => row.parentId === userId).map((row) => [row.id, row.firstName]));
  if (ids.some((id) => !mine.has(id))) throw new AppError("forbidden", COMMERCE_MESSAGES.learnerNotYours);
  return mine;
}

/**
 * Buys seats, '{product} Cash' first and the rest by card. One transaction decides it all under
 * row locks: the buyer's wallet (so parallel spends cannot overdraw it), then the sections in id
 * order (so parallel buyers cannot oversell them). A refused order changes nothing. A wallet-only
 * order is paid and its seats confirmed at once; with a card part the seats are held for
 * CHECKOUT_HOLD_MINUTES while the parent pays on Stripe Checkout (the webhook completes it).
 */
export async function placeOrder(userId: number, requests: SeatRequest[], options: CheckoutOptions = {}): Promise<CheckoutResult> {
  const now = options.now ?? new Date();
  const unique = [...new Map(requests.map((r) => [`${r.learnerId}:${r.sectionId}`, r])).values()];
  if (unique.length === 0) throw new AppError("invalid", COMMERCE_MESSAGES.cartEmpty);
  const names = await ownLearners(
    userId,
    unique.map((r) => r.learnerId),
  );
  const wanted: SeatWanted[] = unique.map((r) => ({ ...r, learnerName: names.get(r.learnerId) ?? "" }));
  const cardAvailable = isCardPaymentAvailable();

  const db = await getDb();
  const placed = await db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    const sectionIds = wanted.map((w) => w.sectionId);
    const locked = await lockSections(tx, sectionIds);
    await releaseExpiredHolds(tx, [...locked.keys()], now);
    await checkSeats(tx, wanted, locked, now);

    const lines = wanted.map((w) => ({ ...w, section: locked.get(w.sectionId)! }));
    const totalMinor = lines.reduce((sum, line) => sum + line.section.priceMinor, 0);
    const balance = await balanceOf(tx, userId);
    const walletMinor = Math.min(Math.max(balance, 0), totalMinor);
    const cardMinor = totalMinor - walletMinor;
    if (cardMinor > 0 && !cardAvailable) {
      throw new AppError("conflict", COMMERCE_MESSAGES.insufficientBalance(formatMoney(balance), formatMoney(totalMinor)));
    }
    const isPaid = cardMinor === 0;
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        status: isPaid ? "paid" : "pending",
        currency: CURRENCY,
        totalMinor,
        walletMinor,
        cardMinor,
        lateRefundTo: options.lateRefundTo ?? "card",
        holdExpiresAt: isPaid ? null : new Date(now.getTime() + env.CHECKOUT_HOLD_MINUTES * 60_000),
        paidAt: isPaid ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!order) throw new Error("insert returned no order");
    for (const line of lines) {
      const bookingId = await writeSeat(tx, line.section, line.learnerId, isPaid ? "confirmed" : "held", userId, now);
      await tx.insert(orderItems).values({
        orderId: order.id,
        sectionId: line.sectionId,
        learnerId: line.learnerId,
        priceMinor: line.section.priceMinor,
        bookingId,
      });
    }
    if (walletMinor > 0) {
      await writeEntry(tx, { userId, kind: "purchase", amountMinor: -walletMinor, orderId: order.id, createdById: userId });
      await tx.insert(payments).values({ orderId: order.id, method: "wallet", amountMinor: walletMinor, currency: CURRENCY });
    }
    if (isPaid) await removePaidFromCart(tx, userId, order.id);
    return { order, lines };
  });

  if (placed.order.status === "paid") return { orderId: placed.order.id, status: "paid" };
  const checkoutUrl = await openCheckoutSession(
    placed.order,
    placed.lines.map((l) => `${l.section.title} (${l.learnerName})`),
    options,
  );
  return { orderId: placed.order.id, status: "pending", checkoutUrl };
}

/**
 * The card part on Stripe Checkout, expiring with the seats' hold. If Stripe cannot be reached the
 * order is closed (seats released, wallet part back) and the parent told nothing was charged.
 */
async function openCheckoutSession(order: typeof orders.$inferSelect, itemNames: string[], options: CheckoutOptions): Promise<string> {
  const origin = options.returnOrigin ?? env.APP_URL;
  try {
    const session = await openCardSession({
      purchase: { pays: "order", id: order.id },
      amountMinor: order.cardMinor,
      currency: order.currency,
      name: itemNames.join(", ") || "Class seats",
      email: options.email,
      expiresAt: order.holdExpiresAt ?? new Date(),
      successUrl: `${origin}/cart?order=${order.id}`,
      cancelUrl: `${origin}/cart?order=${order.id}`,
    });
    const db = await getDb();
    await db.update(orders).set({ stripeCheckoutSessionId: session.id, updatedAt: new Date() }).where(eq(orders.id, order.id));
    return session.url;
  } catch (error) {
    console.error("[checkout] could not open a Stripe Checkout session:", error instanceof Error ? error.message : error);
    const db = await getDb();
    await db.transaction(async (tx) => {
      await lockWallet(tx, order.userId);
      const current = await lockOrder(tx, order.id);
      if (current?.status === "pending") await closePendingOrder(tx, current, "expired", ORDER_NOTICES.stripeFailed, new Date());
    });
    throw new AppError("unavailable", COMMERCE_MESSAGES.cardUnavailable);
  }
}

/** Checks out the signed-in parent's whole cart. */
export async function checkoutCart(userId: number, options: CheckoutOptions = {}): Promise<CheckoutResult> {
  const db = await getDb();
  const items = await db
    .select({ sectionId: cartItems.sectionId, learnerId: cartItems.learnerId })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return placeOrder(userId, items, options);
}
