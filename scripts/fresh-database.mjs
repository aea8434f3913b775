// `node scripts/fresh-database.mjs SERVER_URL NAME`: drops database NAME on the PostgreSQL server at
// SERVER_URL (ending any connection to it) and creates it empty. The e2e servers on PostgreSQL
// (E2E_DATABASE_URL, playwright.config.ts) start from it as the embedded ones start from a removed
// PGlite folder: the app migrates and seeds it at start.
import pg from "pg";

const [serverUrl, name] = process.argv.slice(2);
if (!serverUrl || !/^[a-z_][a-z0-9_]*$/.test(name ?? "")) {
  console.error("usage: node scripts/fresh-database.mjs SERVER_URL NAME (a lower-case identifier)");
  process.exit(2);
}
const client = new pg.Client({ connectionString: serverUrl });
await client.connect();
try {
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
} finally {
  await client.end();
}
