// `npm start`: serves the whole product on PORT (default 3000) with scripts/server.mjs,
// building first when the last production build is stale (scripts/build-freshness.mjs).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { ensureAuthEmulator } from "./auth-emulator.mjs";
import { copyBuildForThisConfiguration } from "./build-copy.mjs";
import { buildDir, checkBuildFreshness, checkBuildOf, recordBuild } from "./build-freshness.mjs";
import { demoAccountsDecision, embeddedAuthDefaults, exitIfEmulatorFallbackRefused, listenHost } from "./embedded-auth.mjs";
import { startEmbeddedMail } from "./embedded-mail.mjs";
import { startEmbeddedStripe } from "./embedded-stripe.mjs";
import { startClassroomMedia } from "./janus.mjs";
import { isLoopbackHost } from "../lib/platform/loopback.mjs";
import { run } from "./run-command.mjs";
import { sessionSecret } from "./session-secret.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const next = path.join(root, "node_modules", ".bin", "next");
const port = process.env.PORT || "3000";

// Checked before a build, so a deployment mistake fails in seconds and says what is wrong.
exitIfEmulatorFallbackRefused("start");

// Card payments: with no STRIPE_SECRET_KEY, a local stand-in that takes test cards (README
// "Embedded defaults"). Started before the build, which must know that card payments are on.
const stripe = await startEmbeddedStripe(root, process.env, { host: listenHost(process.env), port });
console.log(
  stripe.server
    ? `[start] card payments: local TEST stand-in at ${stripe.server.url} (test card 4242 4242 4242 4242; no real money)`
    : `[start] card payments: no local stand-in, ${stripe.decision.reason}`,
);
const buildEnv = { ...process.env, ...stripe.env };

// Next loads .env files itself; the comparison uses process.env, and a changed .env
// file triggers a rebuild through its modification time.
const buildOf = process.env.SERVE_BUILD_OF ? checkBuildOf({ root, dir: process.env.SERVE_BUILD_OF }) : undefined;
const freshness = buildOf && !buildOf.stale ? buildOf : checkBuildFreshness({ root, env: buildEnv });
if (buildOf && !buildOf.stale) {
  // SERVE_BUILD_OF=DIR: another server's current build, copied without its prerendered pages
  // (scripts/build-copy.mjs), so a test run builds once.
  const startedAt = Date.now();
  // next.config.ts reads the environment this server runs with (card payments' included).
  Object.assign(process.env, stripe.env);
  const { routes } = await copyBuildForThisConfiguration({
    root,
    from: path.join(root, process.env.SERVE_BUILD_OF),
    to: buildDir(root, buildEnv),
  });
  console.log(
    `[start] serving a copy of the build in ${process.env.SERVE_BUILD_OF} (${routes} prerendered routes left out, rendered with this server's configuration) in ${Date.now() - startedAt} ms`,
  );
} else if (freshness.stale) {
  if (buildOf) console.log(`[start] not serving the build in ${process.env.SERVE_BUILD_OF}: ${buildOf.reason}`);
  console.log(`[start] building, because ${freshness.reason}`);
  const startedAt = Date.now();
  // `next build` adds its build folder's types to tsconfig.json's include (each e2e instance has
  // its own folder): the checked-in file is put back, so a test run leaves the tree as it was.
  const tsconfigPath = path.join(root, "tsconfig.json");
  const tsconfig = fs.readFileSync(tsconfigPath, "utf8");
  const { atime, mtime } = fs.statSync(tsconfigPath);
  const code = await run(next, ["build"], { cwd: root, env: buildEnv });
  if (fs.readFileSync(tsconfigPath, "utf8") !== tsconfig) {
    fs.writeFileSync(tsconfigPath, tsconfig);
    // Its old time too: the freshness check compares sources' times with the build's.
    fs.utimesSync(tsconfigPath, atime, mtime);
  }
  if (code !== 0) {
    console.error(`[start] next build failed (exit code ${code}); not starting.`);
    process.exit(code);
  }
  recordBuild({ root, env: buildEnv, startedAt });
  console.log(`[start] built in ${Math.round((Date.now() - startedAt) / 1000)} s`);
} else {
  console.log(`[start] reusing the last build: ${freshness.reason}`);
}

// Identity: with no Firebase project configured, the Auth Emulator is the embedded default.
// AUTH_EMULATOR_PORT / AUTH_EMULATOR_DATA_DIR let the e2e server run its own beside a dev one.
const auth = embeddedAuthDefaults();
const env = { ...buildEnv, APP_URL: process.env.APP_URL || `http://localhost:${port}` };
env.NEXTAUTH_URL ||= env.APP_URL;
env.NEXTAUTH_SECRET ||= sessionSecret(root);
// The embedded default is for this machine: it listens on loopback unless HOST says otherwise, and
// makes the README's demo accounts (an admin among them) only there (embedded-auth.mjs).
env.HOST = listenHost(process.env);
const demoAccounts = demoAccountsDecision(process.env);
env.SEED_DEMO_ACCOUNTS = String(demoAccounts.seed);
console.log(`[start] demo accounts ${demoAccounts.seed ? "on" : "off"}: ${demoAccounts.reason}`);
let emulator = null;
if (auth.usesEmulator) {
  const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT || auth.port);
  env.FIREBASE_PROJECT_ID ||= auth.projectId;
  // The server runs in production mode: the embedded default allows the emulator for itself only on
  // this machine; on another HOST the operator said ALLOW_AUTH_EMULATOR=true (exitIfEmulatorFallbackRefused).
  if (isLoopbackHost(env.HOST)) env.ALLOW_AUTH_EMULATOR = "true";
  // Only this checkout's emulator (its project and data folder) is used: another checkout's on the
  // same port has other accounts, or another project (every sign-in refused); then one on a free port.
  const found = await ensureAuthEmulator({
    port: emulatorPort,
    projectId: env.FIREBASE_PROJECT_ID,
    dataDir: process.env.AUTH_EMULATOR_DATA_DIR || auth.dataDir,
    log: (line) => console.log(`[start] ${line}`),
  });
  emulator = found.emulator;
  env.FIREBASE_AUTH_EMULATOR_HOST = found.host;
  console.log(`[start] ${found.note}`);
}

// Email: with no SMTP_URL, a local SMTP server that keeps every message for /dev/mailbox (README "Email").
const mail = await startEmbeddedMail(root, process.env);
Object.assign(env, mail.env);
// The mailbox page is for the embedded server only: not for a folder named by hand beside a real SMTP server.
if (!mail.server) delete env.MAILBOX_DIR;

// The live class: our own media server (Janus) on loopback, unless one is configured or the operator
// chose outside links; when it cannot run here, classes fall back to the outside link (README "The live class").
const media = await startClassroomMedia(process.env);
Object.assign(env, media.env);

// Next's production handler behind our own HTTP server, which records each request's socket peer
// (scripts/server.mjs says why); otherwise the same as `next start`.
const code = await run(process.execPath, [path.join(root, "scripts", "server.mjs")], {
  cwd: root,
  env: { ...env, PORT: port, NODE_ENV: "production" },
});
await emulator?.stop();
await media.server?.stop();
await mail.server?.stop();
await stripe.server?.stop();
process.exit(code);
