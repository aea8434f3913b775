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

import { startCpuCount } from "./cpu.mjs";
import { parseDomainCheckout } from "./domain-figures.mjs";
import { COURSE_PAGE, REPO_DIR, freePort, runToEnd, table, times } from "./lib.mjs";
import { checkoutRequest, isPlacedOrder } from "./signed-in.mjs";

export const SCALE_DEFAULTS = { rate: 40, seconds: 30, compareCheckouts: 300, connections: 20, pageSeconds: 10 };
export const OPEN_LOOP_P99_LIMIT_MS = 250;
export const TWO_INSTANCE_MIN_RATIO = 1.5;
export const APP_CPU_MAX_VS_DOMAIN = 2;

/** Parents the step spends: one per open-loop arrival, then one per checkout on one instance and on two. */
export const scaleParents = (options = {}) => {
  const o = { ...SCALE_DEFAULTS, ...options };
  return o.rate * o.seconds + 2 * o.compareCheckouts;
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
export async function openLoopCheckouts({ base, actionId, cookies, rate, seconds, appGroup, count }) {
  const total = rate * seconds;
  if (cookies.length < total) throw new Error(`open loop: ${total} arrivals need ${total} parents, got ${cookies.length}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const cpu = startCpuCount(appGroup);
  // The server alone, apart from the group's auth emulator and mail server (which receives and
  // parses each order's confirmation): the figure to set beside the domain layer's.
  const server = appGroup ? serverPid(appGroup) : null;
  const serverBefore = server ? processCpuMs(server) : null;
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
  const spent = cpu();
  const serverAfter = server ? processCpuMs(server) : null;
  const generatorMs = ownCpuMs() - generator;
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
    postgresCpuMs: typeof spent?.postgresMs === "number" ? spent.postgresMs / total : null,
    generatorCpuMs: generatorMs / total,
  };
}

/** Closed loop (autocannon): a fixed number of checkouts, one parent each, at `connections`. */
async function checkoutThroughput({ base, actionId, cookies, connections }) {
  const origin = new URL(base).origin;
  let n = 0;
  let placed = 0;
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
  return {
    rps: cookies.length / (result.duration || 1),
    p99: result.latency.p99,
    placed,
    of: cookies.length,
    generatorCpuMs: ownCpuMs() - generator,
  };
}

/** Closed loop on one GET for `seconds` (after 2 s of warm-up). */
async function pageThroughput({ base, pathname, connections, seconds }) {
  const url = new URL(pathname, base).href;
  const headers = { accept: "text/html", "accept-encoding": "br" };
  await autocannon({ url, connections, duration: 2, headers });
  const generator = ownCpuMs();
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: result.requests.mean,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    generatorCpuMs: ownCpuMs() - generator,
    seconds,
  };
}

/** The scripts/server.mjs process of a process group (scripts/start.mjs leads it), or null. */
function serverPid(group) {
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2] !== String(group)) continue;
      if (fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("scripts/server.mjs")) return pid;
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/** CPU milliseconds one process has used so far (its threads included), or null. */
function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
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
      return Object.fromEntries(
        fs
          .readFileSync(`/proc/${pid}/environ`, "utf8")
          .split("\0")
          .filter(Boolean)
          .map((entry) => [entry.slice(0, entry.indexOf("=")), entry.slice(entry.indexOf("=") + 1)]),
      );
    } catch {
      // gone meanwhile, or not ours
    }
  }
  throw new Error(`no scripts/server.mjs process in process group ${group}`);
}

/** A second instance of the app: scripts/server.mjs on the same build, database, Redis and secrets. */
async function startInstance({ env, logFile }) {
  const port = await freePort(3260);
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    cwd: REPO_DIR,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", log, log],
    detached: true,
  });
  fs.closeSync(log);
  const deadline = Date.now() + 180_000;
  while (!fs.readFileSync(logFile, "utf8").includes("[server] ready on")) {
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
  const config = fs
    .readFileSync(path.join(REPO_DIR, "deploy", "haproxy.cfg"), "utf8")
    .replaceAll("PROXY_PORT", String(proxyPort))
    .replaceAll("APP_PORT_1", String(ports[0]))
    .replaceAll("APP_PORT_2", String(ports[1]));
  const file = `${logFile}.cfg`;
  fs.writeFileSync(file, config);
  const log = fs.openSync(logFile, "a");
  const child = spawn("haproxy", ["-db", "-f", file], { stdio: ["ignore", log, log], detached: true });
  fs.closeSync(log);
  // Both servers up ("rise 2" at 1 s intervals).
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

  log(`scale: open loop, ${o.rate} checkouts/s for ${o.seconds} s on one instance`);
  result.openLoop = await openLoopCheckouts({
    base: app.base,
    actionId: app.checkout.actionId,
    cookies: take(o.rate * o.seconds),
    rate: o.rate,
    seconds: o.seconds,
    appGroup: app.pid,
    count: app.checkout.count,
  });

  log("scale: the domain layer's checkout alone (scripts/bench-checkout.ts)");
  result.domain = await domainCheckoutCpu({ postgresUrl, logFile: logFor("scale-domain") });

  log("scale: one instance: the course page, then checkouts");
  const one = {
    page: await pageThroughput({ base: app.base, pathname: COURSE_PAGE, connections: o.connections, seconds: o.pageSeconds }),
    checkout: await checkoutThroughput({
      base: app.base,
      actionId: app.checkout.actionId,
      cookies: take(o.compareCheckouts),
      connections: o.connections,
    }),
  };
  log("scale: starting a second instance and HAProxy in front of both");
  const first = new URL(app.base);
  const second = await startInstance({ env: serverEnvironment(app.pid), logFile: logFor("scale-second-instance") });
  let proxy;
  try {
    proxy = await startProxy({ ports: [Number(first.port), second.port], logFile: logFor("scale-haproxy") });
    const proxyCpu = startCpuCount(proxy.pid);
    const two = {
      page: await pageThroughput({ base: proxy.base, pathname: COURSE_PAGE, connections: o.connections, seconds: o.pageSeconds }),
      checkout: await checkoutThroughput({
        base: proxy.base,
        actionId: app.checkout.actionId,
        cookies: take(o.compareCheckouts),
        connections: o.connections,
      }),
    };
    two.proxyCpuMs = proxyCpu()?.appMs ?? null;
    result.one = one;
    result.two = two;
  } finally {
    await proxy?.stop();
    await second.stop();
  }
  const ratio = (a, b) => (typeof a === "number" && typeof b === "number" && b > 0 ? a / b : null);
  result.ratios = {
    pageTwoVsOne: ratio(result.two.page.rps, one.page.rps),
    checkoutTwoVsOne: ratio(result.two.checkout.rps, one.checkout.rps),
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

export function formatScale(r) {
  const lines = [];
  const ol = r.openLoop;
  lines.push(
    `Open loop: ${ol.rate} checkouts/s for ${ol.seconds} s on one instance: ${ol.placed}/${ol.sent} placed (${ol.storedOrders} stored), ` +
      `p50 ${fixed(ol.p50, 0)} ms, p99 ${fixed(ol.p99, 0)} ms, max ${fixed(ol.max, 0)} ms; ${ol.lateStarts} arrivals sent >10 ms late`,
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
      ["target", "one req/s", "one p99", "two req/s", "two p99", "two/one", "generator CPU s (one, two)"],
      [
        [
          `GET ${COURSE_PAGE}`,
          fixed(r.one.page.rps, 0),
          fixed(r.one.page.p99, 0),
          fixed(r.two.page.rps, 0),
          fixed(r.two.page.p99, 0),
          times(r.ratios.pageTwoVsOne),
          `${fixed(r.one.page.generatorCpuMs / 1000)}, ${fixed(r.two.page.generatorCpuMs / 1000)}`,
        ],
        [
          "POST /cart checkoutAction",
          fixed(r.one.checkout.rps, 0),
          fixed(r.one.checkout.p99, 0),
          fixed(r.two.checkout.rps, 0),
          fixed(r.two.checkout.p99, 0),
          times(r.ratios.checkoutTwoVsOne),
          `${fixed(r.one.checkout.generatorCpuMs / 1000)}, ${fixed(r.two.checkout.generatorCpuMs / 1000)}`,
        ],
      ],
    ),
  );
  lines.push(
    `HAProxy took ${fixed((r.two.proxyCpuMs ?? 0) / 1000)} s of CPU over the two-instance runs; machine: ${r.machine.cpus} cores, load average ${fixed(r.machine.loadAverageBefore)} before, ${fixed(r.machine.loadAverageAfter)} after.`,
  );
  for (const c of r.checks)
    lines.push(`${c.pass ? "ok  " : "FAIL"} ${c.check}: ${typeof c.value === "number" ? fixed(c.value, 2) : c.value}`);
  return lines.join("\n");
}
