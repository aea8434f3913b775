import http from "node:http";

import { count, inArray } from "drizzle-orm";

import type { Database } from "@/lib/platform/db/client";
import { demoRequests } from "@/lib/platform/db/schema";
import { httpRequest } from "@/test/http-request";
import { openChildDatabase, type ChildDatabase } from "@/test/child-database";
import { jsonRequest, openTestDatabase } from "@/test/database";
import { routeServerEnv, startRouteServer, type RouteServer } from "@/test/route-server";

import { POST } from "./route";

/**
 * Issue 6: 2,000 demo requests fired at once (PGlite here, PostgreSQL with TEST_DATABASE_URL).
 * 1,600 distinct submissions, 400 of them retried with the same Idempotency-Key while the first
 * is in flight: every submission answered 2xx is stored exactly once, and nothing is a 5xx.
 * Rate limits are off (test/jest-env.ts, routeServerEnv): every request comes from one address.
 *
 * Twice, with the same requests and the same assertions: calling the route handler in this
 * process, and over real HTTP at a server process serving the same handler on its own database
 * (test/route-server.ts), where 2,000 connections are open at once.
 */
const TOTAL = 2000;
const DISTINCT = 1600;
/** A request with no whole answer by then counts as one the server failed to give. */
const REQUEST_TIMEOUT_MS = 60_000;

interface Sent {
  key: string;
  body: { userEmail: string; course: string; grade: number };
}
/** What came back for one request: its status and body, or why there was no whole answer. */
type Outcome = { key: string } & ({ status: number; id?: string; message?: unknown } | { error: string });

/** Request i; i and i + DISTINCT are the same submission (key and body), the second a retry. */
const requests: Sent[] = Array.from({ length: TOTAL }, (_, i) => ({
  key: `load-${i % DISTINCT}-${"k".repeat(4)}`,
  body: { userEmail: `family${i % DISTINCT}@example.com`, course: "not-sure", grade: (i % 12) + 1 },
}));

/** Sends all of them at once through `send` and times it; a request that throws is an outcome too. */
async function fireAll(label: string, send: (sent: Sent) => Promise<{ status: number; text: string }>): Promise<Outcome[]> {
  const started = Date.now();
  const outcomes = await Promise.all(
    requests.map(async (sent): Promise<Outcome> => {
      try {
        const { status, text } = await send(sent);
        const body = JSON.parse(text) as { id?: string; message?: unknown };
        return { key: sent.key, status, id: body.id, message: body.message };
      } catch (error) {
        return { key: sent.key, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  console.log(`[concurrency] ${TOTAL} requests ${label} in ${seconds.toFixed(1)} s (${Math.round(TOTAL / seconds)} req/s)`);
  return outcomes;
}

/** Both tests' assertions: every request answered 2xx with a JSON message, each submission stored exactly once under the id it was answered with. */
async function expectEachSubmissionStoredOnce(outcomes: Outcome[], db: Database) {
  expect(outcomes.filter((o) => "error" in o).slice(0, 5)).toEqual([]);
  const answers = outcomes.filter((o): o is Extract<Outcome, { status: number }> => "status" in o);
  expect(answers.filter((a) => a.status >= 500).slice(0, 5)).toEqual([]);
  expect(answers.every((a) => typeof a.message === "string")).toBe(true);
  const acknowledged = answers.filter((a) => a.status === 200 || a.status === 201);
  expect(acknowledged).toHaveLength(TOTAL);
  // One 201 per submission; its retries answer 200 with the same id.
  expect(acknowledged.filter((a) => a.status === 201)).toHaveLength(DISTINCT);
  const idByKey = new Map<string, string>();
  for (const a of acknowledged) {
    expect(a.id).toBeDefined();
    if (idByKey.has(a.key)) expect(a.id).toBe(idByKey.get(a.key));
    else idByKey.set(a.key, a.id!);
  }

  const stored = await db
    .select({ id: demoRequests.id, key: demoRequests.idempotencyKey })
    .from(demoRequests)
    .where(inArray(demoRequests.id, [...idByKey.values()]));
  expect(stored).toHaveLength(DISTINCT);
  expect(new Map(stored.map((row) => [row.key, row.id]))).toEqual(idByKey);
  expect((await db.select({ n: count() }).from(demoRequests))[0]?.n).toBe(DISTINCT);
}

const title = `stores each of ${TOTAL} concurrent requests acknowledged with 2xx exactly once, and answers none with 5xx`;

// One describe per database, opened and disposed in turn: on PostgreSQL both are the Jest process's getDb().
describe("calling the route handler in this process", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  it(
    title,
    async () => {
      const outcomes = await fireAll(`in process on ${database.kind}`, async (sent) => {
        const response = await POST(jsonRequest("/api/book-free-demo", sent.body, { headers: { "idempotency-key": sent.key } }));
        return { status: response.status, text: await response.text() };
      });
      await expectEachSubmissionStoredOnce(outcomes, database.db);
    },
    120_000,
  );
});

describe("over HTTP at a server process", () => {
  // A socket for every request at once, none queued behind another's answer; and none closed by
  // the agent while others are still waiting (it keeps only 256 idle ones by default).
  const agent = new http.Agent({ keepAlive: true, maxSockets: TOTAL, maxFreeSockets: TOTAL });
  let database: ChildDatabase;
  let server: RouteServer | undefined;
  beforeAll(async () => {
    database = await openChildDatabase("concurrency", process.env.TEST_DATABASE_URL);
  });
  afterAll(async () => {
    agent.destroy();
    // Also when an expectation failed: no server outlives the test (a no-op once it has exited).
    await server?.kill();
    await database?.dispose();
  });

  /** Connections made, open now, and open at most: how "at once" the load really was. */
  let connections = 0;
  let open = 0;
  let peakOpen = 0;

  /** One POST as the form sends it; rejects when no whole answer comes back within the timeout. */
  const post = (origin: string, sent: Sent) =>
    httpRequest(`${origin}/api/book-free-demo`, {
      agent,
      json: sent.body,
      headers: { origin, "idempotency-key": sent.key },
      timeoutMs: REQUEST_TIMEOUT_MS,
      onRequest: (request) =>
        request.on("socket", (socket) => {
          socket.once("connect", () => {
            connections += 1;
            peakOpen = Math.max(peakOpen, ++open);
          });
          socket.once("close", () => (open -= 1));
        }),
    });

  it(
    title,
    async () => {
      const started = await startRouteServer({
        routes: { "/api/book-free-demo": "app/api/book-free-demo/route.ts" },
        env: routeServerEnv(process.env, database.env),
        ports: { from: 24060, to: 24099 },
      });
      server = started;
      const outcomes = await fireAll(`over HTTP on ${database.kind}`, (sent) => post(started.origin, sent));
      console.log(`[concurrency] ${connections} connections, at most ${peakOpen} open at once`);
      // All at once: a connection of its own for each request, none waiting for a socket another answer freed.
      expect(connections).toBe(TOTAL);
      // Counted with the server stopped (PGlite: its directory is free again), as an app shuts down.
      await started.stop();
      await expectEachSubmissionStoredOnce(outcomes, (await database.read()).db);
    },
    180_000,
  );
});
