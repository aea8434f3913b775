import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { openDatabase, type OpenDatabase } from "@/lib/platform/db/client";
import { openTestDatabase } from "@/test/database";

/**
 * A fresh database for a server running in a child process (test/route-server.ts), and
 * a way for the test to read what that server stored.
 *
 * - PGlite (the default): a new directory in the system temp dir. PGlite allows one process
 *   per directory (lib/platform/db/pglite-lock.ts), so `read()` opens it only once the server has
 *   stopped; it is migrated and seeded by the child's first open.
 * - PostgreSQL, when the caller passes TEST_DATABASE_URL: a new database on that server, migrated
 *   and seeded, dropped at `dispose()`; `read()` answers with a direct connection at any time.
 *
 * The caller passes the URL: lib/platform/env.ts is the only module of lib/ that reads the environment.
 * On PostgreSQL this opens the database through openTestDatabase(), which also makes it the Jest
 * process's getDb() until `dispose()`: a file that has an in-process database of its own opens
 * the two one after the other (its own describe blocks), not both at once.
 */
export interface ChildDatabase {
  kind: "pglite" | "postgres";
  /** What the child's environment needs to open this database (lib/platform/env.ts reads them). */
  env: { DATABASE_URL: string; PGLITE_DIR: string };
  /** The test's own connection. PGlite: only once the child has stopped. */
  read(): Promise<OpenDatabase>;
  /** Closes the test's connection and removes the database (the directory, or the PostgreSQL database). */
  dispose(): Promise<void>;
}

export async function openChildDatabase(prefix: string, postgresUrl: string | undefined): Promise<ChildDatabase> {
  if (postgresUrl) {
    // A fresh database, migrated and seeded; this connection stays open to read it afterwards.
    const direct = await openTestDatabase();
    const { rows } = (await direct.db.execute("select current_database() as name")) as unknown as { rows: Array<{ name: string }> };
    const name = rows[0]?.name;
    if (!name) throw new Error("current_database() returned no name");
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return {
      kind: "postgres",
      env: { DATABASE_URL: url.toString(), PGLITE_DIR: "" },
      read: async () => direct,
      dispose: () => direct.dispose(),
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  const pgliteDir = path.join(dir, "pglite");
  let reader: Promise<OpenDatabase> | undefined;
  return {
    kind: "pglite",
    env: { DATABASE_URL: "", PGLITE_DIR: pgliteDir },
    read: () => (reader ??= openDatabase({ pgliteDir })),
    dispose: async () => {
      await (await reader?.catch(() => undefined))?.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
