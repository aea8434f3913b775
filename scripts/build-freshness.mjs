// Decides whether `npm start` must run `next build` first: a production build is
// only as current as its inputs (sources, config) and the brand configuration,
// which is baked in at build time (/join-{slug} and /user/{slug}-coin are static routes).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Folders whose contents `next build` compiles or copies. */
const SOURCE_DIRS = ["app", "browser", "components", "lib", "content", "public"];

/** Single files at the root that change the build. */
const SOURCE_FILES = [
  "next.config.ts",
  "package.json",
  "package-lock.json",
  "postcss.config.mjs",
  "tsconfig.json",
  "proxy.ts",
  "instrumentation.ts",
  // The .env files `next build` reads (.env.example and .env.development* are not among them).
  ".env",
  ".env.local",
  ".env.production",
  ".env.production.local",
];

/** Tests sit beside the code but never reach the build: editing one needs no rebuild. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** NEXT_DIST_DIR (read by next.config.ts) gives the e2e and benchmark servers builds of their own beside a developer's .next. */
const distDir = (env) => env.NEXT_DIST_DIR || ".next";

/** The build folder of the checkout at `root`, as next.config.ts names it. */
export const buildDir = (root, env) => path.join(root, distDir(env));
const recordPath = (env) => path.join(distDir(env), "build-env.json");

/**
 * Variables for which empty is a value of its own, not "unset" (lib/env.ts's EMPTY_IS_A_VALUE:
 * PRACTICE_PYTHON_URL= hides the link, unset shows the default).
 */
const EMPTY_IS_A_VALUE = new Set(["PRACTICE_PYTHON_URL"]);

/**
 * The configuration a build depends on: the brand (PRODUCT_*, SUPPORT_*), the shell's outside
 * links (SOCIAL_*, PRACTICE_PYTHON_URL: in the static pages' header and footer), APP_URL
 * (canonical URLs in prerendered pages), NEXT_PUBLIC_* (inlined in client code) and whether card
 * payments are on (the static gift page mentions them).
 * Unset and empty count the same, except for EMPTY_IS_A_VALUE.
 */
export function buildEnvSnapshot(env) {
  const keys = Object.keys(env)
    .filter((key) => /^(PRODUCT_|SUPPORT_|SOCIAL_|NEXT_PUBLIC_)/.test(key) || key === "APP_URL" || key === "PRACTICE_PYTHON_URL")
    .filter((key) => env[key] || (env[key] === "" && EMPTY_IS_A_VALUE.has(key)))
    .sort();
  const snapshot = Object.fromEntries(keys.map((key) => [key, env[key]]));
  if (areCardPaymentsOn(env)) snapshot[CARD_PAYMENTS] = "on";
  return snapshot;
}

/**
 * Card payments are on when both Stripe secrets are set (lib/commerce/payments/stripe.ts,
 * isCardPaymentAvailable), and the static /gift-a-course says whether a gift can be paid by card.
 * The record says only on or unset: the secrets never reach a file.
 */
const CARD_PAYMENTS = "card payments (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)";
const areCardPaymentsOn = (env) => Boolean(env.STRIPE_SECRET_KEY?.trim() && env.STRIPE_WEBHOOK_SECRET?.trim());

/** Yields every file and folder under `dir`, folders included: deleting a file only changes its folder's mtime. */
function* walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // a folder that does not exist has nothing newer in it
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!TEST_FILE.test(entry.name)) yield full;
  }
  yield dir; // after its contents, so a changed file is named rather than its folder
}

/** The first build input modified at or after `since` (ms), relative to root, or undefined. */
function findChangedInput(root, since) {
  const candidates = [
    ...SOURCE_DIRS.flatMap((dir) => [...walk(path.join(root, dir))]),
    ...SOURCE_FILES.map((file) => path.join(root, file)),
  ];
  for (const file of candidates) {
    let mtime;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      continue; // optional files (.env, proxy.ts) may be absent
    }
    if (mtime >= since) return path.relative(root, file) || ".";
  }
  return undefined;
}

function readRecord(root, env) {
  try {
    const record = JSON.parse(readFileSync(path.join(root, recordPath(env)), "utf8"));
    if (typeof record.startedAt === "number" && record.env && typeof record.env === "object") return record;
  } catch {
    // missing or unreadable: treated as unknown below
  }
  return undefined;
}

/**
 * Whether the build in `root/.next` (or NEXT_DIST_DIR) is stale, and why.
 * @param {{ root: string, env: Record<string, string | undefined> }} options
 * @returns {{ stale: boolean, reason: string }}
 */
export function checkBuildFreshness({ root, env }) {
  if (!existsSync(path.join(buildDir(root, env), "BUILD_ID"))) return { stale: true, reason: "there is no build yet" };
  // `next build` empties .next first, so a build not made by scripts/start.mjs has no record:
  // its configuration is unknown.
  const record = readRecord(root, env);
  if (!record) return { stale: true, reason: `the last build has no ${recordPath(env)}` };

  const before = record.env;
  const now = buildEnvSnapshot(env);
  for (const key of new Set([...Object.keys(before), ...Object.keys(now)])) {
    if (before[key] !== now[key]) {
      const shown = (value) => (value === undefined ? "unset" : value === "" ? "empty" : value);
      return { stale: true, reason: `${key} changed (${shown(before[key])} → ${shown(now[key])})` };
    }
  }
  // Compared with the build's start, not BUILD_ID's time, so an edit made during the build counts.
  const changed = findChangedInput(root, record.startedAt);
  if (changed) return { stale: true, reason: `${changed} changed since the last build` };
  return { stale: false, reason: "the build is up to date" };
}

/** Called after a successful build that started at `startedAt` (ms). */
export function recordBuild({ root, env, startedAt }) {
  const record = { startedAt, env: buildEnvSnapshot(env) };
  writeFileSync(path.join(root, recordPath(env)), `${JSON.stringify(record, null, 2)}\n`);
}

/**
 * For a process that runs on another's build (the multi-instance test on the e2e servers' build, so a
 * test run builds once): whether the build in `dir` is as current as the sources, and the variables it
 * was built with (brand, links, NEXT_PUBLIC_*), which that process should run with too.
 * @returns {{ stale: boolean, reason: string, env?: Record<string, string> }}
 */
export function checkBuildOf({ root, dir }) {
  const env = { NEXT_DIST_DIR: dir };
  if (!existsSync(path.join(buildDir(root, env), "BUILD_ID"))) return { stale: true, reason: `there is no build in ${dir}` };
  const record = readRecord(root, env);
  if (!record) return { stale: true, reason: `the build in ${dir} has no record of its configuration` };
  const changed = findChangedInput(root, record.startedAt);
  if (changed) return { stale: true, reason: `${changed} changed since the build in ${dir}` };
  // The record's own line about card payments is no variable.
  const variables = Object.fromEntries(Object.entries(record.env).filter(([key]) => key !== CARD_PAYMENTS));
  return { stale: false, reason: `the build in ${dir} is up to date`, env: variables };
}
