// A database of its own on a PostgreSQL server, for what runs outside Jest's templates: the e2e
// servers (scripts/fresh-database.mjs) and the benchmarks on PostgreSQL (bench:feed, bench:search).
import pg from "pg";

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

async function onServer(serverUrl, work) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops database `name` on the server at `serverUrl` (ending any connection to it) and creates it
 * empty (the app migrates it when it opens it); answers its URL and a `drop()` for when it is done.
 * `durable: false` (the e2e servers' throwaway databases): its commits are not waited for on disk
 * (synchronous_commit off for every session on it), which a test's next click need not wait for
 * (measured here: 6.4 ms against 2.2 ms a commit); the benchmarks keep production's setting.
 */
export async function freshServerDatabase(serverUrl, name, { durable = true } = {}) {
  if (!IDENTIFIER.test(name)) throw new Error(`not a lower-case identifier: ${name}`);
  const drop = () => onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  await onServer(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
    if (!durable) await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}
