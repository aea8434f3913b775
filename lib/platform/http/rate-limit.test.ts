import { count, sql } from "drizzle-orm";

import type { openTestDatabase } from "@/test/database";

// The sign-up and reset forms call server actions: their request is next/headers' (the address) and their session next-auth's.
jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

/**
 * Issue 6: per-address limits on the demo and log-event endpoints, counted in the database
 * (so they hold across instances), answered with 429, a JSON message and Retry-After.
 */
type Modules = {
  limits: typeof import("./rate-limit");
  actions: typeof import("@/test/action-context");
  schema: typeof import("@/lib/platform/db/schema");
  testing: typeof import("@/test/database");
};
let m: Modules;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  // lib/platform/env.ts reads the environment once, at import (jest-env.ts turns the limits off for other tests).
  process.env.RATE_LIMITS = "on";
  jest.resetModules();
  m = {
    limits: await import("./rate-limit"),
    actions: await import("@/test/action-context"),
    schema: await import("@/lib/platform/db/schema"),
    testing: await import("@/test/database"),
  };
  database = await m.testing.openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  process.env.RATE_LIMITS = "off";
});
beforeEach(async () => {
  for (const table of ["rate_limits", "demo_requests", "log_events"]) await database.db.execute(sql.raw(`delete from ${table}`));
});

/**
 * The limits count in fixed windows of the wall clock: a test that sends a whole quota waits out
 * the last seconds of a window first, so its requests cannot straddle two windows.
 */
async function startWellInsideWindow(windowSeconds: number, needMs = 5000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const from = (address: string, headers: Record<string, string> = {}) => ({ headers: { "x-forwarded-for": address, ...headers } });

async function countRows(table: "demo_requests" | "log_events") {
  const from = table === "demo_requests" ? m.schema.demoRequests : m.schema.logEvents;
  return (await database.db.select({ n: count() }).from(from))[0]?.n ?? 0;
}

describe("rate limits (lib/platform/http/rate-limit.ts)", () => {
  const rule = { name: "t", limit: 5, windowSeconds: 60 };

  it("counts concurrent requests atomically: exactly the limit passes", async () => {
    const now = new Date("2026-01-01T10:00:30Z");
    const decisions = await Promise.all(Array.from({ length: 40 }, () => m.limits.hitRateLimit(database.db, rule, "198.51.100.1", now)));
    expect(decisions.map((d) => d.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(decisions.filter((d) => d.isAllowed)).toHaveLength(5);
    // Retry-After is the rest of the fixed window.
    expect(decisions.every((d) => d.retryAfterSeconds === 30)).toBe(true);
  });

  it("starts afresh in the next window and keeps addresses apart", async () => {
    const late = new Date("2026-01-01T10:00:59.500Z");
    for (let i = 0; i < 5; i += 1) await m.limits.hitRateLimit(database.db, rule, "198.51.100.2", late);
    expect((await m.limits.hitRateLimit(database.db, rule, "198.51.100.2", late)).isAllowed).toBe(false);
    expect((await m.limits.hitRateLimit(database.db, rule, "198.51.100.3", late)).isAllowed).toBe(true);
    const next = await m.limits.hitRateLimit(database.db, rule, "198.51.100.2", new Date("2026-01-01T10:01:00Z"));
    expect(next).toEqual({ isAllowed: true, count: 1, retryAfterSeconds: 60 });
  });

  it("prunes windows that have ended and keeps the current ones", async () => {
    const now = new Date();
    await m.limits.hitRateLimit(database.db, rule, "old", new Date(now.getTime() - 2 * 60 * 60_000));
    await m.limits.hitRateLimit(database.db, rule, "current", now);
    await m.limits.pruneRateLimits(database.db, now);
    const keys = await database.db.select({ key: m.schema.rateLimits.key }).from(m.schema.rateLimits);
    expect(keys).toEqual([{ key: "t:current" }]);
  });

  it("keys the client by the address the nearest trusted proxy recorded", () => {
    const request = (headers: Record<string, string>) => new Request("http://localhost:3000/api/x", { headers });
    const { clientAddress } = m.limits;
    // A client-sent entry on the left cannot move the key: the proxy appended the real one.
    expect(clientAddress(request({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }), [])).toBe("203.0.113.9");
    expect(clientAddress(request({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" }), ["10.0.0.0/8"])).toBe("203.0.113.9");
    expect(clientAddress(request({ "x-forwarded-for": "::ffff:127.0.0.1" }), [])).toBe("127.0.0.1");
    // One IPv6 subscriber gets a /64: its addresses share one counter.
    expect(clientAddress(request({ "x-forwarded-for": "2001:db8:0:1:aaaa::1" }), [])).toBe("2001:db8:0:1::/64");
    expect(clientAddress(request({ "x-forwarded-for": "2001:db8:0:1::ffff" }), [])).toBe("2001:db8:0:1::/64");
    expect(clientAddress(request({ "x-real-ip": "192.0.2.4" }), [])).toBe("192.0.2.4");
    expect(clientAddress(request({}), [])).toBe("unknown");
    // Server actions have the headers alone (next/headers): the same reading.
    expect(m.limits.clientAddressOf(new Headers({ "x-forwarded-for": "6.6.6.6, 2001:db8:0:1::9" }), [])).toBe("2001:db8:0:1::/64");
  });
});

describe("IPv6 limits per /48 as well as per /64 (issue: one allocation rotating through its /64s)", () => {
  const rule = { name: "v6", limit: 5, windowSeconds: 600 };
  const send = (address: string) =>
    m.limits.enforceRateLimit(
      rule,
      m.limits.clientAddress(new Request("http://localhost:3000/api/x", { headers: { "x-forwarded-for": address } }), []),
    );

  it("refuses a fresh /64 once its /48 has used 8 times the limit, and still lets another /48 in", async () => {
    await startWellInsideWindow(600, 20_000);
    // Eight /64s of 2001:db8:aa::/48 each send their whole quota: all allowed.
    for (let subnet = 0; subnet < m.limits.IPV6_48_LIMIT_FACTOR; subnet += 1) {
      for (let i = 0; i < rule.limit; i += 1) await expect(send(`2001:db8:aa:${subnet.toString(16)}::${i + 1}`)).resolves.toBeUndefined();
    }
    // A ninth /64 of the same /48 has sent nothing yet, and is refused all the same.
    await expect(send("2001:db8:aa:ff::1")).rejects.toMatchObject({
      code: "rate-limited",
      message: expect.stringMatching(/^Too many requests /),
    });
    await expect(send("2001:db8:aa:1234:5678::1")).rejects.toMatchObject({ code: "rate-limited" });
    // Another /48 (another customer) is not held back.
    await expect(send("2001:db8:ab:1::1")).resolves.toBeUndefined();
    const keys = (await database.db.select({ key: m.schema.rateLimits.key }).from(m.schema.rateLimits)).map((row) => row.key);
    expect(keys).toEqual(expect.arrayContaining(["v6:2001:db8:aa::/48", "v6:2001:db8:aa:ff::/64", "v6:2001:db8:ab::/48"]));
  });

  it("still refuses one /64 at the rule's own limit", async () => {
    await startWellInsideWindow(600, 10_000);
    for (let i = 0; i < rule.limit; i += 1) await send(`2001:db8:cc:1::${i + 1}`);
    await expect(send("2001:db8:cc:1::99")).rejects.toMatchObject({ code: "rate-limited" });
    await expect(send("2001:db8:cc:2::1")).resolves.toBeUndefined();
  });

  it("keys IPv4 addresses and other keys with one counter", () => {
    expect(m.limits.rateLimitBuckets(rule, "203.0.113.9").map((b) => b.key)).toEqual(["203.0.113.9"]);
    expect(m.limits.rateLimitBuckets(rule, "2001:db8:0:1::/64")).toEqual([
      { rule, key: "2001:db8:0:1::/64" },
      { rule: { ...rule, limit: 40 }, key: "2001:db8:0::/48" },
    ]);
  });
});

describe("the demo and log-event endpoints under their limits", () => {
  const lead = { userEmail: "limit@example.com", course: "not-sure" };

  it("answers the 11th demo request in 10 minutes from one address with 429, a JSON message and Retry-After, storing nothing", async () => {
    const { POST } = await import("@/app/api/book-free-demo/route");
    const { jsonRequest } = m.testing;
    await startWellInsideWindow(600);
    for (let i = 0; i < 10; i += 1) {
      // Another family each time: a repeat of one lead within a day updates it (200), a new one is created (201).
      expect(
        (await POST(jsonRequest("/api/book-free-demo", { ...lead, userEmail: `limit-${i}@example.com` }, from("203.0.113.50")))).status,
      ).toBe(201);
    }
    const refused = await POST(jsonRequest("/api/book-free-demo", lead, from("203.0.113.50")));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await refused.json()).toEqual({
      ok: false,
      message: expect.stringMatching(/^Too many requests .* try again in \d+ (minute|second)s?\.$/),
    });
    expect(await countRows("demo_requests")).toBe(10);
    // Another family is not held back.
    expect((await POST(jsonRequest("/api/book-free-demo", lead, from("203.0.113.51")))).status).toBe(201);
  });

  it("counts invalid and bot requests too, so garbage cannot probe for free", async () => {
    const { POST } = await import("@/app/api/book-free-demo/route");
    for (let i = 0; i < 10; i += 1) await POST(m.testing.jsonRequest("/api/book-free-demo", { nonsense: i }, from("203.0.113.60")));
    expect((await POST(m.testing.jsonRequest("/api/book-free-demo", lead, from("203.0.113.60")))).status).toBe(429);
    expect(await countRows("demo_requests")).toBe(0);
  });

  it("holds across instances: two copies of the route share the database's counter", async () => {
    // Each copy has its own module state, as a second instance would; only the database is shared.
    const load = async () => {
      let route: typeof import("@/app/api/v1/logevent/route") | undefined;
      await jest.isolateModulesAsync(async () => {
        route = await import("@/app/api/v1/logevent/route");
      });
      if (!route) throw new Error("route not loaded");
      return route;
    };
    const first = await load();
    const second = await load();
    await startWellInsideWindow(60);
    expect(first.POST).not.toBe(second.POST);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      const instance = i % 2 === 0 ? first : second;
      statuses.push(
        (await instance.POST(m.testing.jsonRequest("/api/v1/logevent", { eventName: "Page View" }, from("203.0.113.70")))).status,
      );
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(120);
    expect(statuses.at(-1)).toBe(429);
    expect(await countRows("log_events")).toBe(120);
  });

  it("answers the 121st event in a minute from one address with 429, a JSON message and Retry-After, storing nothing", async () => {
    const { POST } = await import("@/app/api/v1/logevent/route");
    const event = () => m.testing.jsonRequest("/api/v1/logevent", { eventName: "Page View" }, from("203.0.113.80"));
    await startWellInsideWindow(60);
    for (let i = 0; i < 120; i += 1) expect((await POST(event())).status).toBe(201);
    const refused = await POST(event());
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({
      ok: false,
      message: expect.stringMatching(/^Too many requests .* try again in \d+ (minute|second)s?\.$/),
    });
    expect(await countRows("log_events")).toBe(120);
  });

  it.each([
    ["demo", "/api/book-free-demo", { userEmail: "limit@example.com", course: "not-sure" }, 10],
    ["log-event", "/api/v1/logevent", { eventName: "Page View" }, 120],
  ] as const)("does not count cross-site %s posts: another site cannot use up its visitors' quota", async (_name, path, body, limit) => {
    const route: { POST(request: Request): Promise<Response> } =
      path === "/api/book-free-demo" ? await import("@/app/api/book-free-demo/route") : await import("@/app/api/v1/logevent/route");
    const visitor = "203.0.113.90";
    await startWellInsideWindow(path === "/api/book-free-demo" ? 600 : 60);
    // A page elsewhere makes the visitor's browser post, many times over; each is refused before counting.
    for (let i = 0; i < limit + 5; i += 1) {
      const crossSite = await route.POST(m.testing.jsonRequest(path, body, from(visitor, { origin: "https://evil.example" })));
      expect(crossSite.status).toBe(403);
      expect(crossSite.headers.get("retry-after")).toBeNull();
    }
    expect(await database.db.select().from(m.schema.rateLimits)).toEqual([]);
    // The visitor's own requests keep their whole quota.
    // Another family each time for the demo: a repeat of one lead within a day updates it (200) instead of making one (201).
    const own = (i: number) => ("userEmail" in body ? { ...body, userEmail: `quota-${i}@example.com` } : body);
    for (let i = 0; i < limit; i += 1) expect((await route.POST(m.testing.jsonRequest(path, own(i), from(visitor)))).status).toBe(201);
    expect((await route.POST(m.testing.jsonRequest(path, body, from(visitor)))).status).toBe(429);
  });
});

describe("the sign-up and password-reset actions under their limits", () => {
  const newAccount = () => ({
    displayName: "Limit Parent",
    email: `limit.${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: "good-password-1",
  });
  const tooMany = {
    ok: false,
    message: expect.stringMatching(/^Too many requests .* try again in \d+ (minute|second)s?\.$/),
    retryAfterSeconds: expect.any(Number),
  };

  it("refuses the 21st sign-up in 10 minutes from one address and creates no account; another address signs up", async () => {
    const { signUpAction } = await import("@/app/(auth)/signup/actions");
    const signUp = (input: unknown, address: string) => {
      m.actions.actingFrom(address, null);
      return signUpAction(input);
    };
    const { users } = m.schema;
    await startWellInsideWindow(600, 20_000);
    // Invalid input counts too (as on the demo form); the 20th request is a real sign-up.
    for (let i = 0; i < 19; i += 1) expect(await signUp({ email: "nope" }, "203.0.113.100")).toMatchObject({ ok: false, fieldErrors: {} });
    expect(await signUp(newAccount(), "203.0.113.100")).toEqual({ ok: true, message: "Your account has been created." });
    const refusedAccount = newAccount();
    const refused = await signUp(refusedAccount, "203.0.113.100");
    expect(refused).toEqual(tooMany);
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(0);
    const stored = await database.db.select({ email: users.email }).from(users);
    expect(stored.map((u) => u.email)).not.toContain(refusedAccount.email);
    expect(await signUp(newAccount(), "203.0.113.101")).toMatchObject({ ok: true });
  });

  it("refuses the 11th password reset in 10 minutes from one address; another address is answered as usual", async () => {
    const { requestPasswordResetAction } = await import("@/app/(auth)/signin/actions");
    const { RESET_SENT_MESSAGE } = await import("@/lib/platform/auth/schema");
    // A different mailbox each time, so only the per-address rule is in play.
    const reset = (address: string) => {
      m.actions.actingFrom(address, null);
      return requestPasswordResetAction({ email: `nobody.${Math.random().toString(36).slice(2, 10)}@example.com` });
    };
    await startWellInsideWindow(600, 20_000);
    for (let i = 0; i < 10; i += 1) expect(await reset("203.0.113.110")).toEqual({ ok: true, message: RESET_SENT_MESSAGE });
    const refused = await reset("203.0.113.110");
    expect(refused).toEqual(tooMany);
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(await reset("203.0.113.111")).toEqual({ ok: true, message: RESET_SENT_MESSAGE });
  });

  it("sends one mailbox at most 3 reset emails in 10 minutes, from any number of addresses, and keeps no email address in the table", async () => {
    const { requestPasswordResetAction } = await import("@/app/(auth)/signin/actions");
    const reset = (email: string, address: string) => {
      m.actions.actingFrom(address, null);
      return requestPasswordResetAction({ email });
    };
    await startWellInsideWindow(600, 20_000);
    for (let i = 0; i < 3; i += 1) expect(await reset("target@example.com", `198.51.100.${20 + i}`)).toMatchObject({ ok: true });
    const refused = await reset("Target@Example.com", "198.51.100.30");
    // About the mailbox, not the visitor's network: this visitor sent one request.
    expect(refused).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^Too many reset emails have been sent to this address\. Please try again in \d+ (minute|second)s?\.$/,
      ),
      retryAfterSeconds: expect.any(Number),
    });
    // Another mailbox from the same address is answered as usual.
    expect(await reset("someone.else@example.com", "198.51.100.30")).toMatchObject({ ok: true });
    const keys = (await database.db.select({ key: m.schema.rateLimits.key }).from(m.schema.rateLimits)).map((row) => row.key);
    expect(keys.some((key) => key.includes("@"))).toBe(false);
  });
});
