// `node scripts/e2e-timings.mjs [report.json]`: where a Playwright run's time went, from the JSON
// report every run writes (playwright.config.ts: test-results/e2e-report.json). Prints the run's wall
// time, each worker's busy time (the sum of its tests' durations: a worker idle while its test waits
// for the real clock still counts as busy), the spec files by the time their tests took, and the
// slowest tests. Read it before moving a test or adding a worker (README "Testing").
import { readFileSync } from "node:fs";
import path from "node:path";

const file = process.argv[2] ?? path.join("test-results", "e2e-report.json");
const report = JSON.parse(readFileSync(file, "utf8"));

/** Every test result in the report, with its spec file and title path. */
function* results(suite, titles = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      for (const result of test.results ?? []) {
        yield {
          file: spec.file ?? suite.file,
          title: [...titles, spec.title].join(" › "),
          line: spec.line,
          project: test.projectName,
          worker: result.workerIndex,
          parallelIndex: result.parallelIndex,
          seconds: result.duration / 1000,
          status: result.status,
        };
      }
    }
  }
  for (const child of suite.suites ?? []) yield* results(child, suite.file === child.file ? [...titles, child.title] : titles);
}

const all = [...report.suites.flatMap((suite) => [...results(suite)])];
const sum = (values) => values.reduce((a, b) => a + b, 0);
const round = (seconds) => Math.round(seconds);

const bySlot = new Map();
for (const r of all) bySlot.set(r.parallelIndex, (bySlot.get(r.parallelIndex) ?? 0) + r.seconds);
const byFile = new Map();
for (const r of all) {
  const entry = byFile.get(r.file) ?? { seconds: 0, tests: 0 };
  entry.seconds += r.seconds;
  entry.tests += 1;
  byFile.set(r.file, entry);
}

const wall = report.stats.duration / 1000;
const statuses = all.reduce((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {});
console.log(
  `Run: ${round(wall)} s wall, ${all.length} test results (${Object.entries(statuses)
    .map(([s, n]) => `${n} ${s}`)
    .join(", ")})`,
);
console.log(`Tests' time in all: ${round(sum(all.map((r) => r.seconds)))} s`);
for (const [slot, seconds] of [...bySlot].sort((a, b) => a[0] - b[0])) {
  console.log(`  worker slot ${slot}: ${round(seconds)} s busy (${Math.round((100 * seconds) / wall)}% of the wall time)`);
}
console.log("\nSpec files by their tests' time:");
for (const [name, { seconds, tests }] of [...byFile].sort((a, b) => b[1].seconds - a[1].seconds).slice(0, 25)) {
  console.log(`  ${String(round(seconds)).padStart(5)} s  ${String(tests).padStart(3)} tests  ${name}`);
}
console.log("\nSlowest tests:");
for (const r of [...all].sort((a, b) => b.seconds - a.seconds).slice(0, 20)) {
  console.log(`  ${String(round(r.seconds)).padStart(5)} s  ${r.file}:${r.line}  ${r.title}`);
}
