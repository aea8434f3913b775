// `npm test`: the lint (ESLint with the layers rule, Prettier), browser tests (Playwright), unit and
// integration tests (Jest), then the embedded default as `npm start` runs it (a crash, two checkouts at
// once: scripts/test-embedded-default.mjs) on the build Playwright's server just used.
// The lint runs beside Playwright's first minutes: ESLint is one process on one core, and Playwright
// begins with its production build, which leaves the other core mostly idle (README "Testing"); the
// lint's output is held and printed when it ends, so the two do not interleave.
// All run even when the first fails, so one run shows every failure; the exit code is non-zero when
// any failed. Each runner prints its own summary.
import { spawn } from "node:child_process";

import { run } from "./run-command.mjs";

const isCI = Boolean(process.env.CI) && !["0", "false"].includes(process.env.CI.toLowerCase());

// The e2e server's build folder, as e2e/support/server.ts names it (E2E_PORT moves it).
const e2ePort = Number(process.env.E2E_PORT || 3100);
const e2eBuild = `.next-e2e${e2ePort === 3100 ? "" : `-${e2ePort}`}`;

/** Each group's suites run side by side; the groups run one after the other. */
const groups = [
  [
    { name: "lint (eslint, prettier)", args: ["run", "lint"], held: true },
    { name: "e2e (playwright)", args: ["run", "test:e2e"] },
  ],
  [{ name: "unit (jest)", args: ["run", "test:unit", ...(isCI ? ["--", "--ci"] : [])] }],
  [{ name: "embedded default (npm start: crash, two checkouts)", args: ["run", "test:embedded", "--", "--build-of", e2eBuild] }],
];

/** Runs npm with its output held, then printed in one piece under the suite's name. */
function runHeld(name, args) {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", args, { stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("error", reject);
    child.on("close", (code) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      process.stdout.write(`\n----- ${name} -----\n${Buffer.concat(chunks).toString()}----- end of ${name} -----\n`);
      resolve(code ?? 1);
    });
  });
}

// Ctrl-C during the first group stops the run instead of starting the next one.
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (interrupted = true));

const results = [];
for (const group of groups) {
  if (interrupted) break;
  const done = await Promise.all(
    group.map(async (suite) => {
      const started = Date.now();
      const code = suite.held ? await runHeld(suite.name, suite.args) : await run("npm", suite.args);
      return { ...suite, code, seconds: Math.round((Date.now() - started) / 1000) };
    }),
  );
  results.push(...done);
}

console.log("\nnpm test:");
for (const { name, code, seconds } of results) {
  console.log(`  ${name}: ${code === 0 ? "passed" : `FAILED (exit code ${code})`} in ${seconds} s`);
}
process.exit(interrupted || results.some((r) => r.code !== 0) ? 1 : 0);
