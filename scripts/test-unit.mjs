// `npm run test:unit [-- jest args]`: the Jest suite, on the engines and clocks each test depends on
// (README "Testing"):
//
// - Without TEST_DATABASE_URL (a developer's `npm test`): every test file once, its database on
//   PGlite (the embedded default), at this machine's clock.
// - With TEST_DATABASE_URL (CI sets it): every test file on PostgreSQL, where production runs, at this
//   machine's clock; then the files that use a database or the date again on PGlite, each time under
//   another clock (Debian's faketime moves it for Jest and everything it starts) that has broken
//   tests before: a Thursday evening after 17:00 UTC, and the night the month turns in Los Angeles
//   with a change of daylight-saving time a day later. A test that reads the machine's date, weekday
//   or time of day instead of a clock it sets fails there, not on the day it happens to run.
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
 * The other clocks: instants (UTC) the legs start at, then move on in real time. FAKETIME's `@` form.
 * - Thursday 3 Dec 2026, 17:40 UTC: the evening a refund cutoff of Friday's session had already
 *   passed; tests that assumed "tomorrow" was a weekday before a cutoff broke there.
 * - Sunday 31 Oct 2027, 23:50 in Los Angeles (06:50 UTC on 1 Nov): the month turns there ten minutes
 *   into the run, in UTC it already has, and Europe changed its clocks that morning (a week before
 *   the United States do): dates computed in one zone and read in another disagree.
 */
export const OTHER_CLOCKS = [
  { name: "Thu 3 Dec 2026 17:40 UTC", faketime: "@2026-12-03 17:40:00" },
  { name: "Sun 31 Oct 2027 23:50 in Los Angeles (the month turns; Europe's clocks changed that day)", faketime: "@2027-11-01 06:50:00" },
];

/**
 * Which test files depend on the date or a database, read from the file itself: those run again under
 * the other clocks. A pure unit test of a parser or a component (no database, no dates) runs once.
 */
const DEPENDS_ON_DATE_OR_DATABASE =
  /\bnew Date\b|\bDate\.now\b|\bDateTime\b|\btodayIn\b|openTestDatabase|openChildDatabase|startRouteServer|getDb\b|@\/test\/[\w-]*fixtures|startsOn|startsAt/;

// PGlite inside Jest needs ES modules in its VM contexts (STACK-NOTES).
const jestEnv = (env) => ({ ...env, NODE_OPTIONS: [env.NODE_OPTIONS, "--experimental-vm-modules"].filter(Boolean).join(" ") });
const jestArgs = (extra) => [`--maxWorkers=${os.availableParallelism()}`, ...extra];

function listTests(extra) {
  const out = execFileSync(jest, jestArgs(["--listTests", ...extra]), { cwd: root, encoding: "utf8", env: jestEnv(process.env) });
  return out.split("\n").filter((line) => /\.test\.tsx?$/.test(line));
}

async function main() {
  const extra = process.argv.slice(2);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const legs = [];
  if (!serverUrl) {
    legs.push({ name: "PGlite, this machine's clock", args: extra, env: {} });
  } else {
    legs.push({ name: "PostgreSQL, this machine's clock", args: extra, env: { TEST_DATABASE_URL: serverUrl } });
    const files = listTests(extra).filter((file) => DEPENDS_ON_DATE_OR_DATABASE.test(readFileSync(file, "utf8")));
    if (files.length > 0) {
      const faketime = ensureCommand("faketime", "faketime", "test:unit");
      // The file list replaces any path filter in `extra`; its other arguments (-t, --ci) stay.
      const options = extra.filter((arg) => arg.startsWith("-"));
      for (const clock of OTHER_CLOCKS) {
        legs.push({
          name: `PGlite, ${clock.name}`,
          faketime,
          clock,
          args: [...options, "--runTestsByPath", ...files],
          env: { TEST_DATABASE_URL: "" },
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
    // faketime reads its instant in the zone of TZ: UTC, as the clocks are written.
    const code = leg.clock
      ? await run(leg.faketime, ["-f", leg.clock.faketime, jest, ...jestArgs(leg.args)], { cwd: root, env: { ...env, TZ: "UTC" } })
      : await run(jest, jestArgs(leg.args), { cwd: root, env });
    results.push({ name: leg.name, code, seconds: Math.round((Date.now() - started) / 1000) });
  }
  console.log("\n[test:unit]");
  for (const { name, code, seconds } of results)
    console.log(`  ${name}: ${code === 0 ? "passed" : `FAILED (exit code ${code})`} in ${seconds} s`);
  process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
}

await main();
