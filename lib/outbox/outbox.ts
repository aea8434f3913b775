import "server-only";

import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";

import type { Database } from "@/lib/db/client";
import { outbox } from "@/lib/db/schema";

/**
 * The outbox (ARCHITECTURE: Data): deliveries to outside services are rows
 * written with the data they carry, then sent with retries and backoff, so an
 * outage of the receiver loses nothing. Delivery is at least once; every send
 * carries the row's dedupe key as Idempotency-Key so the receiver can drop a
 * repeat after a crash between sending and marking.
 */
type Executor = Pick<Database, "insert">;

export interface OutboxMessage {
  topic: string;
  dedupeKey: string;
  payload: unknown;
}

export async function enqueue(tx: Executor, message: OutboxMessage): Promise<void> {
  await tx
    .insert(outbox)
    .values({ topic: message.topic, dedupeKey: message.dedupeKey, payload: message.payload })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}

/** Sends one message; throws (or rejects) when the receiver did not take it. */
export type Sender = (message: OutboxMessage) => Promise<void>;

export const LEASE_MS = 60_000;
const BASE_BACKOFF_MS = 15_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** 15 s, 30 s, 1 min, ... capped at an hour: retries never stop, they only slow down. */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

/**
 * Claims due messages under a lease (so instances do not send the same row at the
 * same time), sends each with the sender for its topic, and records the outcome.
 */
export async function deliverDue(
  db: Database,
  senders: Record<string, Sender>,
  options: { now?: Date; limit?: number } = {},
): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 20;
  const leaseUntil = new Date(now.getTime() + LEASE_MS);

  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.deliveredAt),
        lte(outbox.nextAttemptAt, now),
        or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
        inArray(outbox.topic, Object.keys(senders)),
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });

  const claimed = await db
    .update(outbox)
    .set({ lockedUntil: leaseUntil })
    .where(inArray(outbox.id, due))
    .returning({ id: outbox.id, topic: outbox.topic, dedupeKey: outbox.dedupeKey, payload: outbox.payload, attempts: outbox.attempts });

  const report: DeliveryReport = { delivered: 0, failed: 0 };
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    const send = senders[row.topic];
    if (!send) continue;
    try {
      await send({ topic: row.topic, dedupeKey: row.dedupeKey, payload: row.payload });
      await db
        .update(outbox)
        .set({ deliveredAt: new Date(), lockedUntil: null, attempts: sql`${outbox.attempts} + 1`, lastError: null })
        .where(eq(outbox.id, row.id));
      report.delivered += 1;
    } catch (error) {
      const attempts = row.attempts + 1;
      await db
        .update(outbox)
        .set({
          attempts,
          lockedUntil: null,
          nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        })
        .where(eq(outbox.id, row.id));
      report.failed += 1;
    }
  }
  return report;
}
