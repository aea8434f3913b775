import "@/test/stripe-env";

import { eq } from "drizzle-orm";

import { earningsStatements, teacherPayoutAccounts } from "@/lib/platform/db/schema";
import { deliverEvents } from "@/test/events";
import { insertActor } from "@/test/fixtures";
import { teacherWithSeptember } from "@/test/september-teacher";
import { stripeWebhookHarness } from "@/test/stripe-webhook";

import { refreshPayoutAccount, startConnectOnboarding } from "./connect";
import { payStatement, sendPayoutTransfer } from "./payouts";

/**
 * Issue 39, "a payout retried more than 24 hours after a lost answer can pay twice": Stripe keeps
 * idempotency keys for 24 hours. Before creating a transfer the payout looks for one already made
 * for the statement (its transfer group and metadata), so a retry after any delay pays nothing twice.
 */
const { db, stripeApi } = stripeWebhookHarness();

test("a payout whose answer was lost, retried 25 hours later (the stand-in's clock moved, the key forgotten), finds the first transfer", async () => {
  const admin = await insertActor(db(), "admin");
  const { teacher, teacherId } = await teacherWithSeptember(db(), 1);
  await startConnectOnboarding(teacher, "http://localhost:3000");
  const [connected] = await db().select().from(teacherPayoutAccounts).where(eq(teacherPayoutAccounts.teacherId, teacherId));
  await stripeApi().completeOnboarding(connected!.stripeAccountId);
  await refreshPayoutAccount(teacher);

  await payStatement(admin, { teacherId, month: "2026-09", method: "stripe" });
  const before = stripeApi().transfers.length;
  await deliverEvents(db());
  expect(stripeApi().transfers.length).toBe(before + 1);
  const first = stripeApi().transfers.at(-1)!;

  // The answer was lost: the statement is still "paying" with no transfer id, and the retry comes 25 hours later.
  const [statement] = await db().select().from(earningsStatements).where(eq(earningsStatements.teacherId, teacherId));
  await db().update(earningsStatements).set({ status: "paying", stripeTransferId: null }).where(eq(earningsStatements.id, statement!.id));
  stripeApi().clockOffsetMs = 25 * 3_600_000;
  try {
    await sendPayoutTransfer(db(), statement!.id, statement!.attempt, new Date(Date.now() + 25 * 3_600_000));
  } finally {
    stripeApi().clockOffsetMs = 0;
  }

  expect(stripeApi().transfers.length).toBe(before + 1);
  const [after] = await db().select().from(earningsStatements).where(eq(earningsStatements.id, statement!.id));
  expect(after).toMatchObject({ status: "paid", stripeTransferId: first.id });
});
