import { auditMoney } from "@/lib/commerce/seats/audit";
import { openDatabase, setDatabaseForTests, type OpenDatabase } from "@/lib/platform/db/client";

import { testDatabaseName, withDatabase } from "./templates.mjs";

/** Why this test file's database is left inconsistent on purpose (set by skipMoneyAudit); undefined: audited. */
let moneyAuditSkipped: string | undefined;

/**
 * A test file that makes money mismatches on purpose (to test the audit, or a fault) says so, with
 * why: its database is not audited when it closes. Called at the file's top level.
 */
export function skipMoneyAudit(reason: string): void {
  if (!reason.trim()) throw new Error("skipMoneyAudit needs a reason");
  moneyAuditSkipped = reason;
}

/** Milliseconds spent auditing, per file (MONEY_AUDIT_TIMING=1 prints them: the cost on the suite). */
const timed = process.env.MONEY_AUDIT_TIMING === "1";

/**
 * The money audit (lib/commerce/seats/audit.ts, as `npm run audit:money` runs it) over what the file's
 * tests left behind, when the file closes its database: every paid seat's price accounted for,
 * no wallet below zero, no section oversold. Mismatches fail the file, each printed.
 */
async function auditLeftBehind(db: OpenDatabase["db"]): Promise<void> {
  if (moneyAuditSkipped !== undefined) return;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { mismatches, checkedSeats } = await auditMoney(db);
  if (timed) {
    const used = process.cpuUsage(cpu);
    const ms = (micro: number) => Math.round(micro / 1000);
    console.log(
      `[money audit] ${checkedSeats} seats in ${ms((performance.now() - started) * 1000)} ms (${ms(used.user + used.system)} ms CPU)`,
    );
  }
  if (mismatches.length === 0) return;
  throw new Error(
    `The money audit found ${mismatches.length} mismatches in the database this file's tests left behind ` +
      `(a test that makes them on purpose calls skipMoneyAudit(reason) from test/database.ts):\n` +
      mismatches.map((m) => `  ${m.message}`).join("\n"),
  );
}

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
        try {
          await auditLeftBehind(opened.db);
        } finally {
          await opened.close();
        }
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
      try {
        await auditLeftBehind(opened.db);
      } finally {
        // Dropped with the run's others when the run ends (test/templates.mjs dropRunDatabases): a drop
        // here would wait for a checkpoint of everything the other worker has written.
        await opened.close();
      }
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
  // Nothing in a test database outlives its run: commits are not waited for on disk (a setting of the
  // database, so every connection to it has it: route servers, child processes). Measured on the
  // machine's server: 6.4 ms a commit against 2.2 ms.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
}

/** Builds a Request as a browser on our own site would send it. */
export function jsonRequest(path: string, body: unknown, init: { headers?: Record<string, string>; raw?: string } = {}) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000", ...init.headers },
    body: init.raw ?? JSON.stringify(body),
  });
}
