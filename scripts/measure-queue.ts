// `npm run bench:queue`: how long the support queue's queries take on the configured database
// (seed volume first: `npm run seed -- --demo-requests 100000`). Median and worst of 10 runs of
// each, after one warm-up. Stop the app first when it uses the embedded database.
import { performance } from "node:perf_hooks";

const RUNS = 10;

async function main() {
  const { getOpenDatabase } = await import("../lib/platform/db/client");
  const { listLeadQueue } = await import("../lib/demo-requests/queue");
  const { parseLeadFilters } = await import("../lib/demo-requests/queue-schema");
  const { getAdminFigures } = await import("@/lib/dashboards/lead-figures");
  const { db, kind, close } = await getOpenDatabase();
  const admin = { id: 0, email: "bench@example.com", role: "admin" as const };
  const { rows } = (await db.execute(
    "select count(*)::int as n, (select id::text from demo_requests order by created_at desc, id desc offset 50000 limit 1) as deep, (select id::text from courses order by id limit 1) as course from demo_requests",
  )) as unknown as { rows: Array<{ n: number; deep: string | null; course: string | null }> };
  const info = rows[0]!;
  const cases: Array<[string, () => Promise<unknown>]> = [
    ["first page", () => listLeadQueue(admin, parseLeadFilters({}))],
    ["page at row 50,000 (keyset)", () => listLeadQueue(admin, parseLeadFilters({ after: info.deep ?? undefined }))],
    ["status = overdue", () => listLeadQueue(admin, parseLeadFilters({ status: "overdue" }))],
    ["grade + course", () => listLeadQueue(admin, parseLeadFilters({ grade: "5", course: info.course ?? undefined }))],
    [
      "date range (one week)",
      () =>
        listLeadQueue(
          admin,
          parseLeadFilters({
            from: new Date(Date.now() - 14 * 864e5).toISOString().slice(0, 10),
            to: new Date(Date.now() - 7 * 864e5).toISOString().slice(0, 10),
          }),
        ),
    ],
    ["search 'rao'", () => listLeadQueue(admin, parseLeadFilters({ q: "rao" }))],
    ["admin figures (30 days)", () => getAdminFigures(admin)],
  ];
  console.log(`Support queue on ${kind}, ${info.n.toLocaleString("en-US")} demo requests (${RUNS} runs each)\n`);
  console.log("query".padEnd(32), "median ms".padStart(10), "max ms".padStart(10));
  const results: Record<string, { medianMs: number; maxMs: number }> = {};
  for (const [name, run] of cases) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const medianMs = (times[RUNS / 2 - 1]! + times[RUNS / 2]!) / 2;
    const maxMs = times.at(-1)!;
    results[name] = { medianMs, maxMs };
    console.log(name.padEnd(32), medianMs.toFixed(1).padStart(10), maxMs.toFixed(1).padStart(10));
  }
  await close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
