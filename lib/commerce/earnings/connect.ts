import "server-only";

import { eq } from "drizzle-orm";
import type Stripe from "stripe";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Transaction } from "@/lib/platform/db/client";
import { teacherPayoutAccounts, users } from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";

import { isCardPaymentAvailable, stripeClient } from "@/lib/commerce/payments/stripe";

/** Where Stripe's onboarding sends the teacher back: done (or left), or the link expired (a new one is made). */
export const CONNECT_RETURN_PATH = "/teacher/earnings/connect/return";
export const CONNECT_REFRESH_PATH = "/teacher/earnings/connect/refresh";

export interface PayoutAccount {
  stripeAccountId: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

/** Whether teachers can connect a Stripe account here: Stripe is configured (or its local stand-in runs). */
export const isConnectAvailable = () => isCardPaymentAvailable();

export async function findPayoutAccount(teacherId: number): Promise<PayoutAccount | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      stripeAccountId: teacherPayoutAccounts.stripeAccountId,
      detailsSubmitted: teacherPayoutAccounts.detailsSubmitted,
      chargesEnabled: teacherPayoutAccounts.chargesEnabled,
      payoutsEnabled: teacherPayoutAccounts.payoutsEnabled,
    })
    .from(teacherPayoutAccounts)
    .where(eq(teacherPayoutAccounts.teacherId, teacherId));
  return row ?? null;
}

function requireStripe(): Stripe {
  const stripe = stripeClient();
  if (!stripe) throw new AppError("conflict", "Stripe is not configured here: payouts are made by hand by an admin.");
  return stripe;
}

/**
 * The teacher's Express account: the stored one, or a new one. Stripe's idempotency key is the
 * teacher, so two clicks at once create one account, and the insert keeps the first row.
 */
async function ensureAccount(stripe: Stripe, teacherId: number): Promise<string> {
  const existing = await findPayoutAccount(teacherId);
  if (existing) return existing.stripeAccountId;
  const db = await getDb();
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, teacherId));
  const account = await stripe.accounts.create(
    {
      type: "express",
      email: user?.email,
      capabilities: { transfers: { requested: true } },
      metadata: { teacherId: String(teacherId) },
    },
    { idempotencyKey: `connect-account-${teacherId}` },
  );
  await db
    .insert(teacherPayoutAccounts)
    .values({ teacherId, ...flagsOf(account), stripeAccountId: account.id })
    .onConflictDoNothing({ target: teacherPayoutAccounts.teacherId });
  return (await findPayoutAccount(teacherId))?.stripeAccountId ?? account.id;
}

const flagsOf = (account: Pick<Stripe.Account, "details_submitted" | "charges_enabled" | "payouts_enabled">) => ({
  detailsSubmitted: Boolean(account.details_submitted),
  chargesEnabled: Boolean(account.charges_enabled),
  payoutsEnabled: Boolean(account.payouts_enabled),
});

/**
 * A teacher starts (or resumes) Stripe's onboarding: their Express account (made once), and a fresh
 * single-use Account Link to Stripe's hosted form, which sends them back to CONNECT_RETURN_PATH (or
 * CONNECT_REFRESH_PATH once the link has expired). Returns the link's URL to redirect to.
 */
export async function startConnectOnboarding(actor: Actor | null | undefined, origin = env.APP_URL): Promise<string> {
  authorize(actor, "earnings.read-own");
  const stripe = requireStripe();
  const accountId = await ensureAccount(stripe, actor.id);
  const link = await stripe.accountLinks.create({
    account: accountId,
    type: "account_onboarding",
    refresh_url: `${origin}${CONNECT_REFRESH_PATH}`,
    return_url: `${origin}${CONNECT_RETURN_PATH}`,
  });
  return link.url;
}

/** Reads the teacher's account back from Stripe (after the onboarding's return) and stores whether it can take payouts. */
export async function refreshPayoutAccount(actor: Actor | null | undefined): Promise<PayoutAccount | null> {
  authorize(actor, "earnings.read-own");
  const stored = await findPayoutAccount(actor.id);
  if (!stored) return null;
  const stripe = requireStripe();
  const account = await stripe.accounts.retrieve(stored.stripeAccountId);
  const db = await getDb();
  await db
    .update(teacherPayoutAccounts)
    .set({ ...flagsOf(account), updatedAt: new Date() })
    .where(eq(teacherPayoutAccounts.teacherId, actor.id));
  return findPayoutAccount(actor.id);
}

/** Stripe's account.updated webhook (in the webhook's transaction): the connected account's flags as Stripe sends them. */
export async function applyAccountUpdated(tx: Transaction, account: Stripe.Account, now: Date): Promise<boolean> {
  const updated = await tx
    .update(teacherPayoutAccounts)
    .set({ ...flagsOf(account), updatedAt: now })
    .where(eq(teacherPayoutAccounts.stripeAccountId, account.id))
    .returning({ teacherId: teacherPayoutAccounts.teacherId });
  return updated.length > 0;
}
