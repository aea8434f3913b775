import "server-only";

import { randomUUID } from "node:crypto";

import { asc, eq, inArray } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { cartItems, learners, orders } from "@/lib/platform/db/schema/index";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";

import { openCardSession } from "@/lib/commerce/payments/card-sessions";
import { lockWallet } from "@/lib/commerce/wallet/ledger";
import { CURRENCY, formatMoney } from "@/lib/commerce/wallet/money";
import { insertOrder } from "./order-insert";
import { closePendingOrder, lockOrder } from "./orders";
import { COMMERCE_MESSAGES, ORDER_NOTICES } from "@/lib/commerce/schema";
import { confirmSeats } from "@/lib/commerce/seats/confirm";
import type { SeatWanted } from "@/lib/commerce/seats/seat-check";
import { isCardPaymentAvailable } from "@/lib/commerce/payments/stripe";
import { sectionFacts } from "@/lib/scheduling/section-facts";

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
  /** The total the parent saw beside Pay: a checkout at another (a price changed meanwhile) is refused. */
  expectedTotalMinor?: number;
}

interface LearnerFound {
  id: number;
  parentId: number;
  firstName: string;
}

/** The first names of the wanted learners; a child who is not the parent's own is refused before anything is locked. */
function ownLearnerNames(userId: number, wantedIds: number[], found: LearnerFound[]): Map<number, string> {
  const mine = new Map(found.filter((row) => row.parentId === userId).map((row) => [row.id, row.firstName]));
  if (wantedIds.some((id) => !mine.has(id))) throw new AppError("forbidden", COMMERCE_MESSAGES.learnerNotYours);
  return mine;
}

/** Each seat once; an order of none is refused. */
function distinctSeats<T extends SeatRequest>(requests: T[]): T[] {
  const unique = [...new Map(requests.map((r) => [`${r.learnerId}:${r.sectionId}`, r])).values()];
  if (unique.length === 0) throw new AppError("invalid", COMMERCE_MESSAGES.cartEmpty);
  return unique;
}

/** Buys these seats for the parent's own children (see placeSeats). */
export async function placeOrder(userId: number, requests: SeatRequest[], options: CheckoutOptions = {}): Promise<CheckoutResult> {
  const unique = distinctSeats(requests);
  const learnerIds = unique.map((r) => r.learnerId);
  const db = await getDb();
  const found = await db
    .select({ id: learners.id, parentId: learners.parentId, firstName: learners.firstName })
    .from(learners)
    .where(inArray(learners.id, learnerIds));
  const names = ownLearnerNames(userId, learnerIds, found);
  return placeSeats(
    userId,
    unique.map((r) => ({ ...r, learnerName: names.get(r.learnerId) ?? "" })),
    options,
  );
}

/** Checks out the signed-in parent's whole cart: its lines and their children read in one query. */
export async function checkoutCart(userId: number, options: CheckoutOptions = {}): Promise<CheckoutResult> {
  const db = await getDb();
  const items = await db
    .select({
      sectionId: cartItems.sectionId,
      learnerId: cartItems.learnerId,
      learnerName: learners.firstName,
      parentId: learners.parentId,
    })
    .from(cartItems)
    .innerJoin(learners, eq(learners.id, cartItems.learnerId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.id));
  const unique = distinctSeats(items);
  // addToCart only adds the parent's own children; checked again here, as placeOrder does.
  ownLearnerNames(
    userId,
    unique.map((item) => item.learnerId),
    unique.map((item) => ({ id: item.learnerId, parentId: item.parentId, firstName: item.learnerName })),
  );
  return placeSeats(
    userId,
    unique.map(({ sectionId, learnerId, learnerName }) => ({ sectionId, learnerId, learnerName })),
    options,
  );
}

/**
 * Buys seats, '{product} Cash' first and the rest by card. One transaction decides it all under
 * row locks: the buyer's wallet (so parallel spends cannot overdraw it), then the sections in id
 * order (so parallel buyers cannot oversell them). A refused order changes nothing. A wallet-only
 * order is paid and its seats confirmed at once; with a card part the seats are held for
 * CHECKOUT_HOLD_MINUTES while the parent pays on Stripe Checkout (the webhook completes it). A
 * section whose last seat the order takes (paid or held) is set `full` with it.
 *
 * Issue 18 (p99 under load): the transaction sends as few statements as the rules allow, each
 * holding the locks: the wallet lock, the section locks, one count (seats, enrolments, expired
 * holds, balance), one statement writing the whole order, then the seat listeners.
 */
async function placeSeats(userId: number, wanted: SeatWanted[], options: CheckoutOptions): Promise<CheckoutResult> {
  const now = options.now ?? new Date();
  const cardAvailable = isCardPaymentAvailable();

  const db = await getDb();
  const placed = await db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    // The seats are counted, checked and taken by confirmSeats under the section locks; the order is priced and written here.
    return confirmSeats(tx, {
      userId,
      wanted,
      now,
      count: { buyerId: userId },
      write: async ({ locked, counts, filled }, seatsAs) => {
        // Issue 39: each seat at what the cart showed for it now (a running class: per session × sessions left).
        const lines = wanted.map((w) => {
          const section = locked.get(w.sectionId)!;
          return { ...w, section, priceMinor: sectionFacts(section, now).seatPriceMinor };
        });
        const totalMinor = lines.reduce((sum, line) => sum + line.priceMinor, 0);
        if (options.expectedTotalMinor !== undefined && options.expectedTotalMinor !== totalMinor) {
          throw new AppError("conflict", COMMERCE_MESSAGES.priceChanged(formatMoney(options.expectedTotalMinor), formatMoney(totalMinor)));
        }
        const balance = counts.balanceMinor;
        const walletMinor = Math.min(Math.max(balance, 0), totalMinor);
        const cardMinor = totalMinor - walletMinor;
        if (cardMinor > 0 && !cardAvailable) {
          throw new AppError("conflict", COMMERCE_MESSAGES.insufficientBalance(formatMoney(balance), formatMoney(totalMinor)));
        }
        // Unpaid holds cost nothing: one account may hold only so many seats while its card payments are pending.
        if (cardMinor > 0 && counts.buyerHeldSeats + lines.length > env.UNPAID_SEATS_PER_ACCOUNT) {
          throw new AppError("conflict", COMMERCE_MESSAGES.tooManyUnpaidSeats(env.UNPAID_SEATS_PER_ACCOUNT));
        }
        const isPaid = cardMinor === 0;
        const seats = seatsAs(isPaid ? "confirmed" : "held");
        const order = await insertOrder(tx, {
          values: {
            id: randomUUID(),
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
          },
          lines: lines.map((line, i) => ({
            sectionId: line.sectionId,
            learnerId: line.learnerId,
            priceMinor: line.priceMinor,
            seat: seats[i]!,
          })),
          balanceMinor: balance,
          filled,
          now,
        });
        return { orderId: order.id, paid: isPaid, result: { order, lines } };
      },
    });
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
  try {
    const session = await openCardSession({
      purchase: { pays: "order", id: order.id },
      amountMinor: order.cardMinor,
      currency: order.currency,
      name: itemNames.join(", ") || "Class seats",
      email: options.email,
      // With the seats' hold.
      expiresAt: order.holdExpiresAt ?? new Date(),
      returnPath: `/cart?order=${order.id}`,
      returnOrigin: options.returnOrigin,
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
