import "@/test/stripe-env";

import { eq } from "drizzle-orm";
import type Stripe from "stripe";

import { handleStripeEvent } from "@/lib/commerce/payments/webhook";
import { earningsStatements, outbox, teacherPayoutAccounts } from "@/lib/platform/db/schema";
import { deliverEvents, markReactionsUndelivered } from "@/test/events";
import { insertActor } from "@/test/fixtures";
import { teacherWithSeptember as septemberClass } from "@/test/september-teacher";
import { stripeWebhookHarness } from "@/test/stripe-webhook";

import { findPayoutAccount, refreshPayoutAccount, startConnectOnboarding } from "./connect";
import { payStatement, sendPayoutTransfer } from "./payouts";
import { EARNINGS_MESSAGES } from "./schema";
import { teacherStatement } from "./statements";

/**
 * Issue 28: "a payout twice or for an unconnected teacher: a clear message, nothing changed"; "a
 * payout retried ten times transfers once". The transfer goes through the outbox (event in the
 * payment's transaction, the reaction transfers), with Stripe's idempotency key per statement; the
 * stand-in (test/stripe-stand-in.ts) counts the transfers it made.
 */
const { db, stripeApi } = stripeWebhookHarness();

/** Two $90.00 seats in a weekly class of September 2026 (over by now): something to pay for September. */
const teacherWithSeptember = () => septemberClass(db(), 2);

const statementsOf = (teacherId: number) => db().select().from(earningsStatements).where(eq(earningsStatements.teacherId, teacherId));
const payoutEvents = async () => (await db().select().from(outbox)).filter((row) => row.topic === "event:earnings.payout-requested");

describe("paying a teacher's statement through Stripe", () => {
  it("refuses an unconnected teacher, then transfers once however often, and in parallel, it is paid or retried", async () => {
    const admin = await insertActor(db(), "admin");
    const { teacher, teacherId } = await teacherWithSeptember();
    const september = await teacherStatement(teacherId, "2026-09");
    // 2 seats × $90.00 = $180.00 gross; 30% to the platform: $126.00 net.
    expect(september).toMatchObject({ status: "unpaid", grossMinor: 18_000, platformShareMinor: 5_400, netMinor: 12_600 });
    const pay = { teacherId, month: "2026-09", method: "stripe" };
    const eventsBefore = (await payoutEvents()).length;

    // Not connected: refused with a clear message; nothing stored, no event, no transfer.
    await expect(payStatement(admin, pay)).rejects.toThrow(/has not connected a Stripe account that can receive payouts/);
    // Connected but onboarding not finished (payouts not enabled yet): still refused.
    const link = await startConnectOnboarding(teacher, "http://localhost:3000");
    expect(link).toMatch(/\/connect\/onboard\/[0-9a-f]+$/);
    const account = await findPayoutAccount(teacherId);
    expect(account).toMatchObject({ payoutsEnabled: false });
    // A second "Connect" resumes the same Stripe account.
    await startConnectOnboarding(teacher, "http://localhost:3000");
    expect((await db().select().from(teacherPayoutAccounts).where(eq(teacherPayoutAccounts.teacherId, teacherId))).length).toBe(1);
    await expect(payStatement(admin, pay)).rejects.toThrow(/has not connected a Stripe account/);
    expect(await statementsOf(teacherId)).toEqual([]);
    expect((await payoutEvents()).length).toBe(eventsBefore);
    // Teachers cannot pay themselves.
    await expect(payStatement(teacher, pay)).rejects.toThrow("You are not allowed to do that.");

    // The teacher completes the onboarding; the return page reads the account back.
    await stripeApi().completeOnboarding(account!.stripeAccountId);
    expect(await refreshPayoutAccount(teacher)).toMatchObject({ payoutsEnabled: true, detailsSubmitted: true });

    // Ten admins' clicks at once: one payment, nine refusals saying it is being paid.
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => payStatement(admin, pay)));
    const paid = results.filter((r) => r.status === "fulfilled");
    expect(paid).toHaveLength(1);
    for (const refused of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(String(refused.reason.message)).toBe(EARNINGS_MESSAGES.beingPaid("September 2026"));
    }
    const [statement] = await statementsOf(teacherId);
    expect(statement).toMatchObject({ status: "paying", method: "stripe", netMinor: 12_600, stripeAccountId: account!.stripeAccountId });
    expect((await payoutEvents()).length).toBe(eventsBefore + 1);
    const transfersBefore = stripeApi().transfers.length;

    // The outbox runs the reaction: one transfer of the net to the teacher's account.
    await deliverEvents(db());
    expect(stripeApi().transfers.length).toBe(transfersBefore + 1);
    expect(stripeApi().transfers.at(-1)).toMatchObject({ amount: 12_600, currency: "usd", destination: account!.stripeAccountId });
    const [done] = await statementsOf(teacherId);
    expect(done).toMatchObject({ status: "paid", stripeTransferId: stripeApi().transfers.at(-1)!.id });

    // Delivered again ten times (at least once: a crash before its delivery was recorded): no second transfer.
    for (let i = 0; i < 10; i++) {
      await markReactionsUndelivered(db(), "earnings.payout-requested", "stripe-transfer");
      await deliverEvents(db());
    }
    // Even a run that finds it "paying" again (a crash between Stripe's answer and our update), ten at once: Stripe's key holds.
    await db().update(earningsStatements).set({ status: "paying", stripeTransferId: null }).where(eq(earningsStatements.id, statement!.id));
    await Promise.all(Array.from({ length: 10 }, () => sendPayoutTransfer(db(), statement!.id, 1)));
    expect(stripeApi().transfers.length).toBe(transfersBefore + 1);
    const [again] = await statementsOf(teacherId);
    expect(again).toMatchObject({ status: "paid", stripeTransferId: stripeApi().transfers.at(-1)!.id });

    // Paid: a second payment is refused, by Stripe or by hand.
    await expect(payStatement(admin, pay)).rejects.toThrow(EARNINGS_MESSAGES.alreadyPaid("September 2026"));
    await expect(payStatement(admin, { ...pay, method: "manual", reference: "cheque 12" })).rejects.toThrow(
      EARNINGS_MESSAGES.alreadyPaid("September 2026"),
    );
    expect(await statementsOf(teacherId)).toHaveLength(1);
  });

  it("reads a connected account's state from Stripe's account.updated webhook", async () => {
    const { teacher, teacherId } = await teacherWithSeptember();
    await startConnectOnboarding(teacher, "http://localhost:3000");
    const account = await findPayoutAccount(teacherId);
    const event = {
      id: `evt_account_${teacherId}`,
      object: "event",
      type: "account.updated",
      data: {
        object: { id: account!.stripeAccountId, object: "account", details_submitted: true, charges_enabled: true, payouts_enabled: true },
      },
    };
    expect(await handleStripeEvent(event as unknown as Stripe.Event)).toBe("processed");
    expect(await findPayoutAccount(teacherId)).toMatchObject({ payoutsEnabled: true, chargesEnabled: true });
  });

  it("refuses a month with nothing to pay, and a month not over", async () => {
    const admin = await insertActor(db(), "admin");
    const { teacherId } = await teacherWithSeptember();
    await expect(payStatement(admin, { teacherId, month: "2026-07", method: "manual", reference: "x" })).rejects.toThrow(
      "There is nothing to pay for July 2026: its net is $0.00.",
    );
    await expect(payStatement(admin, { teacherId, month: "2099-01", method: "manual", reference: "x" })).rejects.toThrow(
      EARNINGS_MESSAGES.monthNotOver("January 2099"),
    );
    await expect(payStatement(admin, { teacherId, month: "2026-09", method: "manual", reference: " " })).rejects.toThrow(
      EARNINGS_MESSAGES.referenceRequired,
    );
    expect(await statementsOf(teacherId)).toEqual([]);
  });

  it("marks a transfer Stripe refuses as failed with Stripe's message; paid again, a new attempt transfers once", async () => {
    const admin = await insertActor(db(), "admin");
    const { teacher, teacherId } = await teacherWithSeptember();
    await startConnectOnboarding(teacher, "http://localhost:3000");
    await stripeApi().completeOnboarding((await findPayoutAccount(teacherId))!.stripeAccountId);
    await refreshPayoutAccount(teacher);
    const pay = { teacherId, month: "2026-09", method: "stripe" };
    const before = stripeApi().transfers.length;

    stripeApi().refusingTransfers = "You have insufficient available funds in your Stripe account.";
    try {
      await payStatement(admin, pay);
      await deliverEvents(db());
    } finally {
      stripeApi().refusingTransfers = null;
    }
    const [failed] = await statementsOf(teacherId);
    expect(failed).toMatchObject({
      status: "failed",
      attempt: 1,
      failureMessage: "You have insufficient available funds in your Stripe account.",
    });
    expect(stripeApi().transfers.length).toBe(before);
    expect((await teacherStatement(teacherId, "2026-09")).status).toBe("failed");

    // Paid again: attempt 2, under its own key; one transfer.
    await payStatement(admin, pay);
    await deliverEvents(db());
    await markReactionsUndelivered(db(), "earnings.payout-requested", "stripe-transfer");
    await deliverEvents(db());
    expect(stripeApi().transfers.length).toBe(before + 1);
    expect(stripeApi().transfers.at(-1)!.idempotencyKey).toBe(`payout-statement-${failed!.id}-2`);
    const [paid] = await statementsOf(teacherId);
    expect(paid).toMatchObject({ status: "paid", attempt: 2, failureMessage: null, netMinor: 12_600 });
  });
});
