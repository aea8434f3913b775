import { defineConfig, devices } from "@playwright/test";

import {
  baseURL,
  CHROMIUM_LAUNCH,
  configuredBaseURL,
  E2E_AUTH_DIR,
  E2E_AUTH_EMULATOR_PORT,
  E2E_CONFIGURED_AUTH_DIR,
  E2E_CONFIGURED_AUTH_EMULATOR_PORT,
  E2E_CONFIGURED_DIST_DIR,
  E2E_CONFIGURED_MAIL_DIR,
  E2E_CONFIGURED_PGLITE_DIR,
  E2E_CONFIGURED_PORT,
  E2E_DIST_DIR,
  E2E_JANUS_PID_FILE,
  E2E_JANUS_RESTART_DELAY_MS,
  E2E_MAIL_DIR,
  E2E_PGLITE_DIR,
  E2E_PORT,
  E2E_PRODUCT_NAME,
  E2E_PRODUCT_SLUG,
  SHELL_LINKS_ENV_EMPTY,
  SHELL_LINKS_ENV_SET,
  THIRD_PARTY_ENV_FAKE,
  THIRD_PARTY_ENV_OFF,
} from "./e2e/support/server";

// As Jest (ci-info) reads it: CI=false is not CI.
const isCI = Boolean(process.env.CI) && process.env.CI !== "false";

interface ServerOptions {
  port: number;
  url: string;
  distDir: string;
  pgliteDir: string;
  authDir: string;
  authPort: number;
  mailDir: string;
  thirdParty: Record<string, string>;
  /** PRACTICE_PYTHON_URL and SOCIAL_*_URL (e2e/support/server.ts). */
  shellLinks: Record<string, string>;
  /** Serve a copy of this build folder instead of building (scripts/build-copy.mjs): one build per run. */
  serveBuildOf?: string;
  /** Where its media server's process id is written (the default server's: a spec kills it mid-class). */
  janusPidFile?: string;
}

/**
 * E2E_DATABASE_URL (a PostgreSQL server; scripts/test.mjs sets it in CI, and a developer's run on a
 * throwaway server): each e2e server gets a fresh database `e2e_<port>` on it, production's engine.
 * Unset: the embedded PGlite, as `npm start` runs.
 */
const e2eDatabaseServer = process.env.E2E_DATABASE_URL || "";
function e2eDatabase(port: number): { url: string; fresh: string } | null {
  if (!e2eDatabaseServer) return null;
  const url = new URL(e2eDatabaseServer);
  url.pathname = `/e2e_${port}`;
  return { url: url.toString(), fresh: `node scripts/fresh-database.mjs '${e2eDatabaseServer}' e2e_${port} && ` };
}

/** An e2e server: scripts/start.mjs with its own build folder, fresh database and Auth Emulator. */
function server({
  port,
  url,
  distDir,
  pgliteDir,
  authDir,
  authPort,
  mailDir,
  thirdParty,
  shellLinks,
  serveBuildOf,
  janusPidFile,
}: ServerOptions) {
  const database = e2eDatabase(port);
  return {
    // A fresh database on every server start; a reused server keeps its own.
    command: `node -e "for (const d of ['${pgliteDir}', '${authDir}', '${mailDir}', '${pgliteDir}-stripe']) require('node:fs').rmSync(d, { recursive: true, force: true })" && ${database?.fresh ?? ""}node scripts/start.mjs`,
    url,
    env: {
      PORT: String(port),
      APP_URL: url,
      PGLITE_DIR: pgliteDir,
      // Its own build folder: a developer's `npm start` or the benchmark can run beside it.
      NEXT_DIST_DIR: distDir,
      // Its own database on E2E_DATABASE_URL's server, else the embedded one even when the shell has DATABASE_URL set.
      DATABASE_URL: database?.url ?? "",
      // On a server database, start.mjs asks before putting the emulator and demo accounts in front of it: these are test databases.
      ...(database ? { ALLOW_AUTH_EMULATOR: "true", SEED_DEMO_ACCOUNTS: "true" } : {}),
      PRODUCT_NAME: E2E_PRODUCT_NAME,
      PRODUCT_SLUG: E2E_PRODUCT_SLUG,
      // Its own Auth Emulator with fresh accounts (the demo accounts are made at start).
      AUTH_EMULATOR_PORT: String(authPort),
      AUTH_EMULATOR_DATA_DIR: authDir,
      FIREBASE_AUTH_EMULATOR_HOST: "",
      FIREBASE_PROJECT_ID: "demo-e2e",
      // Its own embedded mail server (a free port) and mailbox folder, even when the shell has SMTP_URL set.
      SMTP_URL: "",
      MAILBOX_DIR: mailDir,
      // The embedded default's card payments: the local TEST stand-in (scripts/embedded-stripe.mjs),
      // even when the shell has Stripe keys or LOCAL_CARD_PAYMENTS set.
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      STRIPE_API_URL: "",
      LOCAL_CARD_PAYMENTS: "",
      // Its payments (kept for refunds across restarts) beside its database, removed with it.
      STRIPE_LOCAL_DIR: `${pgliteDir}-stripe`,
      // Every test's visitor is 127.0.0.1: the real 10 would refuse the later tests' requests.
      DEMO_REQUESTS_PER_ADDRESS: "1000",
      // Likewise for sign-ups: the specs make dozens of fresh accounts from 127.0.0.1 within minutes.
      SIGN_UPS_PER_ADDRESS: "1000",
      // Refunds until the first session starts: the seeded sections' next session may be within a day of any test run.
      REFUND_CUTOFF_HOURS: "0",
      ...thirdParty,
      ...shellLinks,
      ...(serveBuildOf ? { SERVE_BUILD_OF: serveBuildOf } : {}),
      ...(janusPidFile ? { JANUS_PID_FILE: janusPidFile, JANUS_RESTART_DELAY_MS: String(E2E_JANUS_RESTART_DELAY_MS) } : {}),
    },
    reuseExistingServer: !isCI,
    // Covers a `next build` (24-46 s measured alone; past 240 s with two e2e servers building on a busy 2-core machine).
    timeout: 480_000,
    stdout: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
  };
}

/**
 * Browser tests against a production build (`npm run test:e2e` installs Chromium first if needed).
 * The server is scripts/start.mjs, so it rebuilds only when sources or the brand changed.
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: isCI,
  // A flaky test is a bug to fix, not to retry.
  retries: 0,
  // The journeys (book, move, cancel; enrol, withdraw) take a dozen steps and axe scans on a 2-core
  // machine shared with the server: 30 s was past on a busy run, never on a hung one.
  timeout: 60_000,
  // An assertion waits up to 10 s, not Playwright's 5: a client-side navigation that fetches its page
  // from the server took longer than 5 s with the machine loaded (load 12-16 on 2 cores: home.spec's
  // Grade link, not-found's links, support-queue's dashboard). A passing
  // assertion returns as soon as it holds, so this costs only a failing test time.
  expect: { timeout: 10_000 },
  // The machines have 2 cores, shared with the server.
  workers: 2,
  // The list for people; the JSON file (per test: its file, duration and worker) for scripts/e2e-timings.mjs,
  // which sums each spec file's time and each worker's busy time (README "Testing").
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-report.json" }]],
  // Every run's log ends with its slowest spec files: where the next saving is (README "Testing").
  reportSlowTests: { max: 20, threshold: 45_000 },
  use: {
    baseURL,
    trace: "retain-on-first-failure",
  },
  projects: [
    // Signs each demo role in once and saves its state (e2e/sign-in.setup.ts); the specs start from it.
    { name: "sign-in", testMatch: /.*\.setup\.ts/, use: { launchOptions: CHROMIUM_LAUNCH } },
    {
      name: "chromium",
      dependencies: ["sign-in"],
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: CHROMIUM_LAUNCH,
      },
    },
  ],
  webServer: [
    server({
      port: E2E_PORT,
      url: baseURL,
      distDir: E2E_DIST_DIR,
      pgliteDir: E2E_PGLITE_DIR,
      authDir: E2E_AUTH_DIR,
      authPort: E2E_AUTH_EMULATOR_PORT,
      mailDir: E2E_MAIL_DIR,
      thirdParty: THIRD_PARTY_ENV_OFF,
      shellLinks: SHELL_LINKS_ENV_SET,
      janusPidFile: E2E_JANUS_PID_FILE,
    }),
    // Issue 5: the same site with analytics and every widget configured (fake hosts), for e2e/consent.spec.ts.
    server({
      port: E2E_CONFIGURED_PORT,
      url: configuredBaseURL,
      distDir: E2E_CONFIGURED_DIST_DIR,
      pgliteDir: E2E_CONFIGURED_PGLITE_DIR,
      authDir: E2E_CONFIGURED_AUTH_DIR,
      authPort: E2E_CONFIGURED_AUTH_EMULATOR_PORT,
      mailDir: E2E_CONFIGURED_MAIL_DIR,
      thirdParty: THIRD_PARTY_ENV_FAKE,
      shellLinks: SHELL_LINKS_ENV_EMPTY,
      // Playwright starts the servers one after the other, so the first one's build is there and current.
      serveBuildOf: E2E_DIST_DIR,
    }),
  ],
});
