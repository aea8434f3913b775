import "server-only";

import { and, inArray, isNull, sql } from "drizzle-orm";

import { getDb, type Transaction } from "@/lib/platform/db/client";
import { claimJobRun } from "@/lib/platform/db/job-runs";
import { auditEvents, bookings, demoRequests, logEvents, outbox } from "@/lib/platform/db/schema";
import { fileStore } from "@/lib/homework/file-store";
import { purgeKeptConversations } from "@/lib/messages/kept-conversations";
import { RETENTION, type RetentionPolicy } from "@/lib/privacy/config";

export const RETENTION_JOB = "privacy-retention";
/** Less than a day, so a timer that fires a little early the next day still runs. */
const MIN_HOURS_BETWEEN_RUNS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionResult {
  /** False when another run (another instance, or this one earlier today) has the day. */
  ran: boolean;
  networkDataCleared: number;
  leadsDeleted: number;
  eventsDeleted: number;
  outboxPayloadsCleared: number;
  homeworkFilesDeleted: number;
  /** A deleted family's conversations kept for the safety team, past their period (lib/messages/kept-conversations.ts). */
  keptConversationsDeleted: number;
}

function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Claims today's run: moves last_run_at to `now` unless a run happened less than 20 hours before. */
const claimRun = (tx: Transaction, now: Date) => claimJobRun(tx, RETENTION_JOB, now, MIN_HOURS_BETWEEN_RUNS * 3_600_000);

/**
 * The daily retention job. Everything in one transaction, together with the claim of the day: a
 * failure leaves the day unclaimed for the next try, and a second instance (or a second timer)
 * waits on the claim's row lock and then finds the day taken. `now` is a parameter so tests can
 * move the clock.
 */
export async function runRetention(now: Date = new Date(), policy: RetentionPolicy = RETENTION): Promise<RetentionResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await claimRun(tx, now)))
      return {
        ran: false,
        networkDataCleared: 0,
        leadsDeleted: 0,
        eventsDeleted: 0,
        outboxPayloadsCleared: 0,
        homeworkFilesDeleted: 0,
        keptConversationsDeleted: 0,
      };

    // Unconverted leads past their period, with the notes in their history and their deliveries.
    const leadCutoff = monthsBefore(now, policy.leadMonths);
    const isExpiredLead = sql`${demoRequests.status} <> 'converted' and ${demoRequests.updatedAt} < ${leadCutoff}`;
    // A demo booked signed out belongs to its lead alone and goes with it (a booking must be for
    // someone); one attached to an account's child stays, with the lead's link cleared.
    await tx
      .delete(bookings)
      .where(
        and(
          isNull(bookings.learnerId),
          inArray(bookings.demoRequestId, tx.select({ id: demoRequests.id }).from(demoRequests).where(isExpiredLead)),
        ),
      );
    const expired = await tx.delete(demoRequests).where(isExpiredLead).returning({ id: demoRequests.id });
    const expiredIds = expired.map((row) => row.id);
    if (expiredIds.length > 0) {
      await tx
        .delete(auditEvents)
        .where(and(sql`${auditEvents.targetType} = 'demo_request'`, inArray(auditEvents.targetId, expiredIds.map(String))));
      await tx.delete(outbox).where(
        inArray(
          outbox.dedupeKey,
          expiredIds.map((id) => `demo_request:${id}`),
        ),
      );
    }

    const eventCutoff = monthsBefore(now, policy.eventMonths);
    const events = await tx
      .delete(logEvents)
      .where(sql`${logEvents.createdAt} < ${eventCutoff}`)
      .returning({ id: logEvents.id });

    // IP addresses and user agents past their period (security issue: 30 days by default).
    const networkCutoff = new Date(now.getTime() - policy.networkDataDays * DAY_MS);
    const leadsCleared = await tx
      .update(demoRequests)
      .set({ ipAddress: null, userAgent: null })
      .where(
        sql`${demoRequests.createdAt} < ${networkCutoff} and (${demoRequests.ipAddress} is not null or ${demoRequests.userAgent} is not null)`,
      )
      .returning({ id: demoRequests.id });
    const eventsCleared = await tx
      .update(logEvents)
      .set({ ipAddress: null, userAgent: null })
      .where(sql`${logEvents.createdAt} < ${networkCutoff} and (${logEvents.ipAddress} is not null or ${logEvents.userAgent} is not null)`)
      .returning({ id: logEvents.id });

    // A delivered message's copy of the lead is no longer needed: the row stays (its dedupe key
    // keeps a repeat from being sent), its payload goes.
    const delivered = await tx
      .update(outbox)
      .set({ payload: {} })
      .where(sql`${outbox.deliveredAt} is not null and ${outbox.payload} <> '{}'::jsonb`)
      .returning({ id: outbox.id });

    // Homework files past their period, through the file store (their hand-ins keep the text, marks and feedback).
    const homeworkFilesDeleted = await fileStore.purgeStoredBefore(tx, monthsBefore(now, policy.homeworkFileMonths));

    // Issue 40: a deleted family's conversations kept for the safety team, past their period.
    const keptConversationsDeleted = await purgeKeptConversations(tx, monthsBefore(now, policy.keptConversationMonths));

    return {
      ran: true,
      homeworkFilesDeleted,
      keptConversationsDeleted,
      networkDataCleared: leadsCleared.length + eventsCleared.length,
      leadsDeleted: expiredIds.length,
      eventsDeleted: events.length,
      outboxPayloadsCleared: delivered.length,
    };
  });
}

/**
 * The retention job as a line of the timed work (lib/reactions/table.ts TIMED_WORK): checked every
 * hour, so a restart or a failed run is made up within the hour; the claim makes it once a day
 * across every instance. Answers 1 when it ran today's purge, 0 when the day was already taken.
 */
export async function runRetentionJob(_db: unknown, now: Date): Promise<number> {
  const result = await runRetention(now);
  if (result.ran) console.log("[privacy] retention job:", JSON.stringify(result));
  return result.ran ? 1 : 0;
}
