// `node scripts/fresh-database.mjs SERVER_URL NAME`: drops database NAME on the PostgreSQL server at
// SERVER_URL (ending any connection to it) and creates it empty. The e2e servers on PostgreSQL
// (E2E_DATABASE_URL, playwright.config.ts) start from it as the embedded ones start from a removed
// PGlite folder: the app migrates and seeds it at start.
import { freshServerDatabase } from "./server-database.mjs";

const [serverUrl, name] = process.argv.slice(2);
if (!serverUrl || !name) {
  console.error("usage: node scripts/fresh-database.mjs SERVER_URL NAME (a lower-case identifier)");
  process.exit(2);
}
// A test database: commits not waited for on disk (scripts/server-database.mjs).
await freshServerDatabase(serverUrl, name, { durable: false });
