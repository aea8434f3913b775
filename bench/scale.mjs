// The scale step of `npm run bench` (issue 30), on the PostgreSQL app started with REDIS_URL:
//
// 1. Open loop: checkouts arrive at a fixed rate (default 40/s for 30 s) on one instance, each a
//    different signed-in parent with one seat in the cart, whatever the answers' speed (a closed
//    loop, such as autocannon's connections, slows its arrivals when the server slows and so hides
//    queueing). Reports p50/p99 and checks that every request is a stored, paid order.
// 2. Two instances behind HAProxy (deploy/haproxy.cfg) against one: the public course page's and
//    the checkout's throughput at the same connections, side by side, and the CPU the load
//    generator (this process: autocannon) and the proxy took meanwhile, on a machine whose cores
//    they share with the instances.
// 3. CPU per checkout: the app's processes and PostgreSQL's during (1), next to the domain layer's
//    own figure (scripts/bench-checkout.ts, no Next.js, no HTTP), as a ratio.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import autocannon from "autocannon";

import { processesCpuMs, startCpuCount, startMachineCpu } from "./cpu.mjs";
import { parseDomainCheckout } from "./domain-figures.mjs";
import { COURSE_PAGE, REPO_DIR, freePort, runToEnd, table, times } from "./lib.mjs";
import { checkoutRequest, isPlacedOrder } from "./signed-in.mjs";

export const SCALE_DEFAULTS = {
  rate: 40,
  seconds: 30,
  compareCheckouts: 300,
  connections: 20,
  pageSeconds: 10,
  // Checkouts sent straight to the second instance before the two-instance runs: the first
  // instance is warm from the open loop, and a cold process pays its JIT and its pool's connections.
  warmupCheckouts: 40,
  // > 1: the open loop again, on a second instance started with WEB_CONCURRENCY=N (node:cluster workers, one port).
  openLoopWorkers: 0,
};
export const OPEN_LOOP_P99_LIMIT_MS = 250;
export const TWO_INSTANCE_MIN_RATIO = 1.5;
export const APP_CPU_MAX_VS_DOMAIN = 2;

/** Parents the step spends: one per open-loop arrival, then one per checkout on one instance (direct and behind the proxy) and on two. */
export const scaleParents = (options = {}) => {
  const o = { ...SCALE_DEFAULTS, ...options };
  return o.rate * o.seconds * (o.openLoopWorkers > 1 ? 2 : 1) + 3 * o.compareCheckouts + o.warmupCheckouts;
};

/** The CPU milliseconds this process has used so far (user + system). */
const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const percentile = (sorted, p) => (sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);

/** One checkout over `agent`; resolves with its status, latency and whether it placed an order. */
function sendCheckout(base, actionId, cookie, agent) {
  const origin = new URL(base).origin;
  const request = checkoutRequest(actionId, origin, cookie);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(new URL(request.path, base), { method: "POST", headers: request.headers, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started, placed: isPlacedOrder(res.headers, body) }));
      res.on("error", (error) => resolve({ status: 0, ms: performance.now() - started, placed: false, error: error.message }));
    });
    req.on("error", (error) => resolve({ status: 0, ms: performance.now() - started, placed: false, error: error.message }));
    req.end(request.body);
  });
}

/**
 * Fixed arrivals: request i leaves at i / rate seconds after the start, on a connection of its own
 * kept alive afterwards (no limit on sockets: a slow answer does not hold the next arrival back).
 */
export async function openLoopCheckouts({ base, actionId, cookies, rate, seconds, appGroup, count, outbox }) {
  const total = rate * seconds;
  if (cookies.length < total) throw new Error(`open loop: ${total} arrivals need ${total} parents, got ${cookies.length}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const cpu = startCpuCount(appGroup);
  // The server alone, apart from the group's auth emulator and mail server (which receives and
  // parses each order's confirmation): the figure to set beside the domain layer's.
  // Every scripts/server.mjs process of the group: one, or a WEB_CONCURRENCY primary and its workers.
  const server = appGroup ? serverPids(appGroup) : [];
  const serverBefore = server.length > 0 ? processesCpuMs(server) : null;
  const machine = startMachineCpu();
  const generator = ownCpuMs();
  const started = performance.now();
  const answers = [];
  let lateStarts = 0;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else if (wait < -10) lateStarts++;
    answers.push(sendCheckout(base, actionId, cookies[i], agent));
  }
  const results = await Promise.all(answers);
  const wallSeconds = (performance.now() - started) / 1000;
  const serverAtLastAnswer = server.length > 0 ? processesCpuMs(server) : null;
  const machineBusy = machine();
  const generatorMs = ownCpuMs() - generator;
  // The checkouts' reactions (their events, the confirmation emails) run in the server's outbox
  // worker, after the answers: the server's CPU per checkout is read once they are all delivered.
  const drained = outbox ? await outbox.drain() : null;
  const spent = cpu();
  const serverAfter = server.length > 0 ? processesCpuMs(server) : null;
  agent.destroy();
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const stored = await count();
  const placed = results.filter((r) => r.placed).length;
  return {
    rate,
    seconds,
    sent: total,
    placed,
    storedOrders: stored.orders,
    errors: results.filter((r) => !r.placed).length,
    lateStarts,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? null,
    wallSeconds,
    appCpuMs: typeof spent?.appMs === "number" ? spent.appMs / total : null,
    serverCpuMs: serverBefore !== null && serverAfter !== null ? (serverAfter - serverBefore) / total : null,
    serverCpuMsAtLastAnswer: serverBefore !== null && serverAtLastAnswer !== null ? (serverAtLastAnswer - serverBefore) / total : null,
    serverProcesses: server.length,
    outboxBacklogAtLastAnswer: drained?.backlog ?? null,
    outboxDrainSeconds: drained?.seconds ?? null,
    machineBusy,
    postgresCpuMs: typeof spent?.postgresMs === "number" ? spent.postgresMs / total : null,
    generatorCpuMs: generatorMs / total,
  };
}

/** Closed loop (autocannon): a fixed number of checkouts, one parent each, at `connections`. */
async function checkoutThroughput({ base, actionId, cookies, connections, groups = [] }) {
  const origin = new URL(base).origin;
  let n = 0;
  let placed = 0;
  const counts = groups.map((group) => startCpuCount(group));
  const machine = startMachineCpu();
  const generator = ownCpuMs();
  const result = await autocannon({
    url: origin,
    connections: Math.min(connections, cookies.length),
    amount: cookies.length,
    requests: [
      {
        ...checkoutRequest(actionId, origin, cookies[0]),
        setupRequest: (request) => ({ ...request, ...checkoutRequest(actionId, origin, cookies[n++ % cookies.length]) }),
        onResponse: (_status, body, _context, headers) => {
          if (isPlacedOrder(headers, body)) placed++;
        },
      },
    ],
  });
  const generatorCpuMs = ownCpuMs() - generator;
  const spent = counts.map((count) => count());
  return {
    rps: cookies.length / (result.duration || 1),
    seconds: result.duration,
    p99: result.latency.p99,
    placed,
    of: cookies.length,
    generatorCpuMs,
    machineBusy: machine(),
    // Per checkout: each instance's process group, and PostgreSQL (read with the first group).
    instanceCpuMs: spent.map((c) => (typeof c?.appMs === "number" ? c.appMs / cookies.length : null)),
    postgresCpuMs: typeof spent[0]?.postgresMs === "number" ? spent[0].postgresMs / cookies.length : null,
  };
}

/** Adds to a checkout run the outbox's drain after it, and the rate counting it. */
function withReactions(run, drained) {
  run.outboxDrainSeconds = drained.seconds;
  run.rpsWithReactions = run.of / (run.seconds + drained.seconds);
}

/** Closed loop on one GET for `seconds` (after 2 s of warm-up). */
async function pageThroughput({ base, pathname, connections, seconds, groups = [], proxyPid }) {
  const url = new URL(pathname, base).href;
  const headers = { accept: "text/html", "accept-encoding": "br" };
  await autocannon({ url, connections, duration: 2, headers });
  const counts = groups.map((group) => startCpuCount(group));
  const proxy = proxyPid ? startCpuCount(proxyPid) : null;
  const machine = startMachineCpu();
  const generator = ownCpuMs();
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const generatorCpuMs = ownCpuMs() - generator;
  const requests = result.requests.total || 1;
  return {
    rps: result.requests.mean,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    generatorCpuMs,
    seconds,
    // Where the 2 cores went: how busy the machine was, and CPU ms per request of each instance's
    // process group (the first with the auth emulator and the mail server), HAProxy and the generator.
    machineBusy: machine(),
    instanceCpuMs: counts.map((count) => {
      const spent = count();
      return typeof spent?.appMs === "number" ? spent.appMs / requests : null;
    }),
    proxyCpuMs: proxy ? (proxy()?.appMs ?? 0) / requests : null,
    generatorCpuMsPerRequest: generatorCpuMs / requests,
  };
}

/** The scripts/server.mjs processes of a process group (a WEB_CONCURRENCY primary's workers too). */
function serverPids(group) {
  const found = [];
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2] !== String(group)) continue;
      if (fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("scripts/server.mjs")) found.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * The outbox of the app's database: `drain()` waits until no message is left to deliver (at most
 * `timeoutMs`) and says how many there were at the call and how long it took.
 */
export function outboxOf(databaseUrl, { timeoutMs = 180_000 } = {}) {
  const backlog = async () => {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query("select count(*)::int as n from outbox where delivered_at is null and dead_at is null");
      return rows[0].n;
    } finally {
      await client.end();
    }
  };
  return {
    backlog,
    drain: async () => {
      const started = performance.now();
      const first = await backlog();
      let left = first;
      while (left > 0 && performance.now() - started < timeoutMs) {
        await sleep(250);
        left = await backlog();
      }
      return { backlog: first, left, seconds: (performance.now() - started) / 1000 };
    },
  };
}

/**
 * The environment of the first instance's scripts/server.mjs process (scripts/start.mjs worked it
 * out: the emulator's host, the session secret, the payment stand-in), read from /proc: a second
 * instance gets exactly the same configuration, as a deploy's instances do.
 */
function serverEnvironment(group) {
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2] !== String(group)) continue;
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("scripts/server.mjs")) continue;
      const env = Object.fromEntries(
        fs
          .readFileSync(`/proc/${pid}/environ`, "utf8")
          .split("\0")
          .filter(Boolean)
          .map((entry) => [entry.slice(0, entry.indexOf("=")), entry.slice(entry.indexOf("=") + 1)]),
      );
      // A node:cluster worker's mark: a process started with it would take itself for a worker.
      delete env.NODE_UNIQUE_ID;
      return env;
    } catch {
      // gone meanwhile, or not ours
    }
  }
  throw new Error(`no scripts/server.mjs process in process group ${group}`);
}

/**
 * A second instance of the app: scripts/server.mjs on the same build, database, Redis and secrets
 * (`workers` > 1: as WEB_CONCURRENCY workers on one port).
 */
async function startInstance({ env, logFile, workers = 1 }) {
  const ready = workers > 1 ? `[server] ${workers} workers ready on port` : "[server] ready on";
  const port = await freePort(3260);
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    cwd: REPO_DIR,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", WEB_CONCURRENCY: String(workers) },
    stdio: ["ignore", log, log],
    detached: true,
  });
  fs.closeSync(log);
  const deadline = Date.now() + 180_000;
  while (!fs.readFileSync(logFile, "utf8").includes(ready)) {
    if (child.exitCode !== null) throw new Error(`the second instance exited at start; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`the second instance was not ready in 180 s; see ${logFile}`);
    await sleep(250);
  }
  return {
    port,
    pid: child.pid,
    stop: async () => {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
      await Promise.race([new Promise((resolve) => child.once("exit", resolve)), sleep(8_000)]);
    },
  };
}

async function startProxy({ ports, logFile }) {
  const proxyPort = await freePort(3270);
  // The repository's config; with one port, its second server line is left out (one instance behind the same proxy).
  const config = fs
    .readFileSync(path.join(REPO_DIR, "deploy", "haproxy.cfg"), "utf8")
    .split("\n")
    .filter((line) => ports.length > 1 || !line.includes("APP_PORT_2"))
    .join("\n")
    .replaceAll("PROXY_PORT", String(proxyPort))
    .replaceAll("APP_PORT_1", String(ports[0]))
    .replaceAll("APP_PORT_2", String(ports[1]));
  const file = `${logFile}.cfg`;
  fs.writeFileSync(file, config);
  const log = fs.openSync(logFile, "a");
  const child = spawn("haproxy", ["-db", "-f", file], { stdio: ["ignore", log, log], detached: true });
  fs.closeSync(log);
  // The servers up ("rise 2" at 1 s intervals).
  await sleep(3_000);
  if (child.exitCode !== null) throw new Error(`haproxy exited at start; see ${logFile}`);
  return {
    base: `http://127.0.0.1:${proxyPort}`,
    pid: child.pid,
    stop: async () => {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
    },
  };
}

/** The domain layer's own CPU per checkout: scripts/bench-checkout.ts on a scratch database of the same server. */
async function domainCheckoutCpu({ postgresUrl, logFile }) {
  const out = `${logFile}.out`;
  const tsx = path.join(REPO_DIR, "node_modules", ".bin", "tsx");
  const code = await runToEnd(
    "sh",
    [
      "-c",
      `"$0" --conditions=react-server scripts/bench-checkout.ts --parents 300 --concurrency 20 --deliver --postgres-url "$1" > "${out}"`,
      tsx,
      postgresUrl,
    ],
    { cwd: REPO_DIR, env: { ...process.env, NODE_ENV: "production" }, logFile, label: "bench-checkout" },
  );
  if (code !== 0) return { error: `scripts/bench-checkout.ts failed (${code}); see ${logFile}` };
  const text = fs.readFileSync(out, "utf8");
  return { line: text.trim(), ...parseDomainCheckout(text) };
}

/**
 * Runs the step against the PostgreSQL app `app` ({ base, env, pid, databaseUrl, checkout: { actionId,
 * cookies, count } }), which must run with REDIS_URL. `log` says what it does.
 */
export async function runScale({ app, postgresUrl, logFor, log, options = {} }) {
  const o = { ...SCALE_DEFAULTS, ...options };
  const machine = { cpus: os.cpus().length, loadAverageBefore: os.loadavg()[0] };
  const cookies = [...app.checkout.cookies];
  const take = (n) => cookies.splice(0, n);
  const result = { options: o, machine };
  const outbox = outboxOf(app.databaseUrl);
  // Whatever an earlier step queued (the load step's checkouts and demo requests, on the same app)
  // is delivered first: the open loop's CPU window must hold its own checkouts' reactions only.
  const earlier = await outbox.drain();
  if (earlier.backlog > 0)
    log(`scale: ${earlier.backlog} outbox messages of earlier steps delivered first (${earlier.seconds.toFixed(1)} s)`);

  log(`scale: open loop, ${o.rate} checkouts/s for ${o.seconds} s on one instance`);
  result.openLoop = await openLoopCheckouts({
    base: app.base,
    actionId: app.checkout.actionId,
    cookies: take(o.rate * o.seconds),
    rate: o.rate,
    seconds: o.seconds,
    appGroup: app.pid,
    count: app.checkout.count,
    outbox,
  });

  if (o.openLoopWorkers > 1) {
    log(`scale: open loop again, on an instance of ${o.openLoopWorkers} workers (WEB_CONCURRENCY)`);
    const storedBefore = (await app.checkout.count()).orders;
    const workers = await startInstance({
      env: serverEnvironment(app.pid),
      logFile: logFor("scale-workers-instance"),
      workers: o.openLoopWorkers,
    });
    try {
      result.openLoopWorkers = {
        workers: o.openLoopWorkers,
        ...(await openLoopCheckouts({
          base: `http://127.0.0.1:${workers.port}`,
          actionId: app.checkout.actionId,
          cookies: take(o.rate * o.seconds),
          rate: o.rate,
          seconds: o.seconds,
          appGroup: workers.pid,
          count: async () => ({ orders: (await app.checkout.count()).orders - storedBefore }),
          outbox,
        })),
      };
    } finally {
      await workers.stop();
    }
  }

  log("scale: the domain layer's checkout alone (scripts/bench-checkout.ts)");
  result.domain = await domainCheckoutCpu({ postgresUrl, logFile: logFor("scale-domain") });

  /**
   * One target's course page, then its checkouts, each run starting with the outbox empty. The
   * checkouts' reactions are delivered before the next runs: an instance whose outbox worker falls
   * behind answers faster and delivers the rest after the run, so the rate with the reactions
   * delivered (checkouts / (run + the outbox's drain)) sets like beside like.
   */
  const measureTarget = async ({ base, groups, proxyPid }) => {
    const page = await pageThroughput({
      base,
      pathname: COURSE_PAGE,
      connections: o.connections,
      seconds: o.pageSeconds,
      groups,
      proxyPid,
    });
    await outbox.drain();
    const checkout = await checkoutThroughput({
      base,
      actionId: app.checkout.actionId,
      cookies: take(o.compareCheckouts),
      connections: o.connections,
      groups,
    });
    withReactions(checkout, await outbox.drain());
    return { page, checkout };
  };

  log("scale: one instance: the course page, then checkouts");
  const one = await measureTarget({ base: app.base, groups: [app.pid] });
  // Like with like: the production layout always has the proxy, so one instance is measured behind
  // it too, and adding the second instance is what the ratio shows (the direct figures stay beside).
  log("scale: one instance behind HAProxy: the course page, then checkouts");
  const alone = await startProxy({ ports: [Number(new URL(app.base).port)], logFile: logFor("scale-haproxy-one") });
  try {
    one.behindProxy = await measureTarget({ base: alone.base, groups: [app.pid], proxyPid: alone.pid });
  } finally {
    await alone.stop();
  }
  log("scale: starting a second instance and HAProxy in front of both");
  const first = new URL(app.base);
  const second = await startInstance({ env: serverEnvironment(app.pid), logFile: logFor("scale-second-instance") });
  let proxy;
  try {
    // Warm, as the first instance is: its checkout path compiled and its pool's connections open.
    await checkoutThroughput({
      base: `http://127.0.0.1:${second.port}`,
      actionId: app.checkout.actionId,
      cookies: take(o.warmupCheckouts),
      connections: Math.min(o.connections, o.warmupCheckouts),
    });
    await outbox.drain();
    proxy = await startProxy({ ports: [Number(first.port), second.port], logFile: logFor("scale-haproxy") });
    const proxyCpu = startCpuCount(proxy.pid);
    const two = await measureTarget({ base: proxy.base, groups: [app.pid, second.pid], proxyPid: proxy.pid });
    two.proxyCpuMs = proxyCpu()?.appMs ?? null;
    result.one = one;
    result.two = two;
  } finally {
    await proxy?.stop();
    await second.stop();
  }
  const ratio = (a, b) => (typeof a === "number" && typeof b === "number" && b > 0 ? a / b : null);
  result.ratios = {
    // The checks: two instances behind the proxy against one behind the same proxy.
    pageTwoVsOne: ratio(result.two.page.rps, one.behindProxy.page.rps),
    checkoutTwoVsOne: ratio(result.two.checkout.rps, one.behindProxy.checkout.rps),
    // Beside them: against one instance reached directly.
    pageTwoVsOneDirect: ratio(result.two.page.rps, one.page.rps),
    checkoutTwoVsOneDirect: ratio(result.two.checkout.rps, one.checkout.rps),
    // Like with like: the server delivers each checkout's confirmations too (its outbox worker), so
    // its CPU per checkout is set beside the domain layer's checkout plus those same reactions.
    appCpuVsDomain: ratio(
      result.openLoop.serverCpuMs ?? result.openLoop.appCpuMs,
      typeof result.domain.appCpuMs === "number" ? result.domain.appCpuMs + (result.domain.reactionsCpuMs ?? 0) : null,
    ),
    appCpuVsDomainCheckoutOnly: ratio(result.openLoop.serverCpuMs ?? result.openLoop.appCpuMs, result.domain.appCpuMs),
  };
  result.checks = [
    {
      check: `open loop p99 <= ${OPEN_LOOP_P99_LIMIT_MS} ms`,
      value: result.openLoop.p99,
      pass: result.openLoop.p99 <= OPEN_LOOP_P99_LIMIT_MS,
    },
    {
      check: "open loop: every request a stored, paid order",
      value: `${result.openLoop.placed}/${result.openLoop.sent} placed, ${result.openLoop.storedOrders} stored`,
      pass: result.openLoop.placed === result.openLoop.sent && result.openLoop.storedOrders >= result.openLoop.sent,
    },
    {
      check: `two instances vs one, course page >= ${TWO_INSTANCE_MIN_RATIO}x`,
      value: result.ratios.pageTwoVsOne,
      pass: result.ratios.pageTwoVsOne >= TWO_INSTANCE_MIN_RATIO,
    },
    {
      check: `two instances vs one, checkout >= ${TWO_INSTANCE_MIN_RATIO}x`,
      value: result.ratios.checkoutTwoVsOne,
      pass: result.ratios.checkoutTwoVsOne >= TWO_INSTANCE_MIN_RATIO,
    },
    {
      check: `app CPU per checkout <= ${APP_CPU_MAX_VS_DOMAIN}x the domain's (its checkout and reactions)`,
      value: result.ratios.appCpuVsDomain,
      pass: result.ratios.appCpuVsDomain <= APP_CPU_MAX_VS_DOMAIN,
    },
  ];
  machine.loadAverageAfter = os.loadavg()[0];
  return result;
}

const fixed = (v, digits = 1) => (typeof v === "number" && Number.isFinite(v) ? v.toFixed(digits) : null);
const percent = (share) => (typeof share === "number" ? `${Math.round(share * 100)} %` : "n/a");

/** One open loop's lines: its latencies, then where its server's CPU went. */
function openLoopLines(ol, label) {
  return [
    `${label}: ${ol.rate} checkouts/s for ${ol.seconds} s: ${ol.placed}/${ol.sent} placed (${ol.storedOrders} stored), ` +
      `p50 ${fixed(ol.p50, 0)} ms, p99 ${fixed(ol.p99, 0)} ms, max ${fixed(ol.max, 0)} ms; ${ol.lateStarts} arrivals sent >10 ms late; ` +
      `machine ${percent(ol.machineBusy)} busy (both cores)`,
    `  server (${ol.serverProcesses} process${ol.serverProcesses === 1 ? "" : "es"}) ${fixed(ol.serverCpuMs)} ms CPU per checkout with its reactions ` +
      `(${fixed(ol.serverCpuMsAtLastAnswer)} ms by the last answer; ${ol.outboxBacklogAtLastAnswer ?? "n/a"} outbox messages left then, delivered in ${fixed(ol.outboxDrainSeconds)} s)`,
  ];
}

export function formatScale(r) {
  const lines = [];
  const ol = r.openLoop;
  lines.push(...openLoopLines(ol, "Open loop on one instance (one Node process)"));
  if (r.openLoopWorkers)
    lines.push(
      ...openLoopLines(
        r.openLoopWorkers,
        `Open loop on one instance of ${r.openLoopWorkers.workers} workers (WEB_CONCURRENCY=${r.openLoopWorkers.workers}, one port)`,
      ),
    );
  lines.push(
    `CPU per checkout: server ${fixed(ol.serverCpuMs)} ms (with the auth emulator and the mail server ${fixed(ol.appCpuMs)} ms), PostgreSQL ${fixed(ol.postgresCpuMs)} ms (all of the machine's postgres processes), ` +
      `load generator ${fixed(ol.generatorCpuMs)} ms; domain layer alone ${fixed(r.domain.appCpuMs)} ms (PostgreSQL ${fixed(r.domain.postgresCpuMs)} ms) ` +
      `and its reactions (events handed on, confirmations rendered and sent) ${fixed(r.domain.reactionsCpuMs)} ms: ` +
      `server ${times(r.ratios.appCpuVsDomain)} the domain's checkout and reactions, ${times(r.ratios.appCpuVsDomainCheckoutOnly)} its checkout alone`,
  );
  lines.push("");
  lines.push(
    table(
      [
        "target",
        "one direct req/s (p99)",
        "one via proxy req/s (p99)",
        "two via proxy req/s (p99)",
        "two/one via proxy",
        "two/one direct",
        "generator CPU s (one direct, via proxy, two)",
      ],
      [
        ["page", `GET ${COURSE_PAGE}`, "pageTwoVsOne", "pageTwoVsOneDirect"],
        ["checkout", "POST /cart checkoutAction", "checkoutTwoVsOne", "checkoutTwoVsOneDirect"],
      ].map(([key, name, viaProxy, direct]) => {
        const runs = [r.one[key], r.one.behindProxy[key], r.two[key]];
        return [
          name,
          ...runs.map((run) => `${fixed(run.rps, 0)} (${fixed(run.p99, 0)})`),
          times(r.ratios[viaProxy]),
          times(r.ratios[direct]),
          runs.map((run) => fixed(run.generatorCpuMs / 1000)).join(", "),
        ];
      }),
    ),
  );
  const cpuLine = (c) =>
    `machine ${percent(c.machineBusy)} busy; CPU ms per checkout: instance${c.instanceCpuMs.length > 1 ? "s" : ""} ${c.instanceCpuMs.map((v) => fixed(v)).join(" + ")} (the first with the auth emulator and the mail server), ` +
    `PostgreSQL ${fixed(c.postgresCpuMs)}, generator ${fixed(c.generatorCpuMs / c.of)}`;
  const drainLine = (c) =>
    `outbox drained ${fixed(c.outboxDrainSeconds)} s after the run: ${fixed(c.rpsWithReactions)} checkouts/s with their reactions delivered`;
  const pageCpuLine = (p) =>
    `machine ${percent(p.machineBusy)} busy; CPU ms per request: instance${p.instanceCpuMs.length > 1 ? "s" : ""} ${p.instanceCpuMs.map((v) => fixed(v, 2)).join(" + ")}` +
    `${p.proxyCpuMs === null ? "" : `, HAProxy ${fixed(p.proxyCpuMs, 2)}`}, generator ${fixed(p.generatorCpuMsPerRequest, 2)}`;
  lines.push(`Course page, one instance: ${pageCpuLine(r.one.page)}`);
  lines.push(`Course page, one instance behind HAProxy: ${pageCpuLine(r.one.behindProxy.page)}`);
  lines.push(`Course page, two instances: ${pageCpuLine(r.two.page)}`);
  lines.push(`Checkouts, one instance: ${cpuLine(r.one.checkout)}; ${drainLine(r.one.checkout)}`);
  lines.push(`Checkouts, one instance behind HAProxy: ${cpuLine(r.one.behindProxy.checkout)}; ${drainLine(r.one.behindProxy.checkout)}`);
  lines.push(`Checkouts, two instances: ${cpuLine(r.two.checkout)}; ${drainLine(r.two.checkout)}`);
  lines.push(
    `HAProxy took ${fixed((r.two.proxyCpuMs ?? 0) / 1000)} s of CPU over the two-instance runs; machine: ${r.machine.cpus} cores, load average ${fixed(r.machine.loadAverageBefore)} before, ${fixed(r.machine.loadAverageAfter)} after.`,
  );
  for (const c of r.checks)
    lines.push(`${c.pass ? "ok  " : "FAIL"} ${c.check}: ${typeof c.value === "number" ? fixed(c.value, 2) : c.value}`);
  return lines.join("\n");
}
