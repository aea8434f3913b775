// The platform's own tables: the event log, the outbox, the audit trail, rate limits, job runs.

import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { users } from "@/lib/platform/db/schema/accounts";

export const logEvents = pgTable(
  "log_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    eventName: text().notNull(),
    /**
     * The signed-in user's users.id (as text) from the session: the only user id the server vouches
     * for. Null for a visitor without a session (security issue item 8).
     */
    userId: text(),
    /**
     * What a client without a session said its user id was (SPEC 7's payload userId; the 'Log Out'
     * event is posted after the session ends). Kept apart from userId because nobody vouches for it.
     */
    claimedUserId: text(),
    currentUrl: text(),
    additionalInfo: jsonb(),
    ipAddress: text(),
    userAgent: text(),
    referer: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The admin's event list filters by name or by user and pages newest first: each filter has an
  // index in that order, so a page reads its rows from the index instead of sorting every match.
  // The name index also serves the distinct-names skip scan of lib/event-log/queries.ts.
  (t) => [
    index("log_events_created_at_idx").on(t.createdAt.desc()),
    index("log_events_name_created_idx").on(t.eventName, t.createdAt.desc(), t.id.desc()),
    index("log_events_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("log_events_claimed_user_created_idx").on(t.claimedUserId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Deliveries to outside services (ARCHITECTURE: Data). A row is written in the
 * same transaction as the thing it delivers, then sent with retries; a lease
 * (locked_until) lets several instances work the table without sending twice.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    topic: text().notNull(),
    /** Unique per delivered thing, sent as Idempotency-Key so the receiver can dedupe. */
    dedupeKey: text().notNull(),
    payload: jsonb().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    /** Who holds the lease: a worker's outcome is written only while this is still its own token. */
    leaseToken: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    /** Set when the attempts reach the cap: no more retries until an admin retries it (/admin/outbox). */
    deadAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("outbox_dedupe_key").on(t.dedupeKey),
    index("outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

/**
 * Who did what and when, for every staff action (issue 4): lead status and notes, role changes,
 * course edits, teacher application decisions. The actor's email is copied so the record
 * survives the actor's account.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    details: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_events_target_idx").on(t.targetType, t.targetId, t.createdAt.desc()),
    index("audit_events_created_at_idx").on(t.createdAt.desc()),
  ],
);

/**
 * Request counts per client and fixed window (issue 6): kept in the database, not in process
 * memory, so a limit holds across instances. Rows of past windows are pruned by lib/platform/http/rate-limit.ts.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    /** "<rule>:<client address>", e.g. "demo:203.0.113.7", or a hash for per-mailbox rules ("password-reset-email:<sha256>"). */
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_start_idx").on(t.windowStart)],
);

/**
 * Scheduled jobs' last runs: a job claims its day by moving last_run_at forward in the same
 * transaction as its work, so several instances run it once (lib/privacy/retention.ts).
 */
export const jobRuns = pgTable("job_runs", {
  name: text().primaryKey(),
  lastRunAt: timestamp({ withTimezone: true }).notNull(),
});
