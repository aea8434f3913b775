#!/usr/bin/env node
// Load on loopback with autocannon: requests per second (mean) and p50/p99 latency at 50
// connections for the app's public endpoints, on PGlite and on PostgreSQL, each as a ratio to a
// bare Next.js page and a route handler that does no work (bench/bare). See bench/README.md.
//
//   node bench/load.mjs --base http://localhost:3200 --bare http://localhost:3201 \
//        [--postgres-base http://localhost:3202] [--label pglite] [--duration 10] \
//        [--connections 50] [--warmup 2] [--json] [--base-pid PGID --bare-pid PGID --postgres-pid PGID]
//
// A --*-pid is the process group of that server (started detached, it leads its own): each row
// then reports the CPU the group spent per request, a figure that other work on the machine moves
// far less than req/s.
//
// The app must run with RATE_LIMITS=off, or the POSTs are refused (429) after a few requests.
// --base is reported under --label (default "pglite", the database the app starts with) and
// --postgres-base under "postgres". `npm run bench -- --only load` starts all of them itself.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";

import autocannon from "autocannon";

import { startCpuCount } from "./cpu.mjs";
import { parseArgs, table, times } from "./lib.mjs";
import { checkoutRequest, isPlacedOrder } from "./signed-in.mjs";

export const LOAD_DEFAULTS = { connections: 50, duration: 10, warmup: 2 };

/** The bare app's targets (bench/bare): its create-next-app page and app/api/noop/route.ts. */
export const BARE_TARGETS = [
  { name: "GET /", method: "GET", path: "/", accept: "text/html" },
  { name: "GET /api/noop", method: "GET", path: "/api/noop", accept: "application/json" },
  { name: "POST /api/noop", method: "POST", path: "/api/noop", accept: "application/json", body: () => ({ ok: true }) },
];

/**
 * The app's targets, each with the bare target it is read against. POST bodies are valid
 * (lib/event-log/schema.ts, lib/demo-requests/schema.ts) and distinct per request: the demo handler
 * answers a repeated Idempotency-Key with the first row instead of inserting, which would measure
 * a lookup rather than a lead.
 */
export const APP_TARGETS = [
  { name: "GET /", method: "GET", path: "/", accept: "text/html", baseline: "GET /" },
  {
    name: "GET /api/v1/courses/category/technical",
    method: "GET",
    path: "/api/v1/courses/category/technical",
    accept: "application/json",
    baseline: "GET /api/noop",
  },
  {
    name: "POST /api/v1/logevent",
    method: "POST",
    path: "/api/v1/logevent",
    accept: "application/json",
    body: logEventBody,
    baseline: "POST /api/noop",
  },
  {
    name: "POST /api/book-free-demo",
    method: "POST",
    path: "/api/book-free-demo",
    accept: "application/json",
    body: demoRequestBody,
    idempotencyKey: (id) => `bench-load-${id}`,
    baseline: "POST /api/noop",
  },
];

function logEventBody(id, origin) {
  return { eventName: "bench_load", userId: null, currentUrl: `${origin}/`, additionalInfo: { request: id } };
}

function demoRequestBody(id) {
  return {
    name: "Load Bench",
    userEmail: `load+${id}@example.com`,
    number: "+1 555 010 0199",
    course: "1",
    text: "Written by bench/load.mjs.",
    type: "Group Classes",
    grade: 5,
    sourcePage: "/book-free-demo/5",
  };
}

/** Loopback only: the numbers mean something only without a network in between, and a load
 *  test must never be pointed at someone else's server by a typo. */
export function assertLoopback(base) {
  const host = new URL(base).hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host === "::1" || /^127\./.test(host)) return;
  throw new Error(`load runs on loopback only; ${base} is not localhost`);
}

/** Headers a browser on the site would send; the Origin is the app's own (it refuses others). */
function headersFor(target, origin) {
  const headers = { accept: target.accept, "accept-encoding": "gzip, deflate, br", "user-agent": "bench-load (autocannon)" };
  if (target.method === "POST") Object.assign(headers, { "content-type": "application/json", origin });
  return headers;
}

/** One request as fetch sends it and as autocannon's setupRequest builds it, for request `id`. */
function requestFor(target, origin, id) {
  const headers = headersFor(target, origin);
  if (target.idempotencyKey) headers["idempotency-key"] = target.idempotencyKey(id);
  const body = target.body ? JSON.stringify(target.body(id, origin)) : undefined;
  return { method: target.method, path: target.path, headers, body };
}

/** autocannon's request list: a fixed request, or one rebuilt per request with a new id. */
function autocannonRequests(target, origin) {
  if (!target.body) return [requestFor(target, origin, "fixed")];
  const run = randomBytes(4).toString("hex");
  let n = 0;
  return [
    {
      ...requestFor(target, origin, `${run}-0`),
      setupRequest: (request) => ({ ...request, ...requestFor(target, origin, `${run}-${++n}`) }),
    },
  ];
}

/**
 * One request before the load: it warms the route and tells a refused target (403 Origin, 429
 * rate limit, 503 database) from a slow one. `cache` is Next's x-nextjs-cache (HIT: served from
 * the full-route cache, the database is not involved).
 */
async function probe(base, target) {
  const origin = new URL(base).origin;
  const { method, path, headers, body } = requestFor(target, origin, `probe-${randomBytes(4).toString("hex")}`);
  const res = await fetch(new URL(path, base), { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  return { status: res.status, ok: res.ok, cache: res.headers.get("x-nextjs-cache"), snippet: text.slice(0, 200) };
}

/** The numbers kept from an autocannon result (latencies in ms). */
function summarize(result) {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    seconds: result.duration,
  };
}

/**
 * `group`: the server's process group (its pid when started detached), whose CPU per request is
 * reported as `cpuMs` (/proc; null elsewhere or without a group). The warm-up is a run of its own,
 * so the CPU counted is the measured requests' alone.
 */
async function loadTarget(base, target, { connections, duration, warmup, group }) {
  const origin = new URL(base).origin;
  const probed = await probe(base, target);
  const row = { name: target.name, url: new URL(target.path, base).href, probe: { status: probed.status, cache: probed.cache } };
  if (!probed.ok) return { ...row, error: `the probe request answered ${probed.status}: ${probed.snippet}` };
  const requests = autocannonRequests(target, origin);
  if (warmup > 0) await autocannon({ url: origin, connections, duration: warmup, requests });
  const cpuSpent = startCpuCount(group);
  const result = await autocannon({ url: origin, connections, duration, requests });
  const appMs = cpuSpent()?.appMs;
  const cpuMs = typeof appMs === "number" && result.requests.total > 0 ? appMs / result.requests.total : null;
  return { ...row, ...summarize(result), cpuMs };
}

/** The checkout target's name in the tables; it has no bare baseline (its p99 is held to 200 ms instead). */
export const CHECKOUT_TARGET = "POST /cart checkoutAction";
export const CHECKOUT_P99_LIMIT_MS = 200;

/**
 * The real checkout under load (issue 18): each request is a different parent (one session cookie
 * each) whose cart holds one seat they can pay with their wallet, so each is a real order. A fixed
 * number of requests, one per parent, with no warm-up (it would spend parents); the first parent
 * is the probe. `count()` reads the paid orders from the database afterwards: they must match
 * the answers that named an order.
 */
async function loadCheckout(base, { actionId, cookies, count, appGroup }, { connections, log }) {
  const origin = new URL(base).origin;
  const row = { name: CHECKOUT_TARGET, url: new URL("/cart", base).href };
  const first = checkoutRequest(actionId, origin, cookies[0]);
  const probed = await fetch(new URL(first.path, base), { ...first, redirect: "manual", signal: AbortSignal.timeout(30_000) });
  const probeText = await probed.text();
  row.probe = { status: probed.status, cache: null };
  if (!isPlacedOrder(Object.fromEntries(probed.headers), probeText)) {
    return { ...row, error: `the probe checkout placed no order: ${probed.status} ${probeText.slice(0, 300)}` };
  }
  const rest = cookies.slice(1);
  let n = 0;
  let placed = 1;
  log(`load: checkout, ${rest.length} parents at ${connections} connections`);
  const cpuSpent = startCpuCount(appGroup);
  const result = await autocannon({
    url: origin,
    connections: Math.min(connections, rest.length),
    amount: rest.length,
    requests: [
      {
        ...checkoutRequest(actionId, origin, rest[0]),
        setupRequest: (request) => ({ ...request, ...checkoutRequest(actionId, origin, rest[n++ % rest.length]) }),
        onResponse: (_status, body, _context, headers) => {
          if (isPlacedOrder(headers, body)) placed++;
        },
      },
    ],
  });
  const cpu = cpuSpent();
  const stored = await count();
  const perCheckout = (spentMs) => (typeof spentMs === "number" && rest.length > 0 ? spentMs / rest.length : null);
  return {
    ...row,
    ...summarize(result),
    checkout: {
      attempted: cookies.length,
      placed,
      storedOrders: stored.orders,
      storedSeats: stored.seats,
      // CPU per checkout during the load: the app's processes (server, auth emulator, mail server) and PostgreSQL's.
      appCpuMs: perCheckout(cpu?.appMs),
      postgresCpuMs: perCheckout(cpu?.postgresMs),
    },
    p99Pass: result.latency.p99 <= CHECKOUT_P99_LIMIT_MS,
    ...(placed === cookies.length && stored.orders === placed && stored.seats === placed
      ? {}
      : {
          error: `checkouts do not match: ${cookies.length} parents, ${placed} answered with an order, ${stored.orders} orders / ${stored.seats} seats stored`,
        }),
  };
}

/** Runs the targets one after another against `base`, with a pause so one's backlog (GC, after()
 *  tasks) does not land on the next. */
async function loadTargets(base, targets, label, { log, beforeEach, ...options }) {
  assertLoopback(base);
  const rows = [];
  for (const target of targets) {
    beforeEach?.();
    log(`load: ${label} ${target.name} (${options.warmup} s warm-up + ${options.duration} s, ${options.connections} connections)`);
    rows.push(await loadTarget(base, target, options));
    await sleep(1000);
  }
  return rows;
}

/** Thrown by an app's open() when its database is not there: that column is skipped, not failed. */
export class LoadSkipped extends Error {}

const ratio = (a, b) => (typeof a === "number" && typeof b === "number" && b > 0 ? a / b : null);

/** Each app row's req/s and p99 over its bare baseline's. */
function withRatios(rows, bare) {
  return rows.map((row) => {
    const base = bare?.find((b) => b.name === APP_TARGETS.find((t) => t.name === row.name)?.baseline);
    return {
      ...row,
      baseline: base?.name ?? null,
      rpsVsBare: ratio(row.rps, base?.rps),
      p99VsBare: ratio(row.p99, base?.p99),
      cpuVsBare: ratio(row.cpuMs, base?.cpuMs),
    };
  });
}

/**
 * The bare targets, then each app's, one app at a time. An app is `{ db, base, buildId?, group? }`
 * (already running) or `{ db, open }`, where open() starts it and resolves to
 * `{ base, close, buildId?, group? }`; `group` (and `bareGroup` for the bare app) is the server's
 * process group, whose CPU per request each row reports. A LoadSkipped from open() marks the column skipped, any other
 * error marks it failed. Measurement errors (and beforeEach's) propagate.
 */
export async function runLoad({ bareBase, bareGroup, apps, log = console.error, beforeEach, ...given }) {
  const options = { ...LOAD_DEFAULTS, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
  const measure = { ...options, log, beforeEach };
  // Other work on the machine moves these numbers far more than it moves Lighthouse's: kept
  // beside them so a run on a busy machine reads as one.
  const machine = { cpus: os.cpus().length, loadAverageBefore: os.loadavg()[0] };
  const bare = bareBase ? await loadTargets(bareBase, BARE_TARGETS, "bare", { ...measure, group: bareGroup }) : null;
  const results = [];
  for (const app of apps) {
    let opened;
    try {
      opened = app.open ? await app.open() : { base: app.base };
    } catch (err) {
      const reason = String(err?.message ?? err);
      log(`load: ${app.db} ${err instanceof LoadSkipped ? "skipped" : "failed to start"}: ${reason}`);
      results.push({ db: app.db, ...(err instanceof LoadSkipped ? { skipped: reason } : { error: reason }) });
      continue;
    }
    try {
      const rows = await loadTargets(opened.base, APP_TARGETS, app.db, { ...measure, group: app.group ?? opened.group });
      // Only where the bench could seed parents (the PostgreSQL app): the real checkout.
      if (opened.checkout) {
        beforeEach?.();
        rows.push(await loadCheckout(opened.base, opened.checkout, measure));
      }
      results.push({ db: app.db, base: opened.base, buildId: app.buildId ?? opened.buildId ?? null, targets: withRatios(rows, bare) });
    } finally {
      await opened.close?.();
    }
  }
  machine.loadAverageAfter = os.loadavg()[0];
  return { options, machine, bare: bareBase ? { base: bareBase, targets: bare } : null, apps: results };
}

const ms = (v) => (typeof v !== "number" ? null : v < 10 ? v.toFixed(1) : v.toFixed(0));

export function formatLoad(result) {
  const { connections, duration, warmup } = result.options;
  const row = (server, r, ratios) =>
    r.error
      ? [r.name, server, "ERR", null, null, null, null, null, null, null, null, null]
      : [
          r.name,
          server,
          r.rps.toFixed(0),
          ms(r.p50),
          ms(r.p99),
          r.non2xx,
          r.errors,
          r.probe.cache,
          ms(r.cpuMs),
          ratios ? times(r.rpsVsBare) : null,
          ratios ? times(r.p99VsBare) : null,
          ratios ? times(r.cpuVsBare) : null,
        ];
  const rows = (result.bare?.targets ?? []).map((r) => row("bare", r, false));
  const measured = result.apps.filter((a) => a.targets);
  for (const name of [...APP_TARGETS.map((t) => t.name), CHECKOUT_TARGET]) {
    for (const app of measured) {
      const r = app.targets.find((t) => t.name === name);
      if (r) rows.push(row(app.db, r, true));
    }
  }
  const { cpus, loadAverageBefore, loadAverageAfter } = result.machine;
  const lines = [
    `Load (autocannon on loopback: ${connections} connections, ${duration} s per target after ${warmup} s of warm-up; latency in ms;` +
      ` load average ${loadAverageBefore.toFixed(1)} before, ${loadAverageAfter.toFixed(1)} after, ${cpus} cores)`,
    table(
      [
        "target",
        "server",
        "req/s",
        "p50",
        "p99",
        "non-2xx",
        "errors",
        "cache",
        "CPU ms/req",
        "req/s vs bare",
        "p99 vs bare",
        "CPU vs bare",
      ],
      rows,
    ),
    "vs bare: the app's figure over the bare app's: GET / over its create-next-app page, the GET API over GET /api/noop, the POSTs over POST /api/noop.",
    "CPU ms/req: the server's process group (user + system, /proc) over the measured requests; the load generator's is not in it.",
  ];
  for (const app of measured) {
    const r = app.targets.find((t) => t.name === CHECKOUT_TARGET && t.checkout);
    if (!r) continue;
    const c = r.checkout;
    lines.push(
      `checkout (${app.db}): ${c.attempted} parents, ${c.placed} answered with an order, ${c.storedOrders} paid orders and ${c.storedSeats} seats stored;` +
        ` p99 ${ms(r.p99)} ms (limit ${CHECKOUT_P99_LIMIT_MS} ms) ${r.p99Pass ? "PASS" : "FAIL"}`,
    );
    if (c.appCpuMs !== null || c.postgresCpuMs !== null)
      lines.push(`checkout CPU per request (${app.db}): app ${ms(c.appCpuMs) ?? "?"} ms, PostgreSQL ${ms(c.postgresCpuMs) ?? "?"} ms`);
  }
  // Only the figure from before counts: during the load the bench itself keeps every core busy.
  if (loadAverageBefore > cpus)
    lines.push(
      `note: the machine was busy before the load began (load average above ${cpus} cores): absolute figures and ratios are unreliable.`,
    );
  const builds = new Set(measured.map((a) => a.buildId).filter(Boolean));
  if (builds.size > 1)
    lines.push(
      `note: the servers ran different builds (${measured.map((a) => `${a.db} ${a.buildId}`).join(", ")}): sources changed between them`,
    );
  for (const app of result.apps) {
    if (app.skipped) lines.push(`${app.db}: skipped: ${app.skipped}`);
    if (app.error) lines.push(`${app.db}: failed: ${app.error}`);
    for (const r of app.targets ?? []) if (r.error) lines.push(`${app.db} ${r.name}: ${r.error}`);
  }
  for (const r of result.bare?.targets ?? []) if (r.error) lines.push(`bare ${r.name}: ${r.error}`);
  return lines.join("\n");
}

// --- PostgreSQL: a scratch database per run ---

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

/**
 * Creates database `name` on the server of `serverUrl` (any database there; used to connect).
 * Resolves to its URL and drop(); a server that does not answer is a LoadSkipped.
 */
export async function createScratchDatabase(serverUrl, name) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = await connectAdmin(serverUrl);
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = await connectAdmin(serverUrl);
    try {
      // with (force): a server stopped by a signal may leave its pool's connections behind.
      await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
    }
  };
  return { name, url: url.href, drop };
}

async function connectAdmin(serverUrl) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    const where = new URL(serverUrl);
    throw new LoadSkipped(`PostgreSQL at ${where.host} is unreachable (${err?.code ?? err?.message ?? err})`);
  }
  return client;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs(process.argv.slice(2), ["json"]);
  if (!args.base) {
    console.error(
      "usage: node bench/load.mjs --base URL [--bare URL] [--postgres-base URL] [--label pglite] [--duration 10] [--connections 50] [--warmup 2] [--json]" +
        " [--base-pid PGID] [--bare-pid PGID] [--postgres-pid PGID]",
    );
    process.exit(2);
  }
  const number = (v) => (v === undefined ? undefined : Number(v));
  const apps = [{ db: args.label ?? "pglite", base: String(args.base), group: number(args.basePid) }];
  if (args.postgresBase) apps.push({ db: "postgres", base: String(args.postgresBase), group: number(args.postgresPid) });
  const result = await runLoad({
    bareBase: args.bare,
    bareGroup: number(args.barePid),
    apps,
    duration: number(args.duration),
    connections: number(args.connections),
    warmup: number(args.warmup),
  });
  console.log(args.json ? JSON.stringify(result, null, 2) : formatLoad(result));
}
