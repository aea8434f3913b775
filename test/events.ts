import { eq } from "drizzle-orm";

import type { Database } from "@/lib/platform/db/client";
import { outbox } from "@/lib/platform/db/schema";
import { handlerTopic } from "@/lib/platform/events/reactions";
import { runTimedJobs } from "@/lib/platform/events/timed";
import { deliverChained, type DeliveryReport } from "@/lib/platform/outbox/outbox";
import { TIMED_WORK } from "@/lib/reactions/table";
import { eventSenders } from "@/lib/wiring/outbox-routes";

/**
 * Hands every due domain event to its handlers (lib/reactions/table.ts) and runs them, as the
 * outbox worker does after a commit, until none is left: what the handlers queue (emails) stays
 * queued for the caller to deliver or read. Returns what was handed over and run.
 */
export async function deliverEvents(db: Database, now = new Date()): Promise<DeliveryReport> {
  // The rows a round queues are due from the moment they were written: never before `now`.
  return deliverChained(db, eventSenders(), { rounds: 100, at: () => notBefore(now), limit: 500 });
}

/** `now`, or the present once it has passed `now` (a test may deliver at a later time for retries). */
export const notBefore = (now: Date) => new Date(Math.max(now.getTime(), Date.now()));

/**
 * Makes every row that carried `event` to `handler` due again, as after a crash before their
 * delivery was recorded (delivery is at least once); returns how many.
 */
export async function markReactionsUndelivered(db: Database, event: string, handler: string): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ deliveredAt: null })
    .where(eq(outbox.topic, handlerTopic(event, handler)))
    .returning({ id: outbox.id });
  return rows.length;
}

/**
 * The timed work that runs every minute (lib/reactions/table.ts TIMED_WORK: reminders, digests,
 * waitlist lapses, lapsed clearances ...), once at `now`, as one instance's round does; not the
 * slower jobs (session credits, retention). Answers what each job did, by name.
 */
export function runMinuteJobs(db: Database, now = new Date()): Promise<Record<string, number>> {
  return runTimedJobs(
    db,
    TIMED_WORK.filter((job) => job.everyMs === 60_000),
    now,
  );
}
