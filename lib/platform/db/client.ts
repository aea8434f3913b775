import "server-only";

import { existsSync, openAsBlob } from "node:fs";
import { mkdir } from "node:fs/promises";

import { acquireDirectoryLock } from "@/lib/platform/db/pglite-lock";
import path from "node:path";

import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

import { env, isBuildPhase } from "@/lib/platform/env";
import { migratePglite, migratePostgres } from "@/lib/platform/db/migrate";
import { refuseQueriesOutsideTransactions } from "@/lib/platform/db/outside-transaction";
import * as schema from "@/lib/platform/db/schema";

/** PGlite and node-postgres databases share this type, so domain code serves both. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `db.transaction(async (tx) => ...)` hands its callback: the one type every domain's writes take. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface OpenDatabase {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent, PGlite at `pgliteDir`. */
  url?: string;
  /** A directory, or `memory://` for an in-memory database. */
  pgliteDir: string;
  /**
   * A dump of a migrated PGlite data directory (a tar file from `dumpDataDir`): a new database starts
   * as a copy of it instead of initialising and migrating an empty one (the tests' template,
   * test/templates.mjs). Ignored for a directory that already holds a database.
   */
  pgliteTemplate?: string;
}

/**
 * Opens and migrates: the database is ready when this resolves. The migrations carry the
 * starting catalogue too (0007_starting_catalogue.sql), so every database has courses.
 */
export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  return options.url ? openPostgres(options.url) : openPglite(options.pgliteDir, options.pgliteTemplate);
}

/** Jest (NODE_ENV=test): a query outside an open transaction fails at once on both engines (outside-transaction.ts). */
const underTest = env.NODE_ENV === "test";

async function openPostgres(url: string): Promise<OpenDatabase> {
  const [{ Pool }, { drizzle }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
  // connectionTimeoutMillis bounds both a new connection and the wait for a free one: a burst
  // queues rather than failing (2,000 leads at once took about 10 s on 2 cores in issue 6, 23 s in a
  // CI run of 29 Nov 2026 with the other Jest worker busy: 20 s answered the last few 503), under
  // HAProxy's 65 s server timeout; a database that does not answer at all still ends in a 503 (a
  // refused connection fails at once).
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 40_000, idleTimeoutMillis: 30000 });
  // An idle client losing its server emits 'error' on the pool; unhandled, it would kill the process.
  pool.on("error", (error) => console.error("[db] idle PostgreSQL client error:", error.message));
  // A checked-out client whose connection drops between two queries (inside a transaction) emits
  // 'error' too, and no one listens there: without this, a database restart ends the process.
  // Its next query fails (a 503) and the pool discards it.
  pool.on("connect", (client) => client.on("error", (error) => console.error("[db] PostgreSQL connection error:", error.message)));
  await migratePostgres(pool).catch(async (error: unknown) => {
    await pool.end().catch(() => undefined);
    throw error;
  });
  const db = drizzle({ client: pool, schema, casing: "snake_case" });
  if (underTest) refuseQueriesOutsideTransactions(db, pool, ["query", "connect"]);
  return { db, kind: "postgres", close: () => pool.end() };
}

async function openPglite(dir: string, template: string | undefined): Promise<OpenDatabase> {
  const [{ PGlite }, { pg_trgm }, { drizzle }] = await Promise.all([
    import("@electric-sql/pglite"),
    // Trigram indexes make the support queue's "search email or name" fast at volume.
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
  ]);
  let dataDir: string | undefined;
  if (dir !== "memory://") {
    dataDir = path.resolve(/* turbopackIgnore: true */ process.cwd(), dir);
    await mkdir(path.dirname(dataDir), { recursive: true });
  }
  // Nothing else locks a PGlite directory, and two processes on one corrupt it.
  const release = dataDir ? acquireDirectoryLock(dataDir) : () => undefined;
  try {
    const loadDataDir = template && !(dataDir && existsSync(path.join(dataDir, "PG_VERSION"))) ? await openAsBlob(template) : undefined;
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir });
    // A template is already migrated: this only confirms it (and applies any migration newer than it).
    await migratePglite(client);
    const db = drizzle({ client, schema, casing: "snake_case" });
    if (underTest) refuseQueriesOutsideTransactions(db, client, ["query", "exec", "transaction"]);
    return {
      db,
      kind: "pglite",
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

// One database per process, kept on globalThis so dev hot reloads do not open a
// second PGlite on the same directory (which would corrupt it).
const slot = globalThis as typeof globalThis & { __database?: Promise<OpenDatabase> };

/**
 * `next build` prerenders pages in several worker processes: they must not share the
 * PGlite directory of a running app, so the build reads an in-memory, freshly seeded
 * copy. At run time the pages revalidate from the real database.
 */
export function isBuildCopy(): boolean {
  return !env.DATABASE_URL && isBuildPhase;
}

function defaultOptions(): OpenOptions {
  if (isBuildCopy()) return { pgliteDir: "memory://" };
  return { url: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR, pgliteTemplate: env.PGLITE_TEMPLATE };
}

export function getOpenDatabase(): Promise<OpenDatabase> {
  if (!slot.__database) {
    slot.__database = openDatabase(defaultOptions()).catch((error: unknown) => {
      slot.__database = undefined; // let the next request try again
      throw error;
    });
  }
  return slot.__database;
}

export async function getDb(): Promise<Database> {
  return (await getOpenDatabase()).db;
}

/** Tests point the process-wide database at their own (see lib/db/testing.ts). */
export function setDatabaseForTests(opened: OpenDatabase | undefined): void {
  slot.__database = opened ? Promise.resolve(opened) : undefined;
}
