import fc from "fast-check";
import { count } from "drizzle-orm";

import { demoRequests } from "@/lib/platform/db/schema";
import { isHoneypotFilled } from "@/lib/demo-requests/honeypot";
import { jsonRequest, openTestDatabase } from "@/test/database";
import { hostileHeaderValue, hostileObject, hostileRawBody, isPrototypeClean } from "@/test/hostile-payloads";

import { POST } from "./route";

/**
 * Issue 6: thousands of generated payloads against the real route and a real database. Every
 * answer is 2xx or 4xx with a JSON message, never 5xx; a refused request stores nothing.
 * Rate limits are off in Jest (test/jest-env.ts) on purpose: every request comes from one address.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const countLeads = async () => (await database.db.select({ n: count() }).from(demoRequests))[0]?.n ?? 0;

const demoBody = fc.oneof(
  {
    weight: 4,
    arbitrary: hostileObject({
      name: fc.constantFrom("Asha Rao", "", "Zoë Ñúñez"),
      userEmail: fc.constantFrom("parent@example.com", "a@b.co", "zoë@example.com"),
      number: fc.constantFrom("+1 555 201 3344", "", "(555) 010-0199"),
      course: fc.constantFrom("1", "not-sure", "3"),
      text: fc.constantFrom("Hello", "", "Ünïcödé 😀"),
      type: fc.constantFrom("1 on 1 classes", "Group Classes", "Any of them", ""),
      grade: fc.constantFrom(1, 12, "5", ""),
      sourcePage: fc.constantFrom("/book-free-demo/5", "/join-brightside"),
      website: fc.constantFrom("", "", "", "https://spam.example"),
    }),
  },
  { weight: 1, arbitrary: hostileRawBody },
);

describe("POST /api/book-free-demo under generated hostile input", () => {
  it("answers 2xx or 4xx with a JSON message, never 5xx, and stores a row only for a 201", async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(demoBody, fc.option(hostileHeaderValue, { freq: 3 }), async (raw, key) => {
        const before = await countLeads();
        const response = await POST(
          jsonRequest("/api/book-free-demo", null, { raw, headers: key === null ? {} : { "idempotency-key": key } }),
        );
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
        const answer = await response.json();
        expect(typeof answer.message).toBe("string");
        expect(answer.ok).toBe(response.status < 400);
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          parsed = undefined;
        }
        // 201: a new lead (none for a bot that filled the honeypot); 200: a repeated idempotency key; 4xx: nothing.
        const added = response.status === 201 && !isHoneypotFilled(parsed) ? 1 : 0;
        expect(await countLeads()).toBe(before + added);
        expect(isPrototypeClean()).toBe(true);
      }),
      { numRuns: Number(process.env.NUM_RUNS ?? 2000), timeout: 5000 },
    );
    // The generators reach both sides: accepted leads and refusals.
    expect(statuses.get(201) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(300);
  }, 120_000);
});
