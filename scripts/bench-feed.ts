// `npm run bench:feed`: the server time to answer one family's calendar feed (issue 44's goal: a
// family with 5 children and 40 sections in at most 100 ms), beside a baseline in the same run:
// a family with one child in one section. Seeds a throwaway in-memory PGlite, the embedded default
// (never the app's database); with BENCH_DATABASE_URL (a PostgreSQL server) the same on a fresh
// database there, production's engine. Times feedCalendar (the token's lookup, the family's
// sessions, demos and homework read, the ICS written): median and worst of 20 runs after 3
// warm-ups, wall and this process's CPU. The machine's 2 cores are shared with whatever else runs.
import os from "node:os";
import { performance } from "node:perf_hooks";

const RUNS = 20;
const CHILDREN = 5;
const SECTIONS = 40;

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
}

async function main() {
  const { openDatabase, setDatabaseForTests } = await import("../lib/platform/db/client");
  const { feedCalendar, renewFeed } = await import("../lib/learner-access/feeds");
  const { addChild, newFamily } = await import("../test/commerce-fixtures");
  // A confirmed seat in a new section (Mondays and Thursdays for a year), its first session a week from now.
  const { seatForParent } = await import("../test/message-fixtures");

  const serverUrl = process.env.BENCH_DATABASE_URL;
  let engine = "PGlite (in memory)";
  let dropDatabase: (() => Promise<void>) | undefined;
  let opened;
  if (serverUrl) {
    const { freshServerDatabase } = await import("./server-database.mjs");
    const fresh = await freshServerDatabase(serverUrl, `bench_feed_${process.pid}`);
    opened = await openDatabase({ url: fresh.url, pgliteDir: "memory://" });
    engine = "PostgreSQL (a fresh database)";
    dropDatabase = fresh.drop;
  } else {
    opened = await openDatabase({ pgliteDir: "memory://" });
  }
  setDatabaseForTests(opened);
  const { db } = opened;

  // The baseline: one child, one section.
  const small = await newFamily(db);
  await seatForParent(db, small.parentId, small.learnerId);
  // The family: 5 children, 40 sections between them (8 each), every section twice a week for a year.
  const big = await newFamily(db);
  const children = [big.learnerId];
  for (let i = 1; i < CHILDREN; i++) children.push(await addChild(db, big.parentId, `Child${i}`));
  for (let i = 0; i < SECTIONS; i++) await seatForParent(db, big.parentId, children[i % CHILDREN]!);

  const tokenOf = (url: string) => /\/calendar\/([^/]+)\.ics$/.exec(url)![1]!;
  const smallToken = tokenOf(await renewFeed({ scope: "family", userId: small.parentId }));
  const bigToken = tokenOf(await renewFeed({ scope: "family", userId: big.parentId }));

  const time = async (work: () => Promise<unknown>) => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await work();
    const used = process.cpuUsage(cpu);
    return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
  };
  const measure = async (token: string) => {
    let text = "";
    for (let i = 0; i < 3; i++) text = (await feedCalendar(token))!;
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await time(() => feedCalendar(token)));
    return { text, wall: stats(runs.map((r) => r.wall)), cpu: stats(runs.map((r) => r.cpu)) };
  };
  const baseline = await measure(smallToken);
  const family = await measure(bigToken);
  const events = (text: string) => (text.match(/^BEGIN:VEVENT/gm) ?? []).length;

  console.log(
    `Family calendar feed on ${engine}: ${RUNS} runs after 3 warm-ups each, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores (shared with whatever else runs)`,
  );
  const line = (label: string, m: typeof family) =>
    console.log(
      `${label.padEnd(34)} ${String(events(m.text)).padStart(4)} events, ${(m.text.length / 1024).toFixed(0).padStart(4)} KiB: wall median ${m.wall.median.toFixed(1)} ms (max ${m.wall.max.toFixed(1)}), CPU median ${m.cpu.median.toFixed(1)} ms (max ${m.cpu.max.toFixed(1)})`,
    );
  line("baseline: 1 child, 1 section", baseline);
  line(`${CHILDREN} children, ${SECTIONS} sections`, family);
  console.log(
    `ratio to the baseline: wall ${(family.wall.median / baseline.wall.median).toFixed(1)}x, CPU ${(family.cpu.median / baseline.cpu.median).toFixed(1)}x; goal: at most 100 ms of server time (${family.wall.median <= 100 ? "met" : "NOT met"} at the median wall time, worst ${family.wall.max.toFixed(1)} ms)`,
  );
  await opened.close();
  await dropDatabase?.();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
