// The migrated database every Jest test file starts from: migrate once per run (or once per set of
// migrations, since a template is kept for as long as the migrations do not change), then give each
// file a copy. Measured on this 2-core machine: PGlite's open and migrate of an empty in-memory
// database took 4-8 s a file, its load from the template about 1 s; PostgreSQL's migrate about
// 0.6 s a file, its CREATE DATABASE ... TEMPLATE about 0.1 s (README "Testing").
//
// Plain ESM without the app's path aliases: Jest's global setup loads it, as does test/database.ts.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MIGRATIONS = path.join(ROOT, "lib/platform/db/migrations");
/** Shared by every checkout on the machine: a template is named by what it contains. */
const PGLITE_TEMPLATES = path.join(os.tmpdir(), "live-class-test-templates");
/** Test databases on a shared PostgreSQL: `<prefix><pid>_<random>`, so a later run can tell a dead run's leftovers. */
export const TEST_DATABASE_PREFIX = "lct_";
const TEMPLATE_PREFIX = "lct_template_";
// Any constant: every run on the server agrees on it, so only one builds a missing template.
const TEMPLATE_LOCK_ID = 7_042_037;

/** What a migrated database depends on: the migrations, and the engine's version for PGlite's data directory. */
export function templateKey(engine) {
  const hash = createHash("sha256").update(engine);
  const journal = path.join(MIGRATIONS, "meta", "_journal.json");
  hash.update(readFileSync(journal));
  for (const file of readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS, file)));
  }
  if (engine === "pglite") {
    // Its package.json is not among its exports: read it beside the package's entry file.
    const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
    const manifest = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), "package.json");
    hash.update(JSON.parse(readFileSync(manifest, "utf8")).version);
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A PGlite data directory, migrated, dumped as a tar file (PGlite's dumpDataDir; loaded back with the
 * `loadDataDir` option): made when missing, written under a temporary name and renamed, so a run killed
 * while making it leaves nothing that a later run would read. Returns the file's path.
 */
export async function ensurePgliteTemplate() {
  const file = path.join(PGLITE_TEMPLATES, `pglite-${templateKey("pglite")}.tar`);
  if (isFile(file)) return file;
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
    const dump = await client.dumpDataDir("none");
    mkdirSync(PGLITE_TEMPLATES, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
  removeOtherTemplates(file);
  return file;
}

/** Older templates (of migrations since changed) and partial files of killed runs, an hour old or more. */
function removeOtherTemplates(keep) {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(PGLITE_TEMPLATES)) {
    const file = path.join(PGLITE_TEMPLATES, name);
    if (file !== keep && statSync(file).mtimeMs < hourAgo) rmSync(file, { force: true });
  }
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * A template database on the PostgreSQL server at `serverUrl`, migrated: made when missing, under the
 * server-wide advisory lock, as `<name>_partial` and then renamed, so a run killed while making it
 * leaves no template that looks finished. Also drops what runs that were killed left behind. Returns
 * the template's name.
 */
export async function ensurePostgresTemplate(serverUrl) {
  const { default: pg } = await import("pg");
  const name = `${TEMPLATE_PREFIX}${templateKey("postgres")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_ID]);
    await dropLeftovers(admin, name);
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) {
      const partial = `${name}_partial`;
      await admin.query(`drop database if exists ${partial} with (force)`);
      await admin.query(`create database ${partial}`);
      await migratePostgresDatabase(withDatabase(serverUrl, partial));
      await admin.query(`alter database ${partial} rename to ${name}`);
      // Only a template may be copied while another session is connected to it; none ever should be.
      await admin.query(`alter database ${name} is_template true`);
    }
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_ID]).catch(() => undefined);
    await admin.end();
  }
  return name;
}

async function migratePostgresDatabase(url) {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.end();
  }
}

/**
 * Databases of runs that no longer run on this machine (their process is gone) and templates of
 * migrations that have changed since. A run on another machine sharing the server keeps its own:
 * its databases are dropped only once a day old.
 */
async function dropLeftovers(admin, currentTemplate) {
  // When each was made: its folder's first file (readable by a superuser, as CI's postgres is; else unknown).
  const { rows } = await admin
    .query(
      `select datname, (pg_stat_file('base/' || oid || '/PG_VERSION', true)).modification as made
         from pg_database where datname like $1`,
      [`${TEST_DATABASE_PREFIX}%`],
    )
    .catch(() => admin.query("select datname, null as made from pg_database where datname like $1", [`${TEST_DATABASE_PREFIX}%`]));
  const dayAgo = Date.now() - 86_400_000;
  for (const { datname, made } of rows) {
    if (datname === currentTemplate) continue;
    const isTemplate = datname.startsWith(TEMPLATE_PREFIX);
    const owner = Number(/^lct_(\d+)_/.exec(datname)?.[1]);
    const isOld = made instanceof Date && made.getTime() < dayAgo;
    const isOrphan = !isTemplate && Number.isInteger(owner) && !isAlive(owner);
    // A template of other migrations may belong to a run of another checkout, still going: a day.
    if (isOld || isOrphan) {
      if (isTemplate) await admin.query(`alter database ${datname} is_template false`).catch(() => undefined);
      await admin.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
    }
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/**
 * A new database's name for the run whose main process is `pid` (Jest's global setup hands its pid
 * to the workers as TEST_RUN_OWNER): dead runs' leftovers are told apart by it, and the run's own
 * are dropped together when it ends (dropRunDatabases).
 */
export function testDatabaseName(pid = Number(process.env.TEST_RUN_OWNER) || process.pid) {
  return `${TEST_DATABASE_PREFIX}${pid}_${randomBytes(6).toString("hex")}`;
}

/**
 * Drops the databases of the run whose main process is `owner`, after its end (Jest's global
 * teardown starts test/drop-run-databases.mjs).
 * Not each file's at its close: on PostgreSQL every DROP DATABASE forces an immediate checkpoint that
 * the dropping file waits for, with every dirty page of the other worker's tests to write (seen in a
 * CI run of 29 Nov 2026: one requested checkpoint per drop, 0.8 s of checkpoint writing and syncing
 * each on average, and the PostgreSQL leg at 632 s against 274 s in the run before; how much of
 * the difference is the drops was not measured apart). After the run, each has little to write.
 */
export async function dropRunDatabases(serverUrl, owner = process.pid) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query("select datname from pg_database where datname like $1", [`${TEST_DATABASE_PREFIX}${owner}\\_%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    return rows.length;
  } finally {
    await admin.end();
  }
}

export function withDatabase(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
