import { openDatabase, setDatabaseForTests, type OpenDatabase } from "@/lib/platform/db/client";

import { testDatabaseName, withDatabase } from "./templates.mjs";

/**
 * A fresh database per test file, copied from the run's migrated template (test/templates.mjs, made
 * by Jest's global setup): PGlite in memory by default, or, when TEST_DATABASE_URL points at a
 * PostgreSQL server, a new database there made with CREATE DATABASE ... TEMPLATE and dropped
 * afterwards. The app's getDb() answers with it.
 */
export async function openTestDatabase(): Promise<OpenDatabase & { dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const opened = await openDatabase({ pgliteDir: "memory://", pgliteTemplate: process.env.PGLITE_TEMPLATE });
    setDatabaseForTests(opened);
    return {
      ...opened,
      dispose: async () => {
        setDatabaseForTests(undefined);
        await opened.close();
      },
    };
  }
  const name = testDatabaseName();
  await onServer(serverUrl, (admin) => createFromTemplate(admin, name));
  const opened = await openDatabase({ url: withDatabase(serverUrl, name), pgliteDir: "memory://" });
  setDatabaseForTests(opened);
  return {
    ...opened,
    dispose: async () => {
      setDatabaseForTests(undefined);
      await opened.close();
      await onServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

type PgClient = import("pg").Client;

async function onServer<T>(serverUrl: string, work: (admin: PgClient) => Promise<T>): Promise<T> {
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Without the template (a run started without Jest's global setup), an empty database that openDatabase migrates. */
async function createFromTemplate(admin: PgClient, name: string) {
  const template = process.env.TEST_DATABASE_TEMPLATE;
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
}

/** Builds a Request as a browser on our own site would send it. */
export function jsonRequest(path: string, body: unknown, init: { headers?: Record<string, string>; raw?: string } = {}) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000", ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
}
