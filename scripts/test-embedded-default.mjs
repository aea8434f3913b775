// `npm run test:embedded` (the last step of `npm test`): the embedded default as `npm start` runs it
// (scripts/start.mjs: the Auth Emulator, PGlite, the mail server, the card stand-in), each checkout
// simulated by data folders of its own in a temporary folder, on free ports.
//
// 1. Two checkouts at once: A and B are started together, both wanting the same emulator port and
//    with projects of their own; B must not use A's emulator: both sign in, and B's family is not
//    an account of A's emulator.
// 2. A crash: A's whole process group is SIGKILLed (as a kill -9, an out-of-memory kill or a power
//    cut would end it) and A started again on the same folders: the family it signed up signs in to
//    the same users row, the demo teacher is still public, the demo student's Cash is the same.
//
// Needs a production build: with `--build-of DIR`, the build in DIR when it is as current as the
// sources (npm test passes the e2e server's build, so a run builds once), run with the variables it
// was built with; otherwise its own, which `npm start` makes in NEXT_DIST_DIR (default .next-embedded)
// when stale.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { findFreePortTriple } from "./auth-emulator.mjs";
import { checkBuildOf } from "./build-freshness.mjs";
import { slugOf } from "./embedded-auth.mjs";
import { freePort } from "./free-port.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD_OF = process.argv.includes("--build-of") ? process.argv[process.argv.indexOf("--build-of") + 1] : undefined;
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-default-"));
const RUN = randomUUID().slice(0, 8);
const DEMO_PASSWORD = "demo-password-1";
/** A start on a quiet 2-core machine takes 10-20 s; minutes on a busy one. */
const START_LIMIT_MS = 300_000;
/** A build, when there is none to reuse: about a minute on a quiet machine, many on a busy one. */
const BUILD_LIMIT_MS = 1_800_000;

const failures = [];
function check(condition, message) {
  console.log(`${condition ? "ok  " : "FAIL"} ${message}`);
  if (!condition) failures.push(message);
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Variables of the shell that would point a start elsewhere (a real database, Firebase, SMTP, Stripe) or change its build. */
const NOT_INHERITED =
  /^(PRODUCT_|SUPPORT_|SOCIAL_|NEXT_PUBLIC_|FIREBASE_|STRIPE_|AUTH_EMULATOR_|GOOGLE_)|^(APP_URL|SERVE_BUILD_OF|NEXTAUTH_URL|NEXTAUTH_SECRET|PRACTICE_PYTHON_URL|DATABASE_URL|TEST_DATABASE_URL|REDIS_URL|SMTP_URL|MAILBOX_DIR|PGLITE_DIR|HOST|PORT|NODE_ENV|SEED_DEMO_ACCOUNTS|LOCAL_CARD_PAYMENTS|WEB_CONCURRENCY)$/;

/** The build, and the variables every start runs with so that it is reused, never rebuilt. */
function buildEnvironment() {
  const other = BUILD_OF ? checkBuildOf({ root: ROOT, dir: BUILD_OF }) : undefined;
  if (other) console.log(`[embedded] ${other.reason}${other.stale ? ": npm start builds its own instead" : ": using it"}`);
  if (other && !other.stale) return { NEXT_DIST_DIR: BUILD_OF, ...other.env };
  // A fixed APP_URL: it is part of the build, and the ports change at every run.
  return { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-embedded", APP_URL: "http://localhost:3190" };
}

/** A checkout's folders: what `npm start` keeps under .data/. */
function checkoutFolders(name) {
  const dir = path.join(WORK, name);
  return {
    PGLITE_DIR: path.join(dir, "pglite"),
    AUTH_EMULATOR_DATA_DIR: path.join(dir, "auth-emulator"),
    MAILBOX_DIR: path.join(dir, "mail"),
    STRIPE_LOCAL_DIR: path.join(dir, "stripe-local"),
  };
}

/** `npm start` (node scripts/start.mjs) in a process group of its own, so the whole group can be killed as a crash would. */
async function startCheckout(name, { folders, projectId, emulatorPort, buildEnv }) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !NOT_INHERITED.test(key)));
  Object.assign(env, buildEnv, folders, {
    PORT: String(port),
    NEXTAUTH_URL: origin,
    FIREBASE_PROJECT_ID: projectId,
    AUTH_EMULATOR_PORT: String(emulatorPort),
    // The tests' sign-ins and sign-ups all come from 127.0.0.1.
    RATE_LIMITS: "off",
  });
  const logFile = path.join(WORK, `${name}.log`);
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const checkout = { name, port, origin, child, exited, logFile, log: () => fs.readFileSync(logFile, "utf8") };
  started.add(checkout);
  return checkout;
}
const started = new Set();

/** Resolves once the server has run its start-up (migrations, demo data) and listens (or, pastBuildOnly, once it has a build). */
async function ready(checkout, { pastBuildOnly = false } = {}) {
  const limit = pastBuildOnly ? BUILD_LIMIT_MS : START_LIMIT_MS;
  const deadline = Date.now() + limit;
  for (;;) {
    const text = checkout.log();
    if (pastBuildOnly ? /\[start\] (reusing the last build|built in)/.test(text) : /\[server\] ready on/.test(text)) return;
    if (checkout.child.exitCode !== null || checkout.child.signalCode !== null)
      throw new Error(`${checkout.name} exited during start; its log is ${checkout.logFile}`);
    if (Date.now() > deadline) throw new Error(`${checkout.name} did not start within ${limit / 1000} s; its log is ${checkout.logFile}`);
    await sleep(250);
  }
}

/** Ends the whole process group, as a crash does (SIGKILL), or as Ctrl-C does (SIGINT). */
async function end(checkout, signal) {
  try {
    process.kill(-checkout.child.pid, signal);
  } catch {
    // already gone
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-checkout.child.pid, "SIGKILL");
    } catch {
      // gone
    }
  }, 20_000);
  await checkout.exited;
  clearTimeout(timer);
  // The group's other processes (the emulator, the server) go with the signal; wait for their ports too.
  for (let i = 0; i < 100 && groupAlive(checkout.child.pid); i++) await sleep(100);
  started.delete(checkout);
}
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Cookies as a browser keeps them for one site. */
class CookieJar {
  cookies = new Map();
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** The sign-in form's road: next-auth's credentials callback. Returns the session's user, or null with the reason. */
async function signIn(checkout, email, password) {
  const jar = new CookieJar();
  const csrf = await fetch(`${checkout.origin}/api/auth/csrf`, { signal: AbortSignal.timeout(60_000) });
  jar.take(csrf);
  const { csrfToken } = await csrf.json();
  const answer = await fetch(`${checkout.origin}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: checkout.origin }),
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  jar.take(answer);
  const session = await fetch(`${checkout.origin}/api/auth/session`, {
    headers: { cookie: jar.header() },
    signal: AbortSignal.timeout(60_000),
  });
  const user = (await session.json())?.user;
  if (!user) return { user: null, jar, reason: `${answer.status} ${(await answer.text()).slice(0, 300)}` };
  return { user, jar };
}

async function page(checkout, jar, pathname) {
  const response = await fetch(checkout.origin + pathname, {
    headers: { cookie: jar.header() },
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, text: await response.text() };
}

/** The sign-up form's server action, as the browser calls it (its id from the build's manifest). */
async function signUp(checkout, distDir, { email, password, displayName }) {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, distDir, "server", "server-reference-manifest.json"), "utf8"));
  const [id] =
    Object.entries(manifest.node).find(
      ([, entry]) => entry.filename === "app/(auth)/signup/actions.ts" && entry.exportedName === "signUpAction",
    ) ?? [];
  if (!id) throw new Error("signUpAction is not in the build's server reference manifest");
  const response = await fetch(`${checkout.origin}/signup`, {
    method: "POST",
    headers: { accept: "text/x-component", "next-action": id, origin: checkout.origin, "content-type": "text/plain;charset=UTF-8" },
    body: JSON.stringify([{ email, password, displayName, timezone: "America/Los_Angeles" }]),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, text: await response.text() };
}

/** What the demo student's Cash page shows as the balance. */
async function demoCash(checkout, walletPath) {
  const student = await signIn(checkout, "student@example.com", DEMO_PASSWORD);
  if (!student.user) return `no sign-in (${student.reason})`;
  const wallet = await page(checkout, student.jar, walletPath);
  return /data-testid="wallet-balance"[^>]*>([^<]+)</.exec(wallet.text)?.[1] ?? `no balance on ${walletPath} (${wallet.status})`;
}

/** Whether the demo teacher's own page says families see the profile. */
async function demoTeacherPublic(checkout) {
  const teacher = await signIn(checkout, "teacher@example.com", DEMO_PASSWORD);
  if (!teacher.user) return `no sign-in (${teacher.reason})`;
  const availability = await page(checkout, teacher.jar, "/teacher/availability");
  if (availability.text.includes("Approved: families see this")) return "public";
  return availability.text.includes("Not public yet") ? "Not public yet" : `neither (${availability.status})`;
}

/** Whether `email` signs in with `password` directly at the emulator on `host` (the Identity Toolkit REST API). */
async function emulatorKnows(host, email, password) {
  const answer = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return answer.ok;
}

function emulatorHostOf(checkout) {
  return /Auth Emulator (?:already running )?at (127\.0\.0\.1:\d+)/.exec(checkout.log())?.[1];
}

async function main() {
  const buildEnv = buildEnvironment();
  const walletPath = `/user/${slugOf(buildEnv)}-coin`;
  const emulatorPort = await findFreePortTriple(19_000 + (process.pid % 1_000) * 3);
  const folders = { A: checkoutFolders("a"), B: checkoutFolders("b") };
  const family = { email: `crash.${RUN}@example.com`, password: `family-pass-${RUN}`, displayName: "Crash Family" };
  const otherFamily = { email: `other.${RUN}@example.com`, password: `family-pass-${RUN}`, displayName: "Other Family" };
  const startedAt = Date.now();

  // --- 1. Two checkouts at once, wanting the same emulator port.
  let a = await startCheckout("A", { folders: folders.A, projectId: "demo-checkout-a", emulatorPort, buildEnv });
  // A builds first when there is no build to reuse: B then starts beside it on that build.
  await ready(a, { pastBuildOnly: true });
  const b = await startCheckout("B", { folders: folders.B, projectId: "demo-checkout-b", emulatorPort, buildEnv });
  // B failing to start (it tried A's port) is a failure of part 1; part 2 still runs on A.
  const bStarted = ready(b).then(
    () => true,
    (error) => (check(false, `B starts beside A (${error.message})`), false),
  );
  await ready(a);
  const bReady = await bStarted;
  console.log(`[embedded] A and B ready in ${Math.round((Date.now() - startedAt) / 1000)} s`);
  const hostA = emulatorHostOf(a);
  check(hostA === `127.0.0.1:${emulatorPort}`, `A runs its emulator at the port both wanted (${hostA})`);

  const signedUpA = await signUp(a, buildEnv.NEXT_DIST_DIR, family);
  check(signedUpA.text.includes("Your account has been created."), `a family signs up on A (${signedUpA.status})`);
  const familyBefore = await signIn(a, family.email, family.password);
  check(Boolean(familyBefore.user), `the family signs in on A (${familyBefore.reason ?? "ok"})`);
  const cashBefore = await demoCash(a, walletPath);
  check(/^\$[1-9][\d,]*\.\d\d$/.test(cashBefore), `the demo student has Cash on A (${cashBefore})`);
  check((await demoTeacherPublic(a)) === "public", "the demo teacher is public on A");

  if (bReady) {
    const hostB = emulatorHostOf(b);
    check(Boolean(hostB) && hostB !== hostA, `B runs an emulator of its own (${hostB}), not A's`);
    const signedUpB = await signUp(b, buildEnv.NEXT_DIST_DIR, otherFamily);
    check(signedUpB.text.includes("Your account has been created."), `a family signs up on B (${signedUpB.status})`);
    const otherSignIn = await signIn(b, otherFamily.email, otherFamily.password);
    check(Boolean(otherSignIn.user), `B's family signs in on B (${otherSignIn.reason ?? "ok"})`);
    const studentOnB = await signIn(b, "student@example.com", DEMO_PASSWORD);
    check(Boolean(studentOnB.user), `the demo student signs in on B (${studentOnB.reason ?? "ok"})`);
    check(
      !(await emulatorKnows(hostA ?? `127.0.0.1:${emulatorPort}`, otherFamily.email, otherFamily.password)),
      "B's family is not an account of A's emulator",
    );
  }
  await end(b, "SIGINT");

  // --- 2. A crashes: its whole process group killed at once, then `npm start` again on its folders.
  await end(a, "SIGKILL");
  const crashedAt = Date.now();
  a = await startCheckout("A-again", { folders: folders.A, projectId: "demo-checkout-a", emulatorPort, buildEnv });
  await ready(a);
  console.log(`[embedded] A ready again ${Math.round((Date.now() - crashedAt) / 1000)} s after the crash`);
  const familyAfter = await signIn(a, family.email, family.password);
  check(Boolean(familyAfter.user), `after the crash, the family signs in (${familyAfter.reason ?? "ok"})`);
  check(
    familyAfter.user?.databaseId === familyBefore.user?.databaseId,
    `after the crash, the family's sign-in is its users row (${familyAfter.user?.databaseId} = ${familyBefore.user?.databaseId})`,
  );
  const teacherAfter = await demoTeacherPublic(a);
  check(teacherAfter === "public", `after the crash, the demo teacher is still public (${teacherAfter})`);
  const cashAfter = await demoCash(a, walletPath);
  check(cashAfter === cashBefore, `after the crash, the demo student's Cash is intact (${cashAfter}, before ${cashBefore})`);
  await end(a, "SIGINT");
  console.log(`[embedded] ${Math.round((Date.now() - startedAt) / 1000)} s in all`);
}

async function cleanUp() {
  await Promise.all([...started].map((checkout) => end(checkout, "SIGKILL")));
}

// Interrupted (Ctrl-C, a CI timeout): the checkouts' process groups go too.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const checkout of started) {
      try {
        process.kill(-checkout.child.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
    process.exit(130);
  });
}

main().then(
  async () => {
    await cleanUp();
    if (failures.length > 0) {
      console.error(`[embedded] ${failures.length} failed; logs in ${WORK}`);
      process.exit(1);
    }
    fs.rmSync(WORK, { recursive: true, force: true });
    console.log("[embedded] passed");
    process.exit(0);
  },
  async (error) => {
    console.error(error, `\nlogs in ${WORK}`);
    await cleanUp();
    process.exit(1);
  },
);
