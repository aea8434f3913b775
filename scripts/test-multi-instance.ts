// `npm run test:multi-instance` (issue 30; .ci/run runs it when CI=true): two production instances
// of the app (scripts/server.mjs on the same build) over one PostgreSQL and one Redis, as README
// "Several instances" lays them out, and HAProxy (deploy/haproxy.cfg) in front for the last part.
//
// 1. An admin edits a course's title and a family fills its one-seat section, both on instance A;
//    instance B's course page (cached there before) shows both within 2 s.
// 2. The seat's confirmation mail, queued on A, is sent once, though both instances run the outbox worker.
// 3. Redis down (its connection cut): both instances still serve the page (from their own cache,
//    no 5xx); a title edited on A meanwhile shows on B once Redis is back.
// 4. Behind HAProxy, one instance SIGKILLed under load (demo requests with Idempotency-Keys): the
//    proxy stops sending to it, and every request answered 201 before or after is stored once;
//    those in flight at the kill are retried by their client with their key, as the form does.
//
// Needs a build: with `--build-of DIR`, the build in DIR when it is as current as the sources (CI passes
// the e2e servers' build, so a run builds once), running with the brand and links it was built with;
// otherwise its own (built here into NEXT_DIST_DIR, default .next-multi, when stale). And PostgreSQL
// (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), Redis (MULTI_REDIS_URL,
// default redis://127.0.0.1:6379) and haproxy on the PATH (part 4). Locally, a missing one skips
// with a message; with CI=true it fails.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const CI = process.env.CI === "true";
const BUILD_OF = process.argv.includes("--build-of") ? process.argv[process.argv.indexOf("--build-of") + 1] : undefined;
let DIST = process.env.NEXT_DIST_DIR || ".next-multi";
/** The variables the build was made with, when it is another's (--build-of): its instances run with them. */
let buildTimeEnv: Record<string, string> = {};
const POSTGRES = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const REDIS = process.env.MULTI_REDIS_URL || "redis://127.0.0.1:6379";
const RUN = randomUUID().slice(0, 8);
const SECRET = `multi-instance-${RUN}-${randomUUID()}`;
const PROJECT = "demo-multi";
const LOGS = fs.mkdtempSync(path.join(os.tmpdir(), "multi-instance-"));

const failures: string[] = [];
const spawned = new Set<ChildProcess>();
function check(condition: boolean, message: string) {
  console.log(`${condition ? "ok  " : "FAIL"} ${message}`);
  if (!condition) failures.push(message);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1_000 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}
function hasCommand(name: string): boolean {
  return (process.env.PATH ?? "").split(":").some((dir) => fs.existsSync(path.join(dir, name)));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A TCP relay in front of Redis: the instances reach Redis through it, and the test cuts it (every
 * connection reset, new ones refused) to take Redis away from them without touching the machine's Redis.
 */
async function startRedisRelay(target: URL) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect({ host: target.hostname, port: Number(target.port || 6379) });
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const close = () => (client.destroy(), upstream.destroy(), sockets.delete(client), sockets.delete(upstream));
        client.on("error", close).on("close", close);
        upstream.on("error", close).on("close", close);
      });
      server.listen(port, "127.0.0.1", () => resolve());
    });
  await open();
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      const closing = server;
      server = undefined;
      const closed = new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: open,
  };
}

interface Instance {
  name: string;
  port: number;
  origin: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** One instance: node scripts/server.mjs itself (not npm), so a SIGKILL reaches the server. */
async function startInstance(name: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(LOGS, `${name}.log`), "a");
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), APP_URL: origin, NEXTAUTH_URL: origin },
    stdio: ["ignore", log, log],
  });
  spawned.add(child);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited at start; see ${LOGS}/${name}.log`);
    const text = fs.readFileSync(path.join(LOGS, `${name}.log`), "utf8");
    if (text.includes("[server] ready on") || /\[server\] \d+ workers ready/.test(text)) break;
    if (Date.now() > deadline) throw new Error(`${name} not ready in 120 s; see ${LOGS}/${name}.log`);
    await sleep(250);
  }
  return { name, port, origin, child, exited };
}

async function get(origin: string, pathname: string): Promise<{ status: number; text: string; cache: string | null }> {
  const response = await fetch(origin + pathname, { redirect: "manual", signal: AbortSignal.timeout(20_000) });
  return { status: response.status, text: await response.text(), cache: response.headers.get("x-nextjs-cache") };
}

/** Polls `pathname` on `origin` until `test` holds; resolves with the milliseconds it took, or null after `limitMs`. */
async function within(origin: string, pathname: string, test: (text: string) => boolean, limitMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started <= limitMs) {
    const page = await get(origin, pathname);
    if (page.status === 200 && test(page.text)) return Date.now() - started;
    await sleep(50);
  }
  return null;
}

/** The id the browser sends in Next-Action for an exported server action, from the build's manifest. */
function actionId(file: string, exportedName: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, DIST, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename: string; exportedName: string }>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.filename === file && entry.exportedName === exportedName);
  if (!found) throw new Error(`${exportedName} of ${file} is not in the build's server reference manifest`);
  return found[0];
}

/** A server action called as React calls it with plain arguments (encodeReply gives JSON text). */
async function callAction(origin: string, page: string, id: string, cookie: string, args: unknown[]) {
  const response = await fetch(origin + page, {
    method: "POST",
    headers: { accept: "text/x-component", "next-action": id, origin, cookie, "content-type": "text/plain;charset=UTF-8" },
    body: JSON.stringify(args),
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, text: await response.text() };
}

/** The cart's checkout as the browser's form sends it (bench/signed-in.mjs). */
async function checkout(origin: string, id: string, cookie: string, expectedTotalMinor: number) {
  const boundary = "----multiInstanceBoundary";
  const response = await fetch(`${origin}/cart`, {
    method: "POST",
    headers: { accept: "text/x-component", "next-action": id, origin, cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    // React's encodeReply: the arguments in field 0, the form's fields as "_1_<name>" ($K1 is that FormData).
    body:
      `--${boundary}\r\nContent-Disposition: form-data; name="_1_expectedTotalMinor"\r\n\r\n${expectedTotalMinor}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="0"\r\n\r\n[null,"$K1"]\r\n--${boundary}--\r\n`,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, text: await response.text() };
}

async function main() {
  // --- What it needs.
  const postgres = new URL(POSTGRES);
  const redis = new URL(REDIS);
  const missing: string[] = [];
  if (!(await reachable(postgres.hostname, Number(postgres.port || 5432)))) missing.push(`PostgreSQL at ${postgres.host}`);
  if (!(await reachable(redis.hostname, Number(redis.port || 6379)))) missing.push(`Redis at ${redis.host}`);
  if (!hasCommand("haproxy")) missing.push("haproxy (apt-get install -y haproxy)");
  if (missing.length > 0) {
    const message = `[multi-instance] needs ${missing.join(", ")}`;
    if (CI) throw new Error(message);
    console.log(`${message}: skipped (CI=true makes this a failure)`);
    return;
  }

  // --- The build (shared by both instances, as on one host).
  const { checkBuildFreshness, checkBuildOf, recordBuild } = await import("./build-freshness.mjs");
  const other = BUILD_OF ? checkBuildOf({ root: ROOT, dir: BUILD_OF }) : undefined;
  if (other) console.log(`[multi-instance] ${other.reason}${other.stale ? `: building into ${DIST} instead` : ": using it"}`);
  if (other && !other.stale) {
    DIST = BUILD_OF!;
    buildTimeEnv = other.env ?? {};
  }
  const buildEnv = { ...process.env, NEXT_DIST_DIR: DIST, NODE_ENV: "production" } as NodeJS.ProcessEnv;
  // --reuse-build: whatever build is in NEXT_DIST_DIR (while working on the test itself).
  const reuse = (other && !other.stale) || (process.argv.includes("--reuse-build") && fs.existsSync(path.join(ROOT, DIST, "BUILD_ID")));
  const freshness = reuse ? { stale: false, reason: "--reuse-build" } : checkBuildFreshness({ root: ROOT, env: buildEnv });
  if (freshness.stale) {
    console.log(`[multi-instance] building into ${DIST}, because ${freshness.reason}`);
    const startedAt = Date.now();
    // `next build` adds its folder's types to tsconfig.json: put back, with its times (as scripts/start.mjs does).
    const tsconfigPath = path.join(ROOT, "tsconfig.json");
    const tsconfig = fs.readFileSync(tsconfigPath, "utf8");
    const { atime, mtime } = fs.statSync(tsconfigPath);
    const code = await new Promise<number | null>((resolve) => {
      const build = spawn(path.join(ROOT, "node_modules", ".bin", "next"), ["build"], { cwd: ROOT, env: buildEnv, stdio: "inherit" });
      build.once("exit", resolve);
    });
    if (fs.readFileSync(tsconfigPath, "utf8") !== tsconfig) {
      fs.writeFileSync(tsconfigPath, tsconfig);
      fs.utimesSync(tsconfigPath, atime, mtime);
    }
    if (code !== 0) throw new Error(`next build failed (${code})`);
    recordBuild({ root: ROOT, env: buildEnv, startedAt });
  }

  // --- One PostgreSQL database, one auth emulator, one SMTP server for both instances.
  process.env.TEST_DATABASE_URL = POSTGRES;
  const { openChildDatabase } = await import("../test/child-database");
  const database = await openChildDatabase("multi", POSTGRES);
  const { startAuthEmulator, findFreePortTriple } = await import("./auth-emulator.mjs");
  const emulator = await startAuthEmulator({ port: await findFreePortTriple(9300), projectId: PROJECT });
  const { startMailServer } = await import("./mail-server.mjs");
  const mail: Array<{ to: string; subject: string }> = [];
  const mailServer = await startMailServer({
    dir: path.join(LOGS, "mail"),
    onMessage: (summary: { to: string; subject: string }) => mail.push(summary),
  });
  const relay = await startRedisRelay(redis);
  const children: Instance[] = [];
  let proxy: ChildProcess | undefined;

  try {
    const { db } = await database.read();
    const { newFamily, newSection } = await import("../test/commerce-fixtures");
    const { insertActor } = await import("../test/fixtures");
    const { addToCart } = await import("@/lib/commerce/cart/cart");
    const schema = await import("@/lib/platform/db/schema");
    const { eq, like } = await import("drizzle-orm");
    const { encode } = await import("next-auth/jwt");

    const sectionId = await newSection(db, { capacity: 1, priceMinor: 9_900 });
    const [section] = await db.select().from(schema.sections).where(eq(schema.sections.id, sectionId));
    const [course] = await db.select().from(schema.courses).where(eq(schema.courses.id, section!.courseId));
    const family = await newFamily(db, 20_000);
    await addToCart(family.parentId, { sectionId, learnerId: family.learnerId });
    const admin = await insertActor(db, "admin", `admin-${RUN}@example.com`);

    /** The session cookie of a users row, as next-auth writes it after a sign-in (the account exists in the emulator). */
    const sessionCookie = async (userId: number) => {
      const [row] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
      // The emulator's admin API (as firebase-admin's createUser, without this process's configuration).
      const created = await fetch(`http://${emulator.host}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer owner" },
        body: JSON.stringify({ localId: row!.firebaseUid, email: row!.email, emailVerified: true, password: randomUUID() }),
      });
      if (!created.ok) throw new Error(`the emulator did not create ${row!.email}: ${created.status} ${await created.text()}`);
      // Firebase counts tokens valid from the account's creation, in whole seconds: a sign-in comes after.
      await sleep(1_100);
      const user = {
        id: row!.firebaseUid,
        name: row!.displayName,
        email: row!.email,
        displayName: row!.displayName,
        photoURL: null,
        role: row!.role,
        databaseId: row!.id,
        emailVerified: true,
      };
      const token = await encode({
        token: { name: row!.displayName, email: row!.email, sub: row!.firebaseUid, user, issuedAtMs: Date.now() },
        secret: SECRET,
      });
      return `next-auth.session-token=${token}`;
    };
    const adminCookie = await sessionCookie(admin.id);
    const parentCookie = await sessionCookie(family.parentId);
    const [parent] = await db.select().from(schema.users).where(eq(schema.users.id, family.parentId));

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...buildTimeEnv,
      // Identity through the emulator, allowed on loopback.
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: PROJECT,
      ALLOW_AUTH_EMULATOR: "true",
      NODE_ENV: "production",
      NEXT_DIST_DIR: DIST,
      HOST: "127.0.0.1",
      DATABASE_URL: database.env.DATABASE_URL,
      REDIS_URL: relay.url,
      REDIS_KEY_PREFIX: `multi-${RUN}`,
      // Short, so the Redis-down part does not wait on a dead connection.
      REDIS_CACHE_TIMEOUT_MS: "300",
      NEXTAUTH_SECRET: SECRET,
      SMTP_URL: mailServer.url,
      SEED_DEMO_ACCOUNTS: "false",
      TRUSTED_PROXIES: "127.0.0.1",
      // Part 4's load comes from one address, as a load test's does (test/route-server.ts does the same).
      RATE_LIMITS: "off",
    };
    delete env.PGLITE_DIR;
    delete env.TEST_DATABASE_URL;
    // A is two node:cluster workers on one port (WEB_CONCURRENCY), B one process: both layouts of README "Several instances".
    const [a, b] = await Promise.all([startInstance("A", { ...env, WEB_CONCURRENCY: "2" }), startInstance("B", env)]);
    children.push(a!, b!);
    const page = `/courses/${course!.slug}`;

    // --- 1. B caches the page; A changes the title and fills the section; B shows both within 2 s.
    const before = await get(b!.origin, page);
    check(
      before.status === 200 && before.text.includes(course!.title) && !before.text.includes("This class is full."),
      `B serves ${page} before the change`,
    );
    const cachedAgain = await get(b!.origin, page);
    check(cachedAgain.cache === "HIT", `B's second answer comes from the cache (x-nextjs-cache: ${cachedAgain.cache})`);

    const newTitle = `Robots at dawn ${RUN}`;
    const updateId = actionId("app/(dashboards)/admin/courses/actions.ts", "updateCourseAction");
    const values = {
      slug: course!.slug,
      title: newTitle,
      category: course!.category,
      description: course!.description,
      gradeMin: course!.gradeMin,
      gradeMax: course!.gradeMax,
      isFeatured: course!.isFeatured,
      isPublished: course!.isPublished,
    };
    const edited = await callAction(a!.origin, `/admin/courses/${course!.id}`, updateId, adminCookie, [course!.id, values]);
    check(edited.status === 200 && edited.text.includes("saved"), `the admin's title edit on A is saved (${edited.status})`);
    const titleMs = await within(b!.origin, page, (text) => text.includes(newTitle), 2_000);
    check(titleMs !== null, `B shows the new title within 2 s (${titleMs} ms)`);

    const paid = await checkout(a!.origin, actionId("app/(account)/cart/actions.ts", "checkoutAction"), parentCookie, 9_900);
    fs.writeFileSync(path.join(LOGS, "checkout-answer.txt"), paid.text);
    check(
      paid.status === 200 && /"next":"\/cart\?order=/.test(paid.text),
      `the family's checkout on A places a paid order (${paid.status}; the answer is in checkout-answer.txt)`,
    );
    const fullMs = await within(b!.origin, page, (text) => text.includes("This class is full."), 2_000);
    check(fullMs !== null, `B shows the section full within 2 s (${fullMs} ms)`);

    // --- 2. The seat's confirmation, queued on A, is sent once by the two workers.
    const toParent = () => mail.filter((message) => message.to.includes(parent!.email));
    const deadline = Date.now() + 30_000;
    while (toParent().length === 0 && Date.now() < deadline) await sleep(200);
    // Both workers poll every 15 s: long enough for a second send to show, were there one.
    await sleep(16_000);
    const subjects = toParent().map((message) => message.subject);
    check(subjects.length === 1, `one mail to the family after the checkout: ${JSON.stringify(subjects)}`);
    const queued = await db.select().from(schema.outbox);
    const undelivered = queued.filter((row) => row.deliveredAt === null && row.deadAt === null);
    check(undelivered.length === 0, `the outbox is drained (${queued.length} rows, ${undelivered.length} undelivered)`);

    // --- 3. Redis goes away: pages still serve; a revalidation made meanwhile arrives once it is back.
    await relay.cut();
    await sleep(500);
    const during = await Promise.all([get(a!.origin, page), get(b!.origin, page), get(b!.origin, "/courses")]);
    check(
      during.every((answer) => answer.status === 200),
      `Redis down: A and B still serve (${during.map((answer) => answer.status).join(", ")})`,
    );
    const laterTitle = `Robots at dusk ${RUN}`;
    const editedDown = await callAction(a!.origin, `/admin/courses/${course!.id}`, updateId, adminCookie, [
      course!.id,
      { ...values, title: laterTitle },
    ]);
    check(
      editedDown.status === 200 && editedDown.text.includes("saved"),
      `Redis down: the admin's edit on A is still saved (${editedDown.status})`,
    );
    // A's two workers pass revalidations to each other through the cluster's primary: each shows the edit.
    const onA = [];
    for (let i = 0; i < 4; i++) onA.push((await get(a!.origin, page)).text.includes(laterTitle));
    check(onA.every(Boolean), `Redis down: every answer of A's two workers shows its edit at once (${onA.join(", ")})`);
    await relay.restore();
    const backMs = await within(b!.origin, page, (text) => text.includes(laterTitle), 10_000);
    check(backMs !== null, `Redis back: B shows the edit made while it was down (${backMs} ms after it came back)`);
    // Once per process: A's two workers and B.
    const outages = ["A", "B"].flatMap(
      (name) => fs.readFileSync(path.join(LOGS, `${name}.log`), "utf8").match(/Redis unreachable.*\(process \d+\)/g) ?? [],
    );
    const perProcess = new Map<string, number>();
    for (const line of outages) perProcess.set(/process (\d+)/.exec(line)![1]!, (perProcess.get(/process (\d+)/.exec(line)![1]!) ?? 0) + 1);
    check(
      perProcess.size === 3 && [...perProcess.values()].every((n) => n === 1),
      `the outage is logged once by each of the 3 processes (${JSON.stringify([...perProcess])})`,
    );

    // --- 4. HAProxy in front; one instance SIGKILLed under load.
    const proxyPort = await freePort();
    const config = fs
      .readFileSync(path.join(ROOT, "deploy", "haproxy.cfg"), "utf8")
      .replaceAll("PROXY_PORT", String(proxyPort))
      .replaceAll("APP_PORT_1", String(a!.port))
      .replaceAll("APP_PORT_2", String(b!.port));
    fs.writeFileSync(path.join(LOGS, "haproxy.cfg"), config);
    const proxyLog = fs.openSync(path.join(LOGS, "haproxy.log"), "a");
    proxy = spawn("haproxy", ["-db", "-f", path.join(LOGS, "haproxy.cfg")], { stdio: ["ignore", proxyLog, proxyLog] });
    spawned.add(proxy);
    const proxied = `http://127.0.0.1:${proxyPort}`;
    for (let i = 0; i < 100 && !(await reachable("127.0.0.1", proxyPort)); i++) await sleep(100);
    // Wait for both instances' health checks to pass ("rise 2").
    await sleep(2_500);
    await killUnderLoad({ proxied, victim: b!, survivor: a!, db, schema, like });
  } finally {
    proxy?.kill("SIGTERM");
    for (const instance of children) instance.child.kill("SIGTERM");
    await Promise.all(children.map((instance) => Promise.race([instance.exited, sleep(8_000)])));
    for (const instance of children) instance.child.kill("SIGKILL");
    await relay.cut();
    await mailServer.stop();
    await emulator.stop();
    await database.dispose();
  }
}

type Db = Awaited<ReturnType<Awaited<ReturnType<typeof import("../test/child-database").openChildDatabase>>["read"]>>["db"];

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function postLead(origin: string, key: string, email: string): Promise<{ status: number; id?: string }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ userEmail: email, course: "not-sure", grade: 5, name: "Multi Instance" });
    const request = http.request(
      `${origin}/api/book-free-demo`,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin, "idempotency-key": key },
        timeout: 20_000,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => {
          let id: string | undefined;
          try {
            id = (JSON.parse(text) as { id?: string }).id;
          } catch {
            // not JSON (a proxy's error page)
          }
          resolve({ status: response.statusCode ?? 0, id });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.end(body);
  });
}

async function killUnderLoad({
  proxied,
  victim,
  survivor,
  db,
  schema,
  like,
}: {
  proxied: string;
  victim: Instance;
  survivor: Instance;
  db: Db;
  schema: typeof import("@/lib/platform/db/schema");
  like: typeof import("drizzle-orm").like;
}) {
  const CLIENTS = 16;
  const KILL_AFTER = 150;
  const AFTER_KILL_MS = 5_000;
  const acknowledged = new Map<string, string>();
  const failuresAfterKill: Array<{ at: number; what: string }> = [];
  let next = 0;
  let killedAt = 0;
  let stopAt = Infinity;
  let lastAcknowledged = Date.now();
  let onThreshold = () => undefined as void;
  const threshold = new Promise<void>((resolve) => (onThreshold = resolve));
  const client = async () => {
    while (Date.now() < stopAt) {
      const n = next++;
      const key = `multi-${RUN}-${n}`;
      const email = `multi${n}.${RUN}@example.com`;
      // As the form does: an answer that never came, or a proxy's 5xx, is sent again with its key.
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          const answer = await postLead(proxied, key, email);
          if ((answer.status === 201 || answer.status === 200) && answer.id) {
            acknowledged.set(key, answer.id);
            lastAcknowledged = Date.now();
            if (acknowledged.size === KILL_AFTER) onThreshold();
            break;
          }
          if (killedAt) failuresAfterKill.push({ at: Date.now() - killedAt, what: String(answer.status) });
        } catch (error) {
          if (killedAt) failuresAfterKill.push({ at: Date.now() - killedAt, what: error instanceof Error ? error.message : String(error) });
        }
        await sleep(100);
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  // No progress for 30 s (a proxy that never came up): the clients stop, and the checks below fail.
  const stalled = setInterval(() => {
    if (Date.now() - lastAcknowledged > 30_000) {
      stopAt = 0;
      onThreshold();
    }
  }, 1_000);
  await threshold;
  clearInterval(stalled);
  victim.child.kill("SIGKILL");
  killedAt = Date.now();
  await victim.exited;
  stopAt = Date.now() + AFTER_KILL_MS;
  await Promise.all(clients);
  const afterKill = [...acknowledged.keys()].filter((key) => Number(key.split("-").pop()) >= 0).length;
  check(
    acknowledged.size > KILL_AFTER,
    `load through HAProxy: ${acknowledged.size} demo requests acknowledged, the kill after ${KILL_AFTER}`,
  );
  // Failures only in the moment of the kill: the requests in flight on the victim (answered by the
  // client's retry), none once the proxy has taken it out of rotation (2 failed checks, about 2 s).
  const late = failuresAfterKill.filter((failure) => failure.at > 3_000);
  check(
    late.length === 0,
    `no failed request later than 3 s after the kill (${failuresAfterKill.length} in all: ${JSON.stringify(failuresAfterKill.slice(0, 5))})`,
  );
  const survivorUp = await fetch(`${survivor.origin}/api/v1/ip`).then((response) => response.status);
  check(survivorUp === 200, "the other instance serves on");
  const stored = await db
    .select({ id: schema.demoRequests.id, key: schema.demoRequests.idempotencyKey })
    .from(schema.demoRequests)
    .where(like(schema.demoRequests.idempotencyKey, `multi-${RUN}-%`));
  const byKey = new Map<string, string[]>();
  for (const row of stored) byKey.set(row.key!, [...(byKey.get(row.key!) ?? []), row.id]);
  const lost = [...acknowledged].filter(([key, id]) => byKey.get(key)?.[0] !== id);
  const twice = [...byKey].filter(([, ids]) => ids.length > 1);
  check(
    lost.length === 0,
    `every acknowledged request is stored under the id it was answered with (${lost.length} of ${acknowledged.size} not)`,
  );
  check(twice.length === 0, `no request stored twice (${twice.length})`);
  void afterKill;
}

// Interrupted (Ctrl-C, a CI timeout): the instances and the proxy go too.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of spawned) child.kill("SIGKILL");
    process.exit(130);
  });
}

main().then(
  () => {
    agent.destroy();
    if (failures.length > 0) {
      console.error(`[multi-instance] ${failures.length} failed; logs in ${LOGS}`);
      process.exit(1);
    }
    console.log(`[multi-instance] passed; logs in ${LOGS}`);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error, `\nlogs in ${LOGS}`);
    process.exit(1);
  },
);
