// `npm run bench:checkout`: CPU and round trips of the checkout's domain layer alone (no Next.js, no HTTP): N wallet-paid
// checkouts through checkoutCart, `--concurrency` at a time, against a scratch PostgreSQL
// database (the checkout writes its seat.confirmed event, as at start). Reports checkouts/s, the
// process's CPU milliseconds per checkout and the statements sent per checkout.
//
// `--deliver` then hands the checkouts' events to their reactions and sends the email they queue,
// as an app instance's outbox worker does after each checkout (lib/wiring/outbox-routes.ts, to the
// embedded mail server in a child process, whose CPU is not counted, as the app's mail server's is
// not), and reports that CPU per checkout too: what the app's server spends per checkout includes it.
//
//   npm run bench:checkout -- [--parents 400] [--concurrency 50] [--deliver]
//        [--postgres-url postgres://postgres@127.0.0.1:5432/test]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { startMailServerProcess } from "./mail-server-process";

/** The embedded mail server in a child process, in a temporary folder removed at the end. */
async function startMailServer(): Promise<{ url: string; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-checkout-mail-"));
  const server = await startMailServerProcess(dir);
  return {
    url: server.url,
    stop: () => {
      server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU milliseconds all of this machine's postgres processes have used so far (Linux /proc; null
 * elsewhere): the database's share of a checkout, beside this process's own. Other work on the
 * machine's PostgreSQL counts too: read it on a quiet server.
 */
function postgresCpuMs(): number | null {
  if (!fs.existsSync("/proc/self/stat")) return null;
  const ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  let total = 0;
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (total * 1000) / ticks;
}

async function main() {
  const { values } = parseArgs({
    options: {
      parents: { type: "string", default: "400" },
      concurrency: { type: "string", default: "50" },
      "postgres-url": { type: "string", default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
      deliver: { type: "boolean", default: false },
    },
  });
  // Before the app's modules load: the outbox routes read SMTP_URL.
  const mail = values.deliver ? await startMailServer() : null;
  if (mail) process.env.SMTP_URL = mail.url;
  process.env.TEST_DATABASE_URL = values["postgres-url"];
  const parents = Number(values.parents);
  const concurrency = Number(values.concurrency);
  const { openTestDatabase } = await import("../test/database");
  const { newFamily, newSection } = await import("../test/commerce-fixtures");
  const { addToCart } = await import("@/lib/commerce/cart/cart");
  const { checkoutCart } = await import("@/lib/commerce/checkout/checkout");
  const pg = await import("pg");

  const database = await openTestDatabase();
  try {
    const sections: number[] = [];
    for (let i = 0; i < Math.ceil(parents / 20); i++) sections.push(await newSection(database.db, { capacity: 20, priceMinor: 9900 }));
    const families: { parentId: number; learnerId: number }[] = [];
    for (let i = 0; i < parents; i++) {
      const family = await newFamily(database.db, 10_000);
      await addToCart(family.parentId, { sectionId: sections[i % sections.length]!, learnerId: family.learnerId });
      families.push(family);
    }
    // Count statements: every query the pg clients send from here on.
    let statements = 0;
    const original = pg.default.Client.prototype.query;
    pg.default.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      statements++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    // One warm-up checkout (JIT, pool).
    await checkoutCart(families[0]!.parentId);
    statements = 0;
    const cpu0 = process.cpuUsage();
    const postgres0 = postgresCpuMs();
    const t0 = performance.now();
    let next = 1;
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < families.length) {
          const family = families[next++]!;
          const started = performance.now();
          await checkoutCart(family.parentId);
          latencies.push(performance.now() - started);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const postgres1 = postgresCpuMs();
    const n = families.length - 1;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(0);
    console.log(
      `${n} checkouts at ${concurrency}: ${(n / seconds).toFixed(0)}/s, CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms per checkout (user ${(cpu.user / 1000 / n).toFixed(2)}, system ${(cpu.system / 1000 / n).toFixed(2)}), PostgreSQL CPU ${postgres0 === null || postgres1 === null ? "n/a" : ((postgres1 - postgres0) / n).toFixed(2)} ms per checkout, ${(statements / n).toFixed(1)} statements per checkout, p50 ${pct(50)} ms, p99 ${pct(99)} ms`,
    );
    if (mail) {
      const { outboxRoutes } = await import("@/lib/wiring/outbox-routes");
      const { deliverChained } = await import("@/lib/platform/outbox/outbox");
      const routes = outboxRoutes();
      const deliver0 = process.cpuUsage();
      const deliverPostgres0 = postgresCpuMs();
      let delivered = 0;
      for (;;) {
        const report = await deliverChained(database.db, routes.senders, {
          rounds: 4,
          limit: 200,
          onDeadLetter: routes.onDeadLetter ?? {},
        });
        delivered += report.delivered;
        if (report.delivered === 0) break;
      }
      const deliverCpu = process.cpuUsage(deliver0);
      const deliverPostgres1 = postgresCpuMs();
      console.log(
        `reactions: ${delivered} outbox messages delivered (events and the email they queue), CPU ${((deliverCpu.user + deliverCpu.system) / 1000 / n).toFixed(2)} ms per checkout, PostgreSQL CPU ${deliverPostgres0 === null || deliverPostgres1 === null ? "n/a" : ((deliverPostgres1 - deliverPostgres0) / n).toFixed(2)} ms per checkout`,
      );
    }
  } finally {
    mail?.stop();
    await database.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
