import fc from "fast-check";
import { count } from "drizzle-orm";

import { logEvents } from "@/lib/platform/db/schema";
import { jsonRequest, openTestDatabase } from "@/test/database";
import { hostileObject, hostileRawBody, isPrototypeClean } from "@/test/hostile-payloads";

import { POST } from "./route";

/**
 * Issue 6: thousands of generated payloads against the real route and a real database: 201 or
 * 4xx with a JSON message, never 5xx, and a refused event stores nothing. Rate limits are off in
 * Jest (test/jest-env.ts) on purpose: every request comes from one address.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const countEvents = async () => (await database.db.select({ n: count() }).from(logEvents))[0]?.n ?? 0;

const eventBody = fc.oneof(
  {
    weight: 4,
    arbitrary: hostileObject({
      eventName: fc.constantFrom("Log Out", "Page View", "Ünïcödé 😀"),
      userId: fc.constantFrom("42", 7, null, ""),
      currentUrl: fc.constantFrom("http://localhost:3000/", null),
      additionalInfo: fc.jsonValue({ maxDepth: 3 }),
    }),
  },
  { weight: 1, arbitrary: hostileRawBody },
);

describe("POST /api/v1/logevent under generated hostile input", () => {
  it("answers 201 or 4xx with a JSON message, never 5xx, and stores a row only for a 201", async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(eventBody, async (raw) => {
        const before = await countEvents();
        const response = await POST(jsonRequest("/api/v1/logevent", null, { raw }));
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        const answer = await response.json();
        expect(typeof answer.message).toBe("string");
        expect(answer.ok).toBe(response.status < 400);
        expect(await countEvents()).toBe(before + (response.status === 201 ? 1 : 0));
        expect(isPrototypeClean()).toBe(true);
      }),
      { numRuns: Number(process.env.NUM_RUNS ?? 2000), timeout: 5000 },
    );
    expect(statuses.get(201) ?? 0).toBeGreaterThan(100);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(300);
  }, 120_000);
});
