// `npm test`: the lint (ESLint with the layers rule, Prettier), unit and integration tests (Jest),
// then browser tests (Playwright), then the embedded default as `npm start` runs it (a crash, two
// checkouts at once: scripts/test-embedded-default.mjs) on the build Playwright's server just used.
// All run even when the first fails, so one run shows every failure; the exit code is non-zero when
// any failed. Each runner prints its own summary.
import { run } from "./run-command.mjs";

const isCI = Boolean(process.env.CI) && !["0", "false"].includes(process.env.CI.toLowerCase());

// The e2e server's build folder, as e2e/support/server.ts names it (E2E_PORT moves it).
const e2ePort = Number(process.env.E2E_PORT || 3100);
const e2eBuild = `.next-e2e${e2ePort === 3100 ? "" : `-${e2ePort}`}`;

const suites = [
  { name: "lint (eslint, prettier)", args: ["run", "lint"] },
  { name: "unit (jest)", args: ["run", "test:unit", ...(isCI ? ["--", "--ci"] : [])] },
  // With a PostgreSQL server (CI's TEST_DATABASE_URL) the e2e servers run on it, production's engine:
  // measured on 24 journeys, 315-329 s against 354 s on PGlite. The embedded default's PGlite is the
  // last step's subject (and Jest's engine leg's).
  {
    name: "e2e (playwright)",
    args: ["run", "test:e2e"],
    env: process.env.TEST_DATABASE_URL ? { E2E_DATABASE_URL: process.env.TEST_DATABASE_URL } : {},
  },
  { name: "embedded default (npm start: crash, two checkouts)", args: ["run", "test:embedded", "--", "--build-of", e2eBuild] },
];

// Ctrl-C during the first suite stops the run instead of starting the next one.
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (interrupted = true));

const results = [];
for (const suite of suites) {
  if (interrupted) break;
  const started = Date.now();
  const code = await run("npm", suite.args, suite.env ? { env: { ...process.env, ...suite.env } } : undefined);
  results.push({ ...suite, code, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log("\nnpm test:");
for (const { name, code, seconds } of results) {
  console.log(`  ${name}: ${code === 0 ? "passed" : `FAILED (exit code ${code})`} in ${seconds} s`);
}
process.exit(interrupted || results.some((r) => r.code !== 0) ? 1 : 0);
