// `npm run test:unit [-- jest args]`: the Jest suite, on the engines and clocks each test depends on
// (README "Testing"):
//
// - Without TEST_DATABASE_URL (a developer's `npm test`): every test file once, its database on
//   PGlite (the embedded default), at this machine's clock.
// - With TEST_DATABASE_URL (CI sets it): every test file on PostgreSQL, where production runs, at this
//   machine's clock. Then on PGlite (Debian's faketime moving the clock for Jest and everything it
//   starts), under two other clocks that have broken tests before:
//   1. a Thursday evening after 17:00 UTC: the date-sensitive files, and the files whose subject is
//      the engine itself (ENGINE_SENSITIVE: the database layer, search, locks and races, checkout,
//      seats and the money simulation, privacy's export and erasure);
//   2. the night the month turns in Los Angeles, Europe's clocks changed that morning: the
//      date-sensitive files.
//   The other database files run on PostgreSQL only: what they could catch on PGlite alone (a query
//   outside an open transaction, which hangs PGlite's one connection) is refused on both engines
//   under Jest (lib/platform/db/outside-transaction.ts), and the whole product runs on PGlite in the
//   browser tests and the embedded-default step.
//   A test that reads the machine's date, weekday or time of day instead of a clock it sets fails
//   there, not on the day it happens to run.
//
// Jest arguments (a path, -t, --ci) are passed to every leg. The legs run one after the other, each
// with as many workers as the machine has cores.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { ensureCommand } from "./debian-packages.mjs";
import { run } from "./run-command.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const jest = path.join(root, "node_modules", ".bin", "jest");

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
 * Files whose subject is the engine, run on PGlite too (the Thursday clock's leg): the database
 * layer and its test harness, full-text and trigram search, concurrency and races (PGlite serialises
 * them on one connection), checkout, seats and the money simulation (10,000 random steps on PGlite
 * per CI run across the two clocks), privacy's export and erasure (every table).
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

async function main() {
  const extra = process.argv.slice(2);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const legs = [];
  if (!serverUrl) {
    legs.push({ name: "PGlite, this machine's clock", args: extra, env: {} });
  } else {
    legs.push({ name: "PostgreSQL, this machine's clock", args: extra, env: { TEST_DATABASE_URL: serverUrl } });
    const sources = listTests(extra).map((file) => ({ file, source: readFileSync(file, "utf8") }));
    const movable = sources.filter(({ source }) => !MACHINE_CLOCK_ONLY.test(source));
    const readsClock = movable.filter(({ source }) => READS_THE_CLOCK.test(source));
    const [thursday, monthTurn] = OTHER_CLOCKS;
    const otherLegs = [
      {
        clock: thursday,
        files: movable.filter(({ file, source }) => engineSensitive(file) || READS_THE_CLOCK.test(source)).map(({ file }) => file),
      },
      { clock: monthTurn, files: readsClock.map(({ file }) => file) },
    ].filter((leg) => leg.files.length > 0);
    if (otherLegs.length > 0) {
      const faketime = ensureCommand("faketime", "faketime", "test:unit");
      // The file list replaces any path filter in `extra`; its other arguments (-t, --ci) stay.
      const options = extra.filter((arg) => arg.startsWith("-"));
      for (const { clock, files: legFiles } of otherLegs) {
        legs.push({
          name: `PGlite, ${clock.name}`,
          faketime,
          clock,
          args: [...options, "--runTestsByPath", ...legFiles.sort()],
          // TEST_CLOCK tells a test which leg it runs in (a long simulation sizes its run by it).
          env: { TEST_DATABASE_URL: "", TEST_CLOCK: clock.id },
        });
      }
    }
  }

  const results = [];
  for (const leg of legs) {
    console.log(
      `\n[test:unit] ${leg.name}${leg.args.includes("--runTestsByPath") ? ` (${leg.args.length - leg.args.indexOf("--runTestsByPath") - 1} files)` : ""}`,
    );
    const started = Date.now();
    const env = jestEnv({ ...process.env, ...leg.env });
    if (!env.TEST_DATABASE_URL) delete env.TEST_DATABASE_URL;
    const code = leg.clock
      ? await run(leg.faketime, ["-f", offsetTo(leg.clock.startsAt), jest, ...jestArgs(leg.args)], { cwd: root, env })
      : await run(jest, jestArgs(leg.args), { cwd: root, env });
    results.push({ name: leg.name, code, seconds: Math.round((Date.now() - started) / 1000) });
  }
  console.log("\n[test:unit]");
  for (const { name, code, seconds } of results)
    console.log(`  ${name}: ${code === 0 ? "passed" : `FAILED (exit code ${code})`} in ${seconds} s`);
  process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
}

await main();
