import type { Database } from "@/lib/platform/db/client";
import { every, runTimedJobs } from "@/lib/platform/events/timed";

import { TIMED_WORK } from "./table";

/**
 * What the clock causes is declared beside the reactions, one line per job named for what it does
 * (lib/reactions/table.ts TIMED_WORK), and run by one runner (lib/platform/events/timed.ts): no
 * timer of its own in any domain, no scan that also does something else.
 */
const MINUTE = 60_000;

describe("the timed work table", () => {
  it("has one line per job, each with its own name and interval", () => {
    expect(TIMED_WORK.map((job) => [job.name, job.everyMs])).toEqual([
      ["lapse-waitlist-offers", MINUTE],
      ["announce-lapsed-clearances", MINUTE],
      ["session-reminders", MINUTE],
      ["homework-reminders", MINUTE],
      ["demo-follow-ups", MINUTE],
      ["waiting-lead-alerts", MINUTE],
      ["weekly-digests", MINUTE],
      ["check-expiry-warnings", MINUTE],
      ["credit-cancelled-sessions", 5 * MINUTE],
      ["teacher-reliability", 5 * MINUTE],
      ["privacy-retention", 60 * MINUTE],
    ]);
    expect(new Set(TIMED_WORK.map((job) => job.name)).size).toBe(TIMED_WORK.length);
  });

  it("runs each job at the round's instant and answers what each did; one that fails is logged and the others still run", async () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const now = new Date("2030-01-01T00:00:00Z");
    const seen: Date[] = [];
    const db = {} as Database;
    const done = await runTimedJobs(
      db,
      [
        every(MINUTE, "first", async (_db, at) => (seen.push(at), 2)),
        every(MINUTE, "broken", async () => {
          throw new Error("the database went away");
        }),
        every(MINUTE, "last", async (_db, at) => (seen.push(at), 0)),
      ],
      now,
    );
    expect(done).toEqual({ first: 2, broken: 0, last: 0 });
    expect(seen).toEqual([now, now]);
    expect(error).toHaveBeenCalledWith("[timed] broken failed:", "the database went away");
    error.mockRestore();
  });
});
