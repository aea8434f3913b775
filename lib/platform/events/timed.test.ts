import { eq } from "drizzle-orm";

import { jobRuns } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";

import { every, runTimedJobs } from "./timed";

/**
 * Issue 42: every instance keeps the timers, and each round of a timed job is claimed once across
 * instances (a job_runs row per job), so two instances do not both send the reminders and credit
 * the sessions of the same minute. Against a real database; the clock is passed in.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const MINUTE = 60_000;
const at = (seconds: number) => new Date(Date.UTC(2031, 2, 4, 16, 0, 0) + seconds * 1000);

/** A job that counts its runs, and the instants it ran at. */
function countingJob(name: string, everyMs = MINUTE) {
  const ranAt: Date[] = [];
  return { ranAt, job: every(everyMs, name, async (_db, now) => (ranAt.push(now), 1)) };
}

describe("a timed job's round, claimed once across instances", () => {
  it("two instances' rounds at the same instant: the job runs once, and the other instance's answer leaves it out", async () => {
    const { job, ranAt } = countingJob("same-instant");
    const answers = await Promise.all([
      runTimedJobs(database.db, [job], at(0), { claimRounds: true }),
      runTimedJobs(database.db, [job], at(0), { claimRounds: true }),
    ]);
    expect(ranAt).toEqual([at(0)]);
    expect(answers.map((done) => done["same-instant"]).sort()).toEqual([1, undefined]);
    const [row] = await database.db.select().from(jobRuns).where(eq(jobRuns.name, "timed:same-instant"));
    expect(row?.lastRunAt).toEqual(at(0));
  });

  it("another instance's timer 20 s later finds the round taken; the next minute's round (a little early) is claimed again", async () => {
    const { job, ranAt } = countingJob("next-minute");
    for (const seconds of [0, 20, 57, 77, 118]) await runTimedJobs(database.db, [job], at(seconds), { claimRounds: true });
    // 57 s after the first round is within the tenth of drift allowed; 77 s is 20 s after that one.
    expect(ranAt).toEqual([at(0), at(57), at(118)]);
  });

  it("each job has its own round: a five-minute job claimed at 0 waits five minutes while the one-minute job beside it runs each minute", async () => {
    const minute = countingJob("beside-every-minute");
    const fiveMinutes = countingJob("beside-every-five", 5 * MINUTE);
    for (let m = 0; m <= 5; m++) await runTimedJobs(database.db, [minute.job, fiveMinutes.job], at(m * 60), { claimRounds: true });
    expect(minute.ranAt).toHaveLength(6);
    expect(fiveMinutes.ranAt).toEqual([at(0), at(300)]);
  });

  it("without claims (a test's direct round), every call runs the job", async () => {
    const { job, ranAt } = countingJob("unclaimed");
    await runTimedJobs(database.db, [job], at(0));
    await runTimedJobs(database.db, [job], at(0));
    expect(ranAt).toHaveLength(2);
    expect(await database.db.select().from(jobRuns).where(eq(jobRuns.name, "timed:unclaimed"))).toEqual([]);
  });
});
