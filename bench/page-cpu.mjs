#!/usr/bin/env node
// Servers that already run, side by side: req/s, latency and the CPU each server's process group
// spends per request, one GET target after the other in interleaved rounds, so other work on the
// machine falls on all of them alike (issue 30: a cached page against the bare page, before and
// after a change). Each target is NAME=URL=PGID, the process group of the server (a server started
// detached leads its own; `ps -o pgid= -p PID`).
//
//   node bench/page-cpu.mjs before=http://localhost:3600/=1234 after=http://localhost:3620/=5678 \
//        bare=http://localhost:3201/=9012 [--rounds 3] [--duration 6] [--warmup 2] [--connections 50] \
//        [--encoding "gzip, deflate, br"] [--json]
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

import autocannon from "autocannon";

import { assertLoopback } from "./load.mjs";
import { startCpuCount } from "./cpu.mjs";
import { parseArgs, table } from "./lib.mjs";

const args = parseArgs(process.argv.slice(2), ["json"]);
const targets = args._.map((spec) => {
  const [name, url, group] = String(spec).split("=");
  if (!name || !url || !/^\d+$/.test(group ?? "")) throw new Error(`not NAME=URL=PGID: ${spec}`);
  assertLoopback(url);
  return { name, url: new URL(url), group: Number(group) };
});
if (targets.length === 0) {
  console.error(
    "usage: node bench/page-cpu.mjs NAME=URL=PGID ... [--rounds 3] [--duration 6] [--warmup 2] [--connections 50] [--encoding E] [--json]",
  );
  process.exit(2);
}
const rounds = Number(args.rounds ?? 3);
const duration = Number(args.duration ?? 6);
const warmup = Number(args.warmup ?? 2);
const connections = Number(args.connections ?? 50);
const headers = { accept: "text/html", "accept-encoding": String(args.encoding ?? "gzip, deflate, br"), "user-agent": "bench-page-cpu" };

const rows = [];
for (let round = 1; round <= rounds; round++) {
  for (const target of targets) {
    const requests = [{ method: "GET", path: target.url.pathname + target.url.search, headers }];
    if (warmup > 0) await autocannon({ url: target.url.origin, connections, duration: warmup, requests });
    const loadAverage = os.loadavg()[0];
    const spent = startCpuCount(target.group);
    const result = await autocannon({ url: target.url.origin, connections, duration, requests });
    const cpuMs = spent()?.appMs;
    const n = result.requests.total;
    rows.push({
      round,
      name: target.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: n,
      non2xx: result.non2xx,
      errors: result.errors,
      cpuMsPerRequest: typeof cpuMs === "number" && n > 0 ? cpuMs / n : null,
      bytesPerResponse: n > 0 ? result.throughput.total / n : null,
      loadAverage,
    });
    console.error(`round ${round} ${target.name}: ${result.requests.average.toFixed(0)} req/s`);
    await sleep(1000);
  }
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === "number").sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};
const summary = targets.map(({ name }) => {
  const mine = rows.filter((r) => r.name === name);
  return { name, rps: median(mine.map((r) => r.rps)), cpuMsPerRequest: median(mine.map((r) => r.cpuMsPerRequest)) };
});
if (args.json) {
  console.log(JSON.stringify({ options: { rounds, duration, warmup, connections, headers }, rows, summary }, null, 2));
} else {
  const f = (v, digits) => (typeof v === "number" ? v.toFixed(digits) : null);
  console.log(
    table(
      ["round", "target", "req/s", "p50", "p99", "non-2xx", "errors", "CPU ms/req", "bytes/resp", "load avg"],
      rows.map((r) => [
        r.round,
        r.name,
        f(r.rps, 0),
        r.p50,
        r.p99,
        r.non2xx,
        r.errors,
        f(r.cpuMsPerRequest, 2),
        f(r.bytesPerResponse, 0),
        f(r.loadAverage, 1),
      ]),
    ),
  );
  const last = summary.at(-1);
  console.log(`\nmedians (ratios to ${last.name}, the last target):`);
  console.log(
    table(
      ["target", "req/s", "CPU ms/req", "req/s ratio", "CPU ratio"],
      summary.map((s) => [
        s.name,
        f(s.rps, 0),
        f(s.cpuMsPerRequest, 2),
        last.rps ? `${(s.rps / last.rps).toFixed(2)}x` : null,
        last.cpuMsPerRequest && s.cpuMsPerRequest ? `${(s.cpuMsPerRequest / last.cpuMsPerRequest).toFixed(2)}x` : null,
      ]),
    ),
  );
}
