// `npm run bench:checkout`: CPU and round trips of the checkout's domain layer alone (no Next.js, no HTTP): N wallet-paid
// checkouts through checkoutCart, `--concurrency` at a time, against a scratch PostgreSQL
// database (the checkout writes its seat.confirmed event, as at start). Reports checkouts/s, the
// process's CPU milliseconds per checkout and the statements sent per checkout.
//
//   npm run bench:checkout -- [--parents 400] [--concurrency 50]
//        [--postgres-url postgres://postgres@127.0.0.1:5432/test]
import { parseArgs } from "node:util";

async function main() {
  const { values } = parseArgs({
    options: {
      parents: { type: "string", default: "400" },
      concurrency: { type: "string", default: "50" },
      "postgres-url": { type: "string", default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    },
  });
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
    const n = families.length - 1;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(0);
    console.log(
      `${n} checkouts at ${concurrency}: ${(n / seconds).toFixed(0)}/s, CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms per checkout (user ${(cpu.user / 1000 / n).toFixed(2)}, system ${(cpu.system / 1000 / n).toFixed(2)}), ${(statements / n).toFixed(1)} statements per checkout, p50 ${pct(50)} ms, p99 ${pct(99)} ms`,
    );
  } finally {
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
