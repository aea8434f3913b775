// `npm run test:unit [-- jest args]`: the Jest suite, on the engines and clocks each test depends on
// (README "Testing"):
//
// - Without TEST_DATABASE_URL (a developer's `npm test`): every test file on a throwaway PostgreSQL
//   server started from Debian's binaries (scripts/throwaway-postgres.mjs), then the engine's own
//   subjects (below) on PGlite, at this machine's clock. TEST_ENGINE=pglite, or a machine without
//   PostgreSQL's binaries: every test file on PGlite (the embedded default).
// - With TEST_DATABASE_URL (CI sets it):
//   1. every test file that does not read the clock on that PostgreSQL server (production's engine),
//      at this machine's clock (the date-sensitive files run in legs 3 and 4 instead);
//   2. on PGlite, the files whose subject is the engine itself (ENGINE_SENSITIVE: the database layer,
//      search, locks and races, checkout, seats and the money simulation, privacy's export and
//      erasure), at this machine's clock;
//   3. and 4. the date-sensitive files under two other clocks that have broken tests before (Debian's
//      faketime moving the clock for Jest and everything it starts), each on a throwaway PostgreSQL
//      server started under the same moved clock (scripts/throwaway-postgres.mjs), so the server's now()
//      agrees with the tests': a Thursday evening after 17:00 UTC, and the night the month turns in
//      Los Angeles, Europe's clocks changed that morning. Without PostgreSQL's server binaries on the
//      machine these two legs run on PGlite, whose now() moves with Jest's.
//   A file's other engine adds nothing the rule misses: a query outside an open transaction (which
//   hangs PGlite's one connection) is refused on both engines under Jest
//   (lib/platform/db/outside-transaction.ts), and the whole product runs on PGlite in the browser
//   tests and the embedded-default step.
//   A test that reads the machine's date, weekday or time of day instead of a clock it sets fails
//   there, not on the day it happens to run.
//
// Jest arguments (a path, -t, --ci) are passed to every leg. The legs run one after the other, each
// with as many workers as the machine has cores.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { postgresBinaries, startThrowawayPostgres } from "./throwaway-postgres.mjs";
import { ensureCommand } from "./debian-packages.mjs";
import { run } from "./run-command.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const jest = path.join(root, "node_modules", ".bin", "jest");
const legFilter = path.join(root, "test", "leg-files.cjs");

/** A leg's file list, in a file of this run's own (the --filter module reads it). */
let legLists = 0;
function writeLegFiles(files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `test-unit-${process.pid}-${legLists++}-`));
  const list = path.join(dir, "files.json");
  writeFileSync(list, JSON.stringify([...files].sort()));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return list;
}

/**
 * The other clocks: instants (UTC) the legs start at, then move on in real time.
 * - Thursday 3 Dec 2026, 17:40 UTC: the evening a refund cutoff of Friday's session had already
 *   passed; tests that assumed "tomorrow" was a weekday before a cutoff broke there.
 * - Sunday 31 Oct 2027, 23:50 in Los Angeles (06:50 UTC on 1 Nov): the month turns there ten minutes
 *   into the run, in UTC it already has, and Europe changed its clocks that morning (a week before
 *   the United States do): dates computed in one zone and read in another disagree.
 */
export const OTHER_CLOCKS = [
  { id: "thursday-evening", name: "Thu 3 Dec 2026 17:40 UTC", startsAt: "2026-12-03T17:40:00Z" },
  {
    id: "month-turn",
    name: "Sun 31 Oct 2027 23:50 in Los Angeles (the month turns; Europe's clocks changed that day)",
    startsAt: "2027-11-01T06:50:00Z",
  },
];

/**
 * The money simulation's random steps on PostgreSQL per CI run (test/seat-simulation.ts; 10,000 more
 * on PGlite in the engine leg). In CI only the clock legs run it on PostgreSQL: the file reads the clock.
 */
const SIMULATION_POSTGRES_STEPS = 2_000;
// As Jest (ci-info) and test/seat-simulation.ts read it: CI=false is not CI.
const isCI = Boolean(process.env.CI) && !["0", "false"].includes(process.env.CI.toLowerCase());

/**
 * faketime's relative form ("+N" seconds from the real time), not its start-at form ("@…"): a
 * start-at clock starts again in every process, so the Auth Emulator (started by the global setup)
 * and each Jest worker (started later) would disagree by the seconds between their starts, and a
 * session would look older than its own revocation. An offset is the same in every process.
 */
function offsetTo(startsAt) {
  const seconds = Math.round((Date.parse(startsAt) - Date.now()) / 1000);
  return seconds >= 0 ? `+${seconds}` : String(seconds);
}

/**
 * Date-sensitive files, read from the file itself: the test reads the machine's clock (directly or
 * through a clock helper) or moves timers. They run under the other clocks too.
 */
const READS_THE_CLOCK = /\bnew Date\(\)|\bDate\.now\(\)|\bDateTime\.(now|local)\(\)|\btodayIn\b|\buseFakeTimers\b|\bsetSystemTime\b/;

/**
 * A file marked `@reads-clock` in a comment is date-sensitive through a helper it imports (the money
 * simulation's world starts at the machine's hour: test/seat-simulation.ts).
 */
const READS_THE_CLOCK_MARK = /@reads-clock\b/;
const readsTheClock = (source) => READS_THE_CLOCK.test(source) || READS_THE_CLOCK_MARK.test(source);

/**
 * A file marked `@machine-clock` in a comment stays at the machine's clock: it compares the clock
 * with file modification times, which the kernel stamps and faketime does not move.
 */
const MACHINE_CLOCK_ONLY = /@machine-clock\b/;

// PGlite inside Jest needs ES modules in its VM contexts (STACK-NOTES).
const jestEnv = (env) => ({ ...env, NODE_OPTIONS: [env.NODE_OPTIONS, "--experimental-vm-modules"].filter(Boolean).join(" ") });
const jestArgs = (extra) => [`--maxWorkers=${os.availableParallelism()}`, ...extra];

function listTests(extra) {
  const out = execFileSync(jest, jestArgs(["--listTests", ...extra]), { cwd: root, encoding: "utf8", env: jestEnv(process.env) });
  return out.split("\n").filter((line) => /\.test\.tsx?$/.test(line));
}

/**
 * Files whose subject is the engine, run on PGlite too (CI's second leg): the database layer and its
 * test harness, full-text and trigram search, concurrency and races (PGlite serialises them on one
 * connection), checkout, seats and the money simulation (10,000 random steps on PGlite per CI run,
 * in two files that the two workers run side by side), privacy's export and erasure (every table).
 */
const ENGINE_SENSITIVE = [
  /^lib\/platform\/(db|outbox|events)\//,
  /^test\/money-audit-on-close\./,
  /^lib\/discovery\//,
  /^lib\/commerce\/(checkout|seats)\//,
  /^lib\/privacy\//,
  /(^|\/)[^/]*(concurren|race)[^/]*\.test\.tsx?$/,
];
const engineSensitive = (file) => ENGINE_SENSITIVE.some((pattern) => pattern.test(path.relative(root, file).split(path.sep).join("/")));

/** Runs `body` with a throwaway server's URL in `env` when `wanted` (at faketime's `offset`, if given). */
async function withServer(wanted, offset, env, body) {
  const server = wanted ? await startThrowawayPostgres({ offset, label: "test:unit" }) : null;
  if (server) {
    env.TEST_DATABASE_URL = server.url;
    // Removed whole after the leg: Jest's teardown need not drop its databases.
    env.TEST_DATABASE_THROWAWAY = "1";
  }
  if (!env.TEST_DATABASE_URL) delete env.TEST_DATABASE_URL;
  try {
    return await body();
  } finally {
    server?.stop();
  }
}

async function main() {
  const extra = process.argv.slice(2);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const legs = [];
  // A developer's run without a server: a throwaway one from Debian's binaries when the machine has
  // them (TEST_ENGINE=pglite runs every file on PGlite instead, as does a machine without them).
  const throwaway = !serverUrl && process.env.TEST_ENGINE !== "pglite" && postgresBinaries() !== null;
  if (!serverUrl && !throwaway) {
    legs.push({ name: "PGlite, this machine's clock", args: extra, env: {} });
  } else {
    const sources = listTests(extra).map((file) => ({ file, source: readFileSync(file, "utf8") }));
    const movable = sources.filter(({ source }) => !MACHINE_CLOCK_ONLY.test(source));
    const readsClock = throwaway ? [] : movable.filter(({ source }) => readsTheClock(source)).map(({ file }) => file);
    // A leg's files reach Jest through its --filter (test/leg-files.cjs reads the list from a file),
    // after the path patterns and options in `extra` (-t, --ci), which stay.
    const listed = (files) => ({ args: [...extra, `--filter=${legFilter}`], files });
    // The date-sensitive files run on PostgreSQL under the two other clocks (legs 3 and 4), not at
    // this machine's clock as well: the fixed clocks are the days they are meant to pass on, and a
    // third run at whatever day CI happens on added 85 files (about 200 s) and no fixed check.
    const readsClockSet = new Set(readsClock);
    const atMachineClock =
      readsClock.length > 0 ? listed(sources.map(({ file }) => file).filter((file) => !readsClockSet.has(file))) : { args: extra };
    legs.push(
      throwaway
        ? { name: "PostgreSQL (a throwaway server), this machine's clock", args: extra, env: {}, throwaway: true }
        : {
            name: "PostgreSQL, this machine's clock (the files that do not read it)",
            ...atMachineClock,
            env: { TEST_DATABASE_URL: serverUrl },
          },
    );
    const engineFiles = sources.map(({ file }) => file).filter(engineSensitive);
    if (engineFiles.length > 0) {
      legs.push({
        name: "PGlite, this machine's clock (the engine's own subjects)",
        ...listed(engineFiles),
        env: { TEST_DATABASE_URL: "" },
      });
    }
    if (readsClock.length > 0) {
      const faketime = ensureCommand("faketime", "faketime", "test:unit");
      const onPostgres = postgresBinaries() !== null;
      for (const clock of OTHER_CLOCKS) {
        legs.push({
          name: `${onPostgres ? "PostgreSQL" : "PGlite"}, ${clock.name}`,
          faketime,
          clock,
          clockPostgres: onPostgres,
          ...listed(readsClock),
          // TEST_CLOCK tells a test which leg it runs in. The money simulation's steps on PostgreSQL
          // (SIMULATION_POSTGRES_STEPS per CI run) are shared between the clock legs, each with its own
          // seeds: a leg of its own at 2,000 steps cost each leg the whole count again.
          env: {
            TEST_DATABASE_URL: "",
            TEST_CLOCK: clock.id,
            ...(onPostgres && isCI && !process.env.SIMULATION_STEPS
              ? { SIMULATION_STEPS: String(Math.ceil(SIMULATION_POSTGRES_STEPS / OTHER_CLOCKS.length)) }
              : {}),
          },
        });
      }
    }
  }

  const results = [];
  for (const leg of legs) {
    console.log(`\n[test:unit] ${leg.name}${leg.files ? ` (${leg.files.length} files)` : ""}`);
    // A path pattern in `extra` may leave a leg nothing to run (Jest would fail on "No tests found").
    if (leg.files?.length === 0) continue;
    const started = Date.now();
    const env = jestEnv({ ...process.env, ...leg.env });
    if (leg.files) env.TEST_LEG_FILES = writeLegFiles(leg.files);
    let code;
    if (leg.clock) {
      // One offset for the server and Jest, computed once: both read the same moved clock.
      const offset = offsetTo(leg.clock.startsAt);
      code = await withServer(leg.clockPostgres, offset, env, () =>
        run(leg.faketime, ["-f", offset, jest, ...jestArgs(leg.args)], { cwd: root, env }),
      );
    } else {
      code = await withServer(leg.throwaway, undefined, env, () => run(jest, jestArgs(leg.args), { cwd: root, env }));
    }
    results.push({ name: leg.name, code, seconds: Math.round((Date.now() - started) / 1000) });
  }
  console.log("\n[test:unit]");
  for (const { name, code, seconds } of results)
    console.log(`  ${name}: ${code === 0 ? "passed" : `FAILED (exit code ${code})`} in ${seconds} s`);
  process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
}

await main();
