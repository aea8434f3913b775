import "server-only";

import { randomUUID } from "node:crypto";

import { performance } from "node:perf_hooks";

import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";

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
  await enqueueAll(tx, [message]);
}

/** Due from now, to the millisecond (see enqueueAll). */
const DUE_NOW = sql`date_trunc('milliseconds', now())`;

/**
 * Queues several messages in one statement (a transaction that holds locks sends one insert, not
 * one per message). A key already queued is skipped, as with `enqueue`.
 */
export async function enqueueAll(tx: Executor, messages: OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx
    .insert(outbox)
    // Due from now, to the millisecond: the claim compares with a JavaScript Date (milliseconds),
    // and now()'s microseconds would leave a message claimed within its own millisecond not yet due.
    .values(messages.map(({ topic, dedupeKey, payload }) => ({ topic, dedupeKey, payload, nextAttemptAt: DUE_NOW })))
    .onConflictDoNothing({ target: outbox.dedupeKey });
}

/**
 * Sends one message; throws (or rejects) when the receiver did not take it. `db` is the database
 * the message was claimed from, for a sender that reads what it sends at delivery.
 */
export type Sender = (message: OutboxMessage, db: Database) => Promise<void>;

/**
 * What a sender throws when the receiver refused the message for good (retrying cannot change its
 * answer): the message is dead-lettered at once instead of being retried for hours.
 */
export class PermanentDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PermanentDeliveryError";
  }
}

/**
 * What a topic does once the outbox gives up on one of its messages (dead-lettered: MAX_ATTEMPTS
 * failures, or a PermanentDeliveryError), with the last error: e.g. tell the people who must act.
 * Runs after the dead letter is written; the dead letter itself is listed at /admin/outbox either way.
 */
export type DeadLetterHandler = (message: OutboxMessage, db: Database, error: string) => Promise<void>;

/**
 * How long a worker holds the rows it claimed. A worker claims a batch of due rows under one lease
 * and starts a send only while at least half of the lease is left (SEND_WINDOW below), so every
 * started send (senders time out well inside half a lease: httpForwarder after 10 s, SMTP within
 * its timeouts) ends before the lease does. A worker whose lease ran out writes nothing (below);
 * a crashed worker's rows are due again once its lease expires.
 */
export const LEASE_MS = 60_000;
const BASE_BACKOFF_MS = 15_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/**
 * After this many failed attempts (about 12 hours of retries with the backoff below) a message is
 * dead-lettered: kept, shown to admins at /admin/outbox, and not retried until one of them says so.
 */
export const MAX_ATTEMPTS = 20;
/** Rows claimed per query; their outcomes are written in one statement per kind. */
const BATCH_SIZE = 50;
/** Sends in flight at once per worker (the SMTP sender pools its connections to match). */
export const SEND_CONCURRENCY = 10;
/** What a round delivers at most before it gives the process back (the timer comes again). */
const ROUND_LIMIT = 1_000;
/** The share of the lease in which a worker still starts sends; the rest is for them to finish. */
const SEND_WINDOW = 0.5;

/** 15 s, 30 s, 1 min, ... capped at an hour, until MAX_ATTEMPTS. */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

interface ClaimedRow {
  id: number;
  topic: string;
  dedupeKey: string;
  payload: unknown;
  attempts: number;
}

/** The rows a worker holds, and the token that proves it still does. */
interface Claim {
  rows: ClaimedRow[];
  leaseToken: string;
}

/**
 * Claims up to `size` due messages under one fresh lease, in one statement. SKIP LOCKED and the
 * lease keep two workers (instances, or a timer and a request's kick) from claiming the same row:
 * on PostgreSQL's many connections the row locks, on PGlite's one connection the statements'
 * order (each claim sees the leases written before it).
 */
async function claimBatch(db: Database, topics: string[], now: Date, leaseMs: number, size: number): Promise<Claim> {
  const leaseToken = randomUUID();
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
    .limit(size)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), leaseToken })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      topic: outbox.topic,
      dedupeKey: outbox.dedupeKey,
      payload: outbox.payload,
      attempts: outbox.attempts,
    });
  return { rows: rows.sort((a, b) => a.id - b.id), leaseToken };
}

/** What became of one claimed row this round. */
type Outcome = { kind: "delivered" } | { kind: "failed"; error: string; at: Date; isPermanent: boolean } | { kind: "unsent" };

/** A failure after which the message is not tried again on its own. */
const isDeadAfter = (outcome: { isPermanent: boolean }, attempts: number) => outcome.isPermanent || attempts >= MAX_ATTEMPTS;

/**
 * Sends the claimed rows, at most `concurrency` at once, starting none after `sendBy` (a
 * performance.now() time): those stay "unsent" and are handed back.
 */
async function sendClaimed(
  db: Database,
  rows: ClaimedRow[],
  senders: Record<string, Sender>,
  options: { concurrency: number; sendBy: number; clock: () => Date },
): Promise<Outcome[]> {
  const outcomes: Outcome[] = rows.map(() => ({ kind: "unsent" }));
  let next = 0;
  const lane = async () => {
    while (next < rows.length && performance.now() < options.sendBy) {
      const index = next++;
      const row = rows[index]!;
      const send = senders[row.topic];
      if (!send) continue;
      try {
        await send({ topic: row.topic, dedupeKey: row.dedupeKey, payload: row.payload }, db);
        outcomes[index] = { kind: "delivered" };
      } catch (error) {
        // From when this attempt failed, not from when the round began.
        outcomes[index] = {
          kind: "failed",
          error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          at: options.clock(),
          isPermanent: error instanceof PermanentDeliveryError,
        };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, rows.length) }, lane));
  return outcomes;
}

/** Only while the lease is still this worker's: once it ran out, another worker may own the rows. */
const stillHeld = (ids: number[], leaseToken: string) => and(inArray(outbox.id, ids), eq(outbox.leaseToken, leaseToken));

/**
 * Writes a batch's outcomes, one statement per kind, each only where the lease is still held.
 * Returns the ids whose outcome was written.
 */
async function recordOutcomes(db: Database, claim: Claim, outcomes: Outcome[]): Promise<Set<number>> {
  const delivered: number[] = [];
  const failed: Array<{ id: number; attempts: number; next_attempt_at: string; dead_at: string | null; last_error: string }> = [];
  const unsent: number[] = [];
  claim.rows.forEach((row, index) => {
    const outcome = outcomes[index]!;
    if (outcome.kind === "delivered") delivered.push(row.id);
    else if (outcome.kind === "unsent") unsent.push(row.id);
    else {
      const attempts = row.attempts + 1;
      failed.push({
        id: row.id,
        attempts,
        next_attempt_at: new Date(outcome.at.getTime() + backoffMs(attempts)).toISOString(),
        dead_at: isDeadAfter(outcome, attempts) ? outcome.at.toISOString() : null,
        last_error: outcome.error,
      });
    }
  });
  const recorded = new Set<number>();
  const note = (rows: Array<{ id: number }>) => rows.forEach((row) => recorded.add(row.id));
  if (delivered.length > 0) {
    note(
      await db
        .update(outbox)
        .set({ deliveredAt: new Date(), lockedUntil: null, leaseToken: null, attempts: sql`${outbox.attempts} + 1`, lastError: null })
        .where(stillHeld(delivered, claim.leaseToken))
        .returning({ id: outbox.id }),
    );
  }
  if (failed.length > 0) {
    // Each failure has its own count, backoff and error: one statement over a JSON list of them.
    const f = sql`jsonb_to_recordset(${JSON.stringify(failed)}::jsonb) as f(id bigint, attempts integer, next_attempt_at timestamptz, dead_at timestamptz, last_error text)`;
    note(
      await db
        .update(outbox)
        .set({
          attempts: sql`f.attempts`,
          lockedUntil: null,
          leaseToken: null,
          nextAttemptAt: sql`f.next_attempt_at`,
          deadAt: sql`f.dead_at`,
          lastError: sql`f.last_error`,
        })
        .from(f)
        .where(and(eq(outbox.id, sql`f.id`), eq(outbox.leaseToken, claim.leaseToken)))
        .returning({ id: outbox.id }),
    );
  }
  if (unsent.length > 0) {
    // Not attempted (the send window closed): due again at once for any worker, attempts unchanged.
    await db.update(outbox).set({ lockedUntil: null, leaseToken: null }).where(stillHeld(unsent, claim.leaseToken));
  }
  return recorded;
}

/**
 * Sends due messages (up to `limit`) with the sender for their topic: claims them a batch at a time
 * under one lease per batch, sends each batch with bounded concurrency, and records the outcomes
 * only where the lease is still held. `now` fixes the clock (tests); otherwise each claim and each
 * backoff reads the time when it happens.
 */
export async function deliverDue(
  db: Database,
  senders: Record<string, Sender>,
  options: {
    now?: Date;
    limit?: number;
    leaseMs?: number;
    batchSize?: number;
    concurrency?: number;
    /** Per topic, what to do once a message of it is dead-lettered. */
    onDeadLetter?: Record<string, DeadLetterHandler>;
  } = {},
): Promise<DeliveryReport> {
  const clock = () => options.now ?? new Date();
  const limit = options.limit ?? ROUND_LIMIT;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const concurrency = options.concurrency ?? SEND_CONCURRENCY;
  const topics = Object.keys(senders);
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  if (topics.length === 0) return report;

  let handled = 0;
  while (handled < limit) {
    const size = Math.min(batchSize, limit - handled);
    // Measured from before the claim, on a clock that is never fixed: the lease began no earlier.
    const sendBy = performance.now() + leaseMs * SEND_WINDOW;
    const claim = await claimBatch(db, topics, clock(), leaseMs, size);
    if (claim.rows.length === 0) break;
    const outcomes = await sendClaimed(db, claim.rows, senders, { concurrency, sendBy, clock });
    const recorded = await recordOutcomes(db, claim, outcomes);
    const deadLetters: Array<{ row: ClaimedRow; error: string }> = [];
    claim.rows.forEach((row, index) => {
      const outcome = outcomes[index]!;
      if (outcome.kind === "unsent") return;
      handled += 1;
      if (!recorded.has(row.id)) {
        // The lease ran out during the send and another worker may have claimed the row: its
        // outcome stands. The receiver dedupes a second send by the Idempotency-Key.
        console.warn(`[outbox] lease on message ${row.id} ran out during its send; outcome not recorded`);
        return;
      }
      if (outcome.kind === "delivered") report.delivered += 1;
      else {
        report.failed += 1;
        const attempts = row.attempts + 1;
        if (isDeadAfter(outcome, attempts)) {
          const why = outcome.isPermanent ? "refused for good" : `after ${attempts} attempts`;
          console.error(`[outbox] message ${row.id} (${row.topic}) dead-lettered ${why}: ${outcome.error}`);
          deadLetters.push({ row, error: outcome.error });
        }
      }
    });
    for (const { row, error } of deadLetters) await handleDeadLetter(db, options.onDeadLetter?.[row.topic], row, error);
    // Fewer due than asked for: the queue is drained (for now). Rows left unsent: the sends are slow
    // enough to outlast the window, so the round ends and the rows wait for the next (any worker's).
    if (claim.rows.length < size || outcomes.some((outcome) => outcome.kind === "unsent")) break;
  }
  return report;
}

/**
 * Delivers round after round while a round delivers anything (what one message's sender queues, the
 * next round sends: an event, its handlers, their emails), at most `rounds` rounds. `at` gives each
 * round's clock (default: the present).
 */
export async function deliverChained(
  db: Database,
  senders: Record<string, Sender>,
  options: { rounds: number; at?: () => Date; limit?: number; onDeadLetter?: Record<string, DeadLetterHandler> },
): Promise<DeliveryReport> {
  const total: DeliveryReport = { delivered: 0, failed: 0 };
  for (let round = 0; round < options.rounds; round += 1) {
    const report = await deliverDue(db, senders, { now: options.at?.(), limit: options.limit, onDeadLetter: options.onDeadLetter });
    total.delivered += report.delivered;
    total.failed += report.failed;
    if (report.delivered === 0) break;
  }
  return total;
}

/** Runs a topic's dead-letter handler; its failure is logged (the dead letter stays listed for admins). */
async function handleDeadLetter(db: Database, handler: DeadLetterHandler | undefined, row: ClaimedRow, error: string): Promise<void> {
  if (!handler) return;
  try {
    await handler({ topic: row.topic, dedupeKey: row.dedupeKey, payload: row.payload }, db, error);
  } catch (failure) {
    console.error(`[outbox] dead-letter handler for message ${row.id} (${row.topic}) failed:`, failure);
  }
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
