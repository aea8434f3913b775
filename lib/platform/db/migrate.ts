import "server-only";

import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";

const migrationsFolder = path.join(/* turbopackIgnore: true */ process.cwd(), "lib/platform/db/migrations");
// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_ID = 7_042_001;

/** Applies drizzle-kit's migrations to an embedded database. */
export async function migratePglite(client: PGlite): Promise<void> {
  const [{ drizzle }, { migrate }] = await Promise.all([import("drizzle-orm/pglite"), import("drizzle-orm/pglite/migrator")]);
  await migrate(drizzle({ client }), { migrationsFolder });
}

/** The same migrations on PostgreSQL, under an advisory lock so instances starting together do not race. */
export async function migratePostgres(pool: Pool): Promise<void> {
  const [{ drizzle }, { migrate }] = await Promise.all([import("drizzle-orm/node-postgres"), import("drizzle-orm/node-postgres/migrator")]);
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
