import { readFile } from "node:fs/promises";
import path from "node:path";

import { sql } from "drizzle-orm";

import type { Database } from "@/lib/platform/db/client";

/**
 * Runs one migration's SQL again (lib/platform/db/migrations/<tag>.sql, statement by statement as
 * the migrator splits it) on a test database, after a test has written rows as they stood before it:
 * how a data migration (drizzle-kit generate --custom) is tested.
 */
export async function rerunMigration(db: Database, tag: string): Promise<void> {
  const file = path.join(process.cwd(), "lib/platform/db/migrations", `${tag}.sql`);
  const statements = (await readFile(file, "utf8")).split("--> statement-breakpoint");
  for (const statement of statements) if (statement.trim() !== "") await db.execute(sql.raw(statement));
}
