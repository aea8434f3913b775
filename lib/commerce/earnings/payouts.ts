import "server-only";

import { and, eq } from "drizzle-orm";
import Stripe from "stripe";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Database } from "@/lib/platform/db/client";
import { earningsStatements, teacherPayoutAccounts, users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";

import { payoutRequested } from "@/lib/commerce/events";
import { isCardPaymentAvailable, stripeClient } from "@/lib/commerce/payments/stripe";
import { formatMoney } from "@/lib/commerce/wallet/money";

import { monthLabel, monthRange } from "./attribution";
import { EARNINGS_MESSAGES, payStatementSchema } from "./schema";
import { teacherStatement } from "./statements";

export interface PayoutOutcome {
  statementId: number;
  status: "paying" | "paid";
  message: string;
}

/** The Stripe idempotency key of a statement's transfer: one transfer per statement and attempt, however often it is sent. */
export const transferKey = (statementId: number, attempt: number) => `payout-statement-${statementId}-${attempt}`;

/**
 * An admin pays one teacher's statement for a month that is over (issue 28). Under the teacher's
 * row lock, the month's figures are computed and stored (frozen) with the payment: by hand (a
 * reference, paid at once) or through Stripe (status "paying" and a payout-requested event in the
 * same transaction; the reaction transfers). Refused with a message, nothing changed: a month not
 * over, nothing to pay, already paid or being paid, Stripe off, or a teacher not connected.
 */
export async function payStatement(actor: Actor | null | undefined, input: unknown, now = new Date()): Promise<PayoutOutcome> {
  authorize(actor, "earnings.manage");
  const { teacherId, month, method, reference } = parseInput(payStatementSchema, input);
  const label = monthLabel(month);
  if (monthRange(month).to.getTime() > now.getTime()) throw new AppError("conflict", EARNINGS_MESSAGES.monthNotOver(label));
  if (method === "stripe" && !isCardPaymentAvailable()) throw new AppError("conflict", EARNINGS_MESSAGES.stripeOff);
  const db = await getDb();
  return db.transaction(async (tx) => {
    // One payment decision per teacher at a time: a second click, or a second admin, waits here and then finds the first.
    const [teacher] = await tx
      .select({ id: users.id, name: users.displayName, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, teacherId))
      .for("update");
    if (!teacher) throw new AppError("not-found", EARNINGS_MESSAGES.notATeacher);
    const name = teacher.name ?? teacher.email;
    let account: { stripeAccountId: string } | null = null;
    if (method === "stripe") {
      const [connected] = await tx
        .select({ stripeAccountId: teacherPayoutAccounts.stripeAccountId })
        .from(teacherPayoutAccounts)
        .where(and(eq(teacherPayoutAccounts.teacherId, teacherId), eq(teacherPayoutAccounts.payoutsEnabled, true)));
      if (!connected) throw new AppError("conflict", EARNINGS_MESSAGES.notConnected(name));
      account = connected;
    }
    const [stored] = await tx
      .select()
      .from(earningsStatements)
      .where(and(eq(earningsStatements.teacherId, teacherId), eq(earningsStatements.month, `${month}-01`)));
    if (stored?.status === "paid") throw new AppError("conflict", EARNINGS_MESSAGES.alreadyPaid(label));
    if (stored?.status === "paying") throw new AppError("conflict", EARNINGS_MESSAGES.beingPaid(label));

    let statementId: number;
    let attempt = 1;
    if (stored) {
      // A Stripe transfer that failed: paid again (by Stripe, a new attempt and key; or by hand), with the figures as they were frozen.
      attempt = stored.attempt + 1;
      statementId = stored.id;
      await tx
        .update(earningsStatements)
        .set({
          status: method === "manual" ? "paid" : "paying",
          method,
          reference: method === "manual" ? reference : null,
          stripeAccountId: account?.stripeAccountId ?? null,
          attempt,
          failureMessage: null,
          paidById: actor.id,
          paidAt: method === "manual" ? now : null,
          updatedAt: now,
        })
        .where(eq(earningsStatements.id, stored.id));
    } else {
      const statement = await teacherStatement(teacherId, month, now, tx);
      if (statement.netMinor <= 0) {
        throw new AppError("conflict", EARNINGS_MESSAGES.nothingToPay(label, formatMoney(statement.netMinor, statement.currency)));
      }
      const [row] = await tx
        .insert(earningsStatements)
        .values({
          teacherId,
          month: `${month}-01`,
          currency: statement.currency,
          sessions: statement.sessions,
          seats: statement.seats,
          grossMinor: statement.grossMinor,
          refundsMinor: statement.refundsMinor,
          creditsMinor: statement.creditsMinor,
          platformSharePercent: statement.platformSharePercent,
          platformShareMinor: statement.platformShareMinor,
          carriedMinor: statement.carriedMinor,
          netMinor: statement.netMinor,
          lines: statement.lines,
          status: method === "manual" ? "paid" : "paying",
          method,
          reference: method === "manual" ? reference : null,
          stripeAccountId: account?.stripeAccountId ?? null,
          paidById: actor.id,
          paidAt: method === "manual" ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: earningsStatements.id });
      statementId = row!.id;
    }
    const [frozen] = await tx
      .select({ netMinor: earningsStatements.netMinor, currency: earningsStatements.currency })
      .from(earningsStatements)
      .where(eq(earningsStatements.id, statementId));
    const amount = formatMoney(frozen!.netMinor, frozen!.currency);
    if (method === "stripe") await emit(tx, payoutRequested, { statementId, attempt });
    await recordAudit(tx, actor, {
      action: method === "stripe" ? "earnings.pay-stripe" : "earnings.pay-manual",
      targetType: "earnings_statement",
      targetId: statementId,
      details: { teacherId, month, netMinor: frozen!.netMinor, reference: method === "manual" ? reference : null, attempt },
    });
    return method === "stripe"
      ? { statementId, status: "paying", message: `${amount} is being sent to ${name}'s Stripe account for ${label}.` }
      : { statementId, status: "paid", message: `${label} is recorded as paid to ${name}: ${amount}, reference ${reference}.` };
  });
}

/** The Stripe transfer group of a statement's payout: how a retry finds a transfer already made. */
const transferGroupOf = (statementId: number) => `statement-${statementId}`;

/**
 * The reaction to earnings.payout-requested: sends the statement's transfer to the teacher's
 * connected account, then marks it paid. Idempotent: a statement no longer "paying" is done, and
 * Stripe's idempotency key (statement and attempt) makes a repeat, or a run in parallel, answer the
 * first transfer instead of making a second. Stripe unreachable: throws, and the outbox retries.
 * Stripe refusing the transfer (an invalid request: no such account, insufficient funds): the
 * statement is marked failed with Stripe's message, for an admin to pay again.
 */
export async function sendPayoutTransfer(db: Database, statementId: number, attempt: number, now = new Date()): Promise<void> {
  const [statement] = await db.select().from(earningsStatements).where(eq(earningsStatements.id, statementId));
  if (!statement || statement.status !== "paying" || statement.attempt !== attempt || !statement.stripeAccountId) return;
  const stripe = stripeClient();
  if (!stripe) throw new Error("Stripe is not configured: the payout waits in the outbox");
  let transferId: string;
  try {
    // Issue 39: Stripe keeps an idempotency key for 24 hours, so a retry after a lost answer a day
    // later would pay twice: a transfer already made for this statement (its group and metadata) is the answer.
    const made = await stripe.transfers.list({ transfer_group: transferGroupOf(statement.id), limit: 10 });
    const existing = made.data.find(
      (t) =>
        !t.reversed &&
        t.metadata?.statementId === String(statement.id) &&
        t.metadata?.teacherId === String(statement.teacherId) &&
        t.metadata?.month === statement.month.slice(0, 7),
    );
    const transfer =
      existing ??
      (await stripe.transfers.create(
        {
          amount: statement.netMinor,
          currency: statement.currency.toLowerCase(),
          destination: statement.stripeAccountId,
          transfer_group: transferGroupOf(statement.id),
          description: `Earnings for ${monthLabel(statement.month.slice(0, 7))}`,
          metadata: { statementId: String(statement.id), teacherId: String(statement.teacherId), month: statement.month.slice(0, 7) },
        },
        { idempotencyKey: transferKey(statement.id, attempt) },
      ));
    transferId = transfer.id;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      await db
        .update(earningsStatements)
        .set({ status: "failed", failureMessage: error.message.slice(0, 500), updatedAt: now })
        .where(
          and(eq(earningsStatements.id, statementId), eq(earningsStatements.status, "paying"), eq(earningsStatements.attempt, attempt)),
        );
      return;
    }
    throw error;
  }
  await db
    .update(earningsStatements)
    .set({ status: "paid", stripeTransferId: transferId, paidAt: now, updatedAt: now })
    .where(and(eq(earningsStatements.id, statementId), eq(earningsStatements.status, "paying"), eq(earningsStatements.attempt, attempt)));
}
