import { randomUUID } from "node:crypto";

import { openDatabase, setDatabaseForTests, type OpenDatabase } from "@/lib/platform/db/client";

/**
 * A fresh database per test file: PGlite in memory by default, or, when
 * TEST_DATABASE_URL points at a PostgreSQL server (CI), a new database created
 * there and dropped afterwards. The app's getDb() answers with it.
 */
export async function openTestDatabase(): Promise<OpenDatabase & { dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const opened = await openDatabase({ pgliteDir: "memory://" });
    setDatabaseForTests(opened);
    return {
      ...opened,
      dispose: async () => {
        setDatabaseForTests(undefined);
        await opened.close();
      },
    };
  }
  const { Client } = await import("pg");
  const name = `test_${randomUUID().replace(/-/g, "")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ url: url.toString(), pgliteDir: "memory://" });
  setDatabaseForTests(opened);
  return {
    ...opened,
    dispose: async () => {
      setDatabaseForTests(undefined);
      await opened.close();
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Builds a Request as a browser on our own site would send it. */
export function jsonRequest(path: string, body: unknown, init: { headers?: Record<string, string>; raw?: string } = {}) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000", ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
}
