import "server-only";

import { randomUUID } from "node:crypto";

import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";

import type { Database } from "@/lib/platform/db/client";
import { outbox } from "@/lib/platform/db/schema";

/**
 * The outbox (ARCHITECTURE: Data): deliveries to outside services are rows
 * written with the data they carry, then sent with retries and backoff, so an
 * outage of the receiver loses nothing. Delivery is at least once; every send
 * carries the row's dedupe key as Idempotency-Key so the receiver can drop a
 * repeat after a crash between sending and marking (or a send that outlived its
 * lease). Messages that keep failing are dead-lettered, not retried forever.
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

/**
 * How long a worker holds one row while it sends it. Each row is claimed on its own, just before
 * its send, so the lease covers one send (senders time out well inside it: httpForwarder after
 * 10 s), not a whole batch of them. A worker whose lease ran out writes nothing (below).
 */
export const LEASE_MS = 60_000;
const BASE_BACKOFF_MS = 15_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/**
 * After this many failed attempts (about 12 hours of retries with the backoff below) a message is
 * dead-lettered: kept, shown to admins at /admin/outbox, and not retried until one of them says so.
 */
export const MAX_ATTEMPTS = 20;

/** 15 s, 30 s, 1 min, ... capped at an hour, until MAX_ATTEMPTS. */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

/** The row a worker holds, and the token that proves it still does. */
interface Claim {
  id: number;
  topic: string;
  dedupeKey: string;
  payload: unknown;
  attempts: number;
  leaseToken: string;
}

/**
 * Claims the next due message under a fresh lease, or null when none is due. SKIP LOCKED and the
 * lease keep two workers (instances, or a timer and a request's kick) from claiming the same row.
 */
async function claimNext(db: Database, topics: string[], now: Date, leaseMs: number): Promise<Claim | null> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.deliveredAt),
        isNull(outbox.deadAt),
        lte(outbox.nextAttemptAt, now),
        or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
        inArray(outbox.topic, topics),
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(outbox)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), leaseToken: randomUUID() })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      topic: outbox.topic,
      dedupeKey: outbox.dedupeKey,
      payload: outbox.payload,
      attempts: outbox.attempts,
      leaseToken: outbox.leaseToken,
    });
  return claimed?.leaseToken ? { ...claimed, leaseToken: claimed.leaseToken } : null;
}

/** Only while the lease is still this worker's: once it ran out, another worker may own the row. */
const stillHeld = (claim: Claim) => and(eq(outbox.id, claim.id), eq(outbox.leaseToken, claim.leaseToken));

/**
 * Sends due messages one by one (up to `limit`), each under its own lease, with the sender for its
 * topic, and records each outcome only if the lease is still held. `now` fixes the clock (tests);
 * otherwise each claim and each backoff reads the time when it happens.
 */
export async function deliverDue(
  db: Database,
  senders: Record<string, Sender>,
  options: { now?: Date; limit?: number; leaseMs?: number } = {},
): Promise<DeliveryReport> {
  const clock = () => options.now ?? new Date();
  const limit = options.limit ?? 20;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const topics = Object.keys(senders);
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  if (topics.length === 0) return report;

  for (let sent = 0; sent < limit; sent += 1) {
    const claim = await claimNext(db, topics, clock(), leaseMs);
    if (!claim) break;
    const send = senders[claim.topic];
    if (!send) break;
    let failure: string | null = null;
    try {
      await send({ topic: claim.topic, dedupeKey: claim.dedupeKey, payload: claim.payload });
    } catch (error) {
      failure = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    }
    const attempts = claim.attempts + 1;
    const isDead = failure !== null && attempts >= MAX_ATTEMPTS;
    const failedAt = clock();
    const recorded = await db
      .update(outbox)
      .set(
        failure === null
          ? { deliveredAt: new Date(), lockedUntil: null, leaseToken: null, attempts, lastError: null }
          : {
              attempts,
              lockedUntil: null,
              leaseToken: null,
              // From when this attempt failed, not from when the round began.
              nextAttemptAt: new Date(failedAt.getTime() + backoffMs(attempts)),
              deadAt: isDead ? failedAt : null,
              lastError: failure,
            },
      )
      .where(stillHeld(claim))
      .returning({ id: outbox.id });
    if (recorded.length === 0) {
      // The lease ran out during the send and another worker may have claimed the row: its outcome
      // stands. The receiver dedupes a second send by the Idempotency-Key.
      console.warn(`[outbox] lease on message ${claim.id} ran out during its send; outcome not recorded`);
      continue;
    }
    if (failure === null) report.delivered += 1;
    else report.failed += 1;
    if (isDead) console.error(`[outbox] message ${claim.id} (${claim.topic}) dead-lettered after ${attempts} attempts: ${failure}`);
  }
  return report;
}

export interface DeadLetter {
  id: number;
  topic: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  deadAt: Date;
}

/** Dead-lettered messages, most recent first, without their payloads (they carry personal data). */
export async function listDeadLetters(db: Database, limit = 200): Promise<DeadLetter[]> {
  const rows = await db
    .select({
      id: outbox.id,
      topic: outbox.topic,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      deadAt: outbox.deadAt,
    })
    .from(outbox)
    .where(and(isNotNull(outbox.deadAt), isNull(outbox.deliveredAt)))
    .orderBy(desc(outbox.deadAt), desc(outbox.id))
    .limit(limit);
  return rows.flatMap((row) => (row.deadAt ? [{ ...row, deadAt: row.deadAt }] : []));
}

/**
 * Puts a dead-lettered message back in the queue, due now, with a fresh count of attempts. Returns
 * its topic, or null when there is no such dead letter (already retried, or delivered).
 */
export async function retryDeadLetter(db: Pick<Database, "update">, id: number, now = new Date()): Promise<{ topic: string } | null> {
  const [row] = await db
    .update(outbox)
    .set({ deadAt: null, attempts: 0, nextAttemptAt: now, lockedUntil: null, leaseToken: null })
    .where(and(eq(outbox.id, id), isNotNull(outbox.deadAt), isNull(outbox.deliveredAt)))
    .returning({ topic: outbox.topic });
  return row ?? null;
}
