// `npm run seed -- --demo-requests 100000 [--days 90]`: fills the configured database (the
// embedded PGlite under .data/ unless DATABASE_URL is set) with realistic demo requests, to see
// and measure the dashboards at volume. Stop the app first when it uses the embedded database.
import { parseArgs } from "node:util";

async function main() {
  const { values } = parseArgs({ options: { "demo-requests": { type: "string" }, days: { type: "string", default: "90" } } });
  const count = Number(values["demo-requests"] ?? 0);
  const days = Number(values.days);
  if (!Number.isInteger(count) || count < 0 || !Number.isInteger(days) || days < 1) {
    console.error("usage: npm run seed -- --demo-requests <count> [--days <days back, default 90>]");
    process.exit(2);
  }
  const { getOpenDatabase } = await import("../lib/platform/db/client");
  const { courses, demoRequests } = await import("../lib/platform/db/schema");
  const { sampleDemoRequests } = await import("../lib/demo-requests/sample-data");
  // Opening the database migrates it and seeds the catalogue.
  const { db, kind, close } = await getOpenDatabase();
  const catalogue = await db.select({ id: courses.id, gradeMin: courses.gradeMin, gradeMax: courses.gradeMax }).from(courses);
  const started = Date.now();
  let batch: Array<typeof demoRequests.$inferInsert> = [];
  let written = 0;
  for (const row of sampleDemoRequests({ count, courses: catalogue, days, now: new Date(), seed: Date.now() })) {
    batch.push(row);
    if (batch.length === 1000) {
      await db.insert(demoRequests).values(batch);
      written += batch.length;
      batch = [];
      if (written % 10_000 === 0) console.log(`  ${written.toLocaleString("en-US")} demo requests`);
    }
  }
  if (batch.length) await db.insert(demoRequests).values(batch);
  await db.execute("analyze demo_requests");
  console.log(`Seeded ${count.toLocaleString("en-US")} demo requests into ${kind} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  await close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
