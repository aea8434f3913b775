// `node bench/test-databases.mjs [--runs N]`: what a Jest test file pays for its fresh database, the
// old way (an empty database, migrated) against the new (a copy of the run's migrated template,
// test/templates.mjs), on PGlite and, when PostgreSQL answers at TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), on PostgreSQL. Medians of N runs (default 5), wall
// and this process's CPU; the PostgreSQL server's own CPU is not in the CPU column.
import { performance } from "node:perf_hooks";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openAsBlob } from "node:fs";

import { ensurePgliteTemplate, ensurePostgresTemplate, testDatabaseName, withDatabase } from "../test/templates.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MIGRATIONS = path.join(ROOT, "lib/platform/db/migrations");
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const SERVER = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

const [{ PGlite }, { pg_trgm }, pglite, pgliteMigrator, { default: pg }, nodePostgres, pgMigrator] = await Promise.all([
  import("@electric-sql/pglite"),
  import("@electric-sql/pglite/contrib/pg_trgm"),
  import("drizzle-orm/pglite"),
  import("drizzle-orm/pglite/migrator"),
  import("pg"),
  import("drizzle-orm/node-postgres"),
  import("drizzle-orm/node-postgres/migrator"),
]);

/** Wall and CPU milliseconds of `work`, which returns a function that undoes it (not timed). */
async function timed(work) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const undo = await work();
  const wall = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  await undo();
  return { wall, cpu: (user + system) / 1000 };
}

async function measure(label, work) {
  const samples = [];
  for (let i = 0; i < RUNS; i += 1) samples.push(await timed(work));
  const median = (key) => samples.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  return { label, wall: median("wall"), cpu: median("cpu") };
}

async function countCourses(query) {
  const { rows } = await query("select count(*)::int as n from courses");
  if (!(rows[0]?.n > 0)) throw new Error("the database has no catalogue: not migrated");
}

const rows = [];
const template = await ensurePgliteTemplate();
// The first PGlite of a process compiles its WebAssembly: done once here, as a Jest worker does for its first file.
await (await PGlite.create()).close();
const pgliteMigrated = await measure("PGlite: empty, then migrated", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await pgliteMigrator.migrate(pglite.drizzle({ client }), { migrationsFolder: MIGRATIONS });
  await countCourses((sql) => client.query(sql));
  return () => client.close();
});
const pgliteCopied = await measure("PGlite: copy of the template", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: await openAsBlob(template) });
  // What openDatabase does on a template: confirm the migrations (a read of the journal table).
  await pgliteMigrator.migrate(pglite.drizzle({ client }), { migrationsFolder: MIGRATIONS });
  await countCourses((sql) => client.query(sql));
  return () => client.close();
});
rows.push([pgliteMigrated, pgliteCopied]);

const admin = new pg.Client({ connectionString: SERVER });
const isServerUp = await admin.connect().then(
  () => true,
  () => false,
);
if (isServerUp) {
  const templateName = await ensurePostgresTemplate(SERVER);
  const onNew = (name, createSql) => async () => {
    await admin.query(createSql);
    const client = new pg.Client({ connectionString: withDatabase(SERVER, name) });
    await client.connect();
    await pgMigrator.migrate(nodePostgres.drizzle({ client }), { migrationsFolder: MIGRATIONS });
    await countCourses((sql) => client.query(sql));
    return async () => {
      await client.end();
      await admin.query(`drop database ${name} with (force)`);
    };
  };
  const migrated = await measure("PostgreSQL: empty, then migrated", () => {
    const name = testDatabaseName();
    return onNew(name, `create database ${name}`)();
  });
  const copied = await measure("PostgreSQL: CREATE DATABASE ... TEMPLATE", () => {
    const name = testDatabaseName();
    return onNew(name, `create database ${name} template ${templateName}`)();
  });
  rows.push([migrated, copied]);
  await admin.end();
} else {
  console.log(`PostgreSQL does not answer at ${SERVER}: measured PGlite only.`);
}

const ms = (n) => `${Math.round(n)} ms`;
console.log(`\nA test file's fresh database, median of ${RUNS} (wall; this process's CPU):\n`);
console.log("| engine | migrated from empty | copied from the template | saved per file |");
console.log("|---|---|---|---|");
for (const [before, after] of rows) {
  const engine = before.label.split(":")[0];
  console.log(
    `| ${engine} | ${ms(before.wall)} (CPU ${ms(before.cpu)}) | ${ms(after.wall)} (CPU ${ms(after.cpu)}) | ${ms(before.wall - after.wall)} (${(before.wall / after.wall).toFixed(1)}x) |`,
  );
}
