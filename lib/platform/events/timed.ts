import "server-only";

import { getDb, type Database } from "@/lib/platform/db/client";
import { claimJobRun } from "@/lib/platform/db/job-runs";
import { deliverOutbox } from "@/lib/platform/outbox/worker";

/**
 * Work the clock causes rather than an event (a reminder's hour come, an offer's deadline passed):
 * a line of the timed table beside the reactions (lib/reactions/table.ts TIMED_WORK), named for
 * what it does. Every instance keeps the timers, and each round of a job is claimed once across
 * instances (claimTimedRound), so one instance does it. A claim is not a guarantee (an instance may
 * die mid-round, and a slow round may meet the next), so each job must still be safe to run twice
 * at once: by its own keys (an email's outbox key), its row locks or a claim of its own period (a
 * job_runs row). `run` answers how many things it did; what it queues or emits is delivered by
 * the outbox worker, kicked once a round did something.
 */
export interface TimedJob {
  readonly name: string;
  readonly everyMs: number;
  run(db: Database, now: Date): Promise<number>;
}

export function every(everyMs: number, name: string, run: (db: Database, now: Date) => Promise<number>): TimedJob {
  return { name, everyMs, run };
}

/**
 * Claims `job`'s round at `now` for this instance (a job_runs row named `timed:<name>`): false when
 * another instance claimed it within the interval, less a tenth for the timers' drift (an instance
 * whose timer fires a little early still gets its next round).
 */
export function claimTimedRound(db: Database, job: TimedJob, now: Date): Promise<boolean> {
  return claimJobRun(db, `timed:${job.name}`, now, job.everyMs * 0.9);
}

/**
 * Runs the jobs once, one after the other, at `now`; answers what each did by name. With
 * `claimRounds`, a job whose round another instance claimed is skipped (absent from the answer). A job
 * that fails is logged and counted as nothing done: the others still run, and its next round tries again.
 */
export async function runTimedJobs(
  db: Database,
  jobs: readonly TimedJob[],
  now: Date = new Date(),
  { claimRounds = false }: { claimRounds?: boolean } = {},
): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const job of jobs) {
    try {
      if (claimRounds && !(await claimTimedRound(db, job, now))) continue;
      done[job.name] = await job.run(db, now);
    } catch (error) {
      console.error(`[timed] ${job.name} failed:`, error instanceof Error ? error.message : error);
      done[job.name] = 0;
    }
  }
  return done;
}

// Module state: only the server's start (instrumentation, once per process) starts the timers.
const timers = new Map<number, NodeJS.Timeout>();

/**
 * Runs the jobs now and then each on its interval (one timer per interval and process; jobs that
 * share one run in the table's order), then delivers what a round queued.
 */
export function startTimedWork(jobs: readonly TimedJob[]): void {
  for (const everyMs of new Set(jobs.map((job) => job.everyMs))) {
    if (timers.has(everyMs)) continue;
    const due = jobs.filter((job) => job.everyMs === everyMs);
    const tick = async () => {
      try {
        const done = await runTimedJobs(await getDb(), due, new Date(), { claimRounds: true });
        if (Object.values(done).some((n) => n > 0)) await deliverOutbox();
      } catch (error) {
        console.error("[timed] round failed:", error instanceof Error ? error.message : error);
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), everyMs);
    timer.unref();
    timers.set(everyMs, timer);
  }
}

/** Stops every timer (tests that start the timed work). */
export function stopTimedWork(): void {
  for (const timer of timers.values()) clearInterval(timer);
  timers.clear();
}
