import { count, inArray } from "drizzle-orm";

import { demoRequests } from "@/lib/db/schema";
import { jsonRequest, openTestDatabase } from "@/lib/testing/database";

import { POST } from "./route";

/**
 * Issue 6: 2,000 demo requests fired at once (PGlite here, PostgreSQL with TEST_DATABASE_URL).
 * 1,600 distinct submissions, 400 of them retried with the same Idempotency-Key while the first
 * is in flight: every submission answered 2xx is stored exactly once, and nothing is a 5xx.
 * Rate limits are off in Jest (lib/testing/jest-env.ts): every request comes from one address.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const TOTAL = 2000;
const DISTINCT = 1600;

it(`stores each of ${TOTAL} concurrent requests acknowledged with 2xx exactly once, and answers none with 5xx`, async () => {
  const keyOf = (i: number) => `load-${i % DISTINCT}-${"k".repeat(4)}`;
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: TOTAL }, async (_, i) => {
      const key = keyOf(i);
      const response = await POST(
        jsonRequest("/api/book-free-demo", { userEmail: `family${i % DISTINCT}@example.com`, course: "not-sure", grade: (i % 12) + 1 }, { headers: { "idempotency-key": key } }),
      );
      const body = (await response.json()) as { id?: string; message?: unknown };
      return { key, status: response.status, id: body.id, message: body.message };
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  console.log(`[concurrency] ${TOTAL} requests on ${database.kind} in ${seconds.toFixed(1)} s (${Math.round(TOTAL / seconds)} req/s)`);

  expect(answers.filter((a) => a.status >= 500)).toEqual([]);
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

  const stored = await database.db
    .select({ id: demoRequests.id, key: demoRequests.idempotencyKey })
    .from(demoRequests)
    .where(inArray(demoRequests.id, [...idByKey.values()]));
  expect(stored).toHaveLength(DISTINCT);
  expect(new Map(stored.map((row) => [row.key, row.id]))).toEqual(idByKey);
  expect((await database.db.select({ n: count() }).from(demoRequests))[0]?.n).toBe(DISTINCT);
}, 120_000);
