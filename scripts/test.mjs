// `npm test`: the lint (ESLint with the layers rule, Prettier), unit and integration tests (Jest),
// then browser tests (Playwright). All run even when the first fails, so one run shows every failure; the exit code
// is non-zero when either failed. Each runner prints its own summary.
import { run } from "./run-command.mjs";

const isCI = Boolean(process.env.CI) && !["0", "false"].includes(process.env.CI.toLowerCase());

const suites = [
  { name: "lint (eslint, prettier)", args: ["run", "lint"] },
  { name: "unit (jest)", args: ["run", "test:unit", ...(isCI ? ["--", "--ci"] : [])] },
  { name: "e2e (playwright)", args: ["run", "test:e2e"] },
];

// Ctrl-C during the first suite stops the run instead of starting the next one.
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (interrupted = true));

const results = [];
for (const suite of suites) {
  if (interrupted) break;
  const started = Date.now();
  const code = await run("npm", suite.args);
  results.push({ ...suite, code, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log("\nnpm test:");
for (const { name, code, seconds } of results) {
  console.log(`  ${name}: ${code === 0 ? "passed" : `FAILED (exit code ${code})`} in ${seconds} s`);
}
process.exit(interrupted || results.some((r) => r.code !== 0) ? 1 : 0);
