import "server-only";

import { sql } from "drizzle-orm";

import type { Database, Transaction } from "@/lib/platform/db/client";
import { jobRuns } from "@/lib/platform/db/schema/platform";

/**
 * Claims a run of the job `name` at `now` across every instance: moves its job_runs row to `now`
 * unless a run was claimed less than `minGapMs` before. An instance that claims at the same moment
 * waits on the row's lock and then finds the run taken. Inside a transaction, the claim is undone
 * with it (a failed daily job leaves the day for the next try).
 */
export async function claimJobRun(db: Database | Transaction, name: string, now: Date, minGapMs: number): Promise<boolean> {
  const since = new Date(now.getTime() - minGapMs);
  const claimed = await db
    .insert(jobRuns)
    .values({ name, lastRunAt: now })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunAt: now }, setWhere: sql`${jobRuns.lastRunAt} <= ${since}` })
    .returning({ name: jobRuns.name });
  return claimed.length === 1;
}
