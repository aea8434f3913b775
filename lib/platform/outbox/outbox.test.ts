import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { eq, isNull } from "drizzle-orm";

import { demoRequests, outbox } from "@/lib/platform/db/schema";
import { httpForwarder } from "@/lib/demo-requests/forward";
import { jsonRequest, type openTestDatabase } from "@/test/database";

import { backoffMs, deliverDue, LEASE_MS, listDeadLetters, MAX_ATTEMPTS, PermanentDeliveryError, retryDeadLetter } from "./outbox";

/** A stand-in CRM on loopback that can be switched down and up and counts what it received. */
function fakeCrm() {
  const received: Array<{ key: string | undefined; body: { userEmail: string } }> = [];
  let isUp = false;
  const server: Server = createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      if (!isUp) {
        res.writeHead(503).end("down for maintenance");
        return;
      }
      received.push({ key: req.headers["idempotency-key"] as string | undefined, body: JSON.parse(data) });
      res.writeHead(202).end("{}");
    });
  });
  return {
    received,
    setUp: (up: boolean) => (isUp = up),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const crm = fakeCrm();
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let crmUrl: string;

beforeAll(async () => {
  crmUrl = await crm.start();
  // lib/platform/env.ts reads the environment once, at import: load the app's modules afresh after setting it.
  process.env.DEMO_FORWARD_URL = crmUrl;
  jest.resetModules();
  database = await (await import("@/test/database")).openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  await crm.stop();
  delete process.env.DEMO_FORWARD_URL;
});

describe("the outbox", () => {
  it("backs off 15 s, 30 s, 1 min ... up to an hour", () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(backoffMs(30)).toBe(60 * 60_000);
  });

  it("keeps demo requests while the forward target is down and delivers each exactly once when it is back", async () => {
    const { POST } = await import("@/app/api/book-free-demo/route");
    for (const email of ["one@example.com", "two@example.com", "three@example.com"]) {
      const response = await POST(jsonRequest("/api/book-free-demo", { userEmail: email, course: "not-sure" }));
      expect(response.status).toBe(201);
    }
    expect(await database.db.select().from(demoRequests)).toHaveLength(3);
    const send = httpForwarder(crmUrl);
    const senders = { "demo_request.forward": send };
    let now = new Date();

    // The target is down: every attempt fails, nothing is lost, each row waits for its backoff.
    crm.setUp(false);
    expect(await deliverDue(database.db, senders, { now })).toEqual({ delivered: 0, failed: 3 });
    // Only the forwards: each request also queued its "request received" email, which no sender here takes.
    const forwards = eq(outbox.topic, "demo_request.forward");
    let rows = await database.db.select().from(outbox).where(forwards);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.deliveredAt === null && r.attempts === 1 && r.lastError?.includes("503"))).toBe(true);
    // Not due yet: nothing is retried before the backoff has passed.
    expect(await deliverDue(database.db, senders, { now })).toEqual({ delivered: 0, failed: 0 });

    now = new Date(now.getTime() + backoffMs(1) + 1);
    expect(await deliverDue(database.db, senders, { now })).toEqual({ delivered: 0, failed: 3 });

    // Back up: all three arrive, once each, with their idempotency keys.
    crm.setUp(true);
    now = new Date(now.getTime() + backoffMs(2) + 1);
    expect(await deliverDue(database.db, senders, { now })).toEqual({ delivered: 3, failed: 0 });
    now = new Date(now.getTime() + 24 * 60 * 60_000);
    expect(await deliverDue(database.db, senders, { now })).toEqual({ delivered: 0, failed: 0 });

    expect(crm.received.map((r) => r.body.userEmail).sort()).toEqual(["one@example.com", "three@example.com", "two@example.com"]);
    expect(new Set(crm.received.map((r) => r.key)).size).toBe(3);
    rows = await database.db.select().from(outbox).where(forwards);
    expect(rows.every((r) => r.deliveredAt !== null && r.attempts === 3)).toBe(true);
  });

  it("does not hand a leased row to a second worker until the lease runs out", async () => {
    await database.db.delete(outbox);
    await database.db.insert(outbox).values({ topic: "t", dedupeKey: "lease-1", payload: { n: 1 } });
    const now = new Date(Date.now() + 1000);
    let release: () => void = () => undefined;
    const slow = () => new Promise<void>((resolve) => (release = resolve));
    const first = deliverDue(database.db, { t: slow }, { now });
    // Let the first worker claim the row before the second looks.
    await new Promise((r) => setTimeout(r, 50));
    const calls: string[] = [];
    expect(await deliverDue(database.db, { t: async (m) => void calls.push(m.dedupeKey) }, { now })).toEqual({ delivered: 0, failed: 0 });
    release();
    expect(await first).toEqual({ delivered: 1, failed: 0 });
    expect(
      await deliverDue(database.db, { t: async (m) => void calls.push(m.dedupeKey) }, { now: new Date(now.getTime() + LEASE_MS + 1) }),
    ).toEqual({ delivered: 0, failed: 0 });
    expect(calls).toEqual([]);
  });

  it("delivers every message exactly once when two workers race against a slow target", async () => {
    await database.db.delete(outbox);
    const target = slowTarget(120);
    const url = await target.start();
    try {
      const keys = Array.from({ length: 12 }, (_, i) => `race-${i}`);
      await database.db
        .insert(outbox)
        .values(keys.map((dedupeKey) => ({ topic: "t", dedupeKey, payload: { dedupeKey }, nextAttemptAt: new Date(Date.now() - 1000) })));
      const senders = { t: httpForwarder(url) };
      // Batches of 4 sent 2 at a time (240 ms) under a lease shorter than the whole queue (12 sends
      // of 120 ms one after another): both workers claim batches while the other one sends.
      const worker = async () => {
        let delivered = 0;
        for (let round = 0; round < 50; round += 1) {
          const report = await deliverDue(database.db, senders, { leaseMs: 800, batchSize: 4, concurrency: 2 });
          delivered += report.delivered;
          const [left] = await database.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.deliveredAt)).limit(1);
          if (!left) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        return delivered;
      };
      const [first, second] = await Promise.all([worker(), worker()]);
      expect(first + second).toBe(keys.length);
      // Both took part, and the target saw each message once.
      expect(first).toBeGreaterThan(0);
      expect(second).toBeGreaterThan(0);
      expect([...target.received].sort()).toEqual([...keys].sort());
      const rows = await database.db.select().from(outbox);
      expect(rows.every((r) => r.deliveredAt !== null && r.attempts === 1 && r.leaseToken === null)).toBe(true);
    } finally {
      await target.stop();
    }
  });

  it("claims a batch under one lease, sends it at most `concurrency` at a time, and records each row's own outcome", async () => {
    await database.db.delete(outbox);
    const due = new Date(Date.now() - 1000);
    // Attempts already made before this round: a fresh row, a row on its sixth try, one about to be dead-lettered.
    const seeded = [
      { key: "mix-ok-1", attempts: 0 },
      { key: "mix-ok-2", attempts: 2 },
      { key: "mix-fail-fresh", attempts: 0 },
      { key: "mix-fail-sixth", attempts: 5 },
      { key: "mix-fail-last", attempts: MAX_ATTEMPTS - 1 },
      ...Array.from({ length: 7 }, (_, i) => ({ key: `mix-ok-more-${i}`, attempts: 0 })),
    ];
    await database.db
      .insert(outbox)
      .values(seeded.map(({ key, attempts }) => ({ topic: "t", dedupeKey: key, payload: { key }, attempts, nextAttemptAt: due })));
    let inFlight = 0;
    let mostInFlight = 0;
    const send = async (m: { dedupeKey: string }) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 30));
      inFlight -= 1;
      if (m.dedupeKey.startsWith("mix-fail")) throw new Error(`refused ${m.dedupeKey}`);
    };
    const now = new Date();
    expect(await deliverDue(database.db, { t: send }, { now, batchSize: 12, concurrency: 3 })).toEqual({ delivered: 9, failed: 3 });
    expect(mostInFlight).toBe(3);

    const rows = new Map((await database.db.select().from(outbox)).map((row) => [row.dedupeKey, row]));
    expect(rows.get("mix-ok-2")).toMatchObject({
      deliveredAt: expect.any(Date),
      attempts: 3,
      lastError: null,
      leaseToken: null,
      lockedUntil: null,
    });
    expect(rows.get("mix-fail-fresh")).toMatchObject({
      deliveredAt: null,
      deadAt: null,
      attempts: 1,
      lastError: "refused mix-fail-fresh",
      nextAttemptAt: new Date(now.getTime() + backoffMs(1)),
      leaseToken: null,
    });
    expect(rows.get("mix-fail-sixth")).toMatchObject({ attempts: 6, deadAt: null, nextAttemptAt: new Date(now.getTime() + backoffMs(6)) });
    expect(rows.get("mix-fail-last")).toMatchObject({ attempts: MAX_ATTEMPTS, deadAt: now, lastError: "refused mix-fail-last" });
    expect([...rows.values()].filter((row) => row.deliveredAt !== null)).toHaveLength(9);
  });

  it("hands back, untried, the rows of a batch it could not start while enough of the lease was left", async () => {
    await database.db.delete(outbox);
    const due = new Date(Date.now() - 1000);
    await database.db
      .insert(outbox)
      .values(Array.from({ length: 6 }, (_, i) => ({ topic: "t", dedupeKey: `window-${i}`, payload: {}, nextAttemptAt: due })));
    const sent: string[] = [];
    // One at a time, each taking longer than half the lease: only the first starts in the window.
    const slow = async (m: { dedupeKey: string }) => {
      sent.push(m.dedupeKey);
      await new Promise((r) => setTimeout(r, 300));
    };
    expect(await deliverDue(database.db, { t: slow }, { leaseMs: 400, batchSize: 6, concurrency: 1 })).toEqual({ delivered: 1, failed: 0 });
    expect(sent).toEqual(["window-0"]);
    const waiting = await database.db.select().from(outbox).where(isNull(outbox.deliveredAt));
    expect(waiting).toHaveLength(5);
    // Due again at once for any worker, with no attempt counted.
    expect(
      waiting.every((row) => row.attempts === 0 && row.leaseToken === null && row.lockedUntil === null && row.lastError === null),
    ).toBe(true);
  });

  it("delivers a stalled worker's batch once its lease runs out, and the stalled worker then records nothing", async () => {
    await database.db.delete(outbox);
    const due = new Date(Date.now() - 1000);
    const keys = Array.from({ length: 5 }, (_, i) => `stall-${i}`);
    await database.db.insert(outbox).values(keys.map((dedupeKey) => ({ topic: "t", dedupeKey, payload: {}, nextAttemptAt: due })));
    const now = new Date();
    // The first worker claims the whole batch and hangs in its sends (as a crashed one would never return).
    let wake: () => void = () => undefined;
    const hung = new Promise<void>((resolve) => (wake = resolve));
    const stalled = deliverDue(database.db, { t: () => hung.then(() => Promise.reject(new Error("too late"))) }, { now, concurrency: 5 });
    await new Promise((r) => setTimeout(r, 100));
    const second: string[] = [];
    const take = async (m: { dedupeKey: string }) => void second.push(m.dedupeKey);
    // Held: nothing for another worker while the lease lasts.
    expect(await deliverDue(database.db, { t: take }, { now: new Date(now.getTime() + LEASE_MS - 1000) })).toEqual({
      delivered: 0,
      failed: 0,
    });
    // Expired: another worker delivers all of it.
    expect(await deliverDue(database.db, { t: take }, { now: new Date(now.getTime() + LEASE_MS + 1) })).toEqual({
      delivered: 5,
      failed: 0,
    });
    expect(second.sort()).toEqual(keys);
    // The stalled worker's late failures do not touch the delivered rows.
    wake();
    expect(await stalled).toEqual({ delivered: 0, failed: 0 });
    const rows = await database.db.select().from(outbox);
    expect(rows.every((row) => row.deliveredAt !== null && row.attempts === 1 && row.lastError === null)).toBe(true);
  });

  it("records nothing when the lease was lost during the send: the new holder's claim stands", async () => {
    await database.db.delete(outbox);
    // Due a second ago (see "backs off" below: PostgreSQL's now() has microseconds).
    await database.db.insert(outbox).values({ topic: "t", dedupeKey: "lost-1", payload: {}, nextAttemptAt: new Date(Date.now() - 1000) });
    const otherLease = new Date(Date.now() + LEASE_MS);
    // While this worker sends, its lease runs out and another worker claims the row.
    const send = async () => {
      await database.db.update(outbox).set({ leaseToken: "another-worker", lockedUntil: otherLease }).where(eq(outbox.dedupeKey, "lost-1"));
    };
    expect(await deliverDue(database.db, { t: send })).toEqual({ delivered: 0, failed: 0 });
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ deliveredAt: null, attempts: 0, leaseToken: "another-worker", lockedUntil: otherLease });
    // The same for a failure: it does not push back the other worker's row.
    const fail = async () => {
      await send();
      throw new Error("boom");
    };
    await database.db.update(outbox).set({ leaseToken: null, lockedUntil: null });
    expect(await deliverDue(database.db, { t: fail })).toEqual({ delivered: 0, failed: 0 });
    expect((await database.db.select().from(outbox))[0]).toMatchObject({ attempts: 0, lastError: null, leaseToken: "another-worker" });
  });

  it("dead-letters a message after MAX_ATTEMPTS failures and does not retry it until an admin does", async () => {
    await database.db.delete(outbox);
    await database.db
      .insert(outbox)
      .values({ topic: "t", dedupeKey: "dead-1", payload: { userEmail: "dead@example.com" }, attempts: MAX_ATTEMPTS - 1 });
    const calls: string[] = [];
    const failing = async (m: { dedupeKey: string }) => {
      calls.push(m.dedupeKey);
      throw new Error("forward target answered 500");
    };
    let now = new Date(Date.now() + 1000);
    expect(await deliverDue(database.db, { t: failing }, { now })).toEqual({ delivered: 0, failed: 1 });
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, deadAt: now, deliveredAt: null, lastError: "forward target answered 500" });

    // Days later, still not retried.
    now = new Date(now.getTime() + 7 * 24 * 60 * 60_000);
    expect(await deliverDue(database.db, { t: failing }, { now })).toEqual({ delivered: 0, failed: 0 });
    expect(calls).toEqual(["dead-1"]);

    // Listed for admins, without the payload.
    const dead = await listDeadLetters(database.db);
    expect(dead).toEqual([
      {
        id: row?.id,
        topic: "t",
        attempts: MAX_ATTEMPTS,
        lastError: "forward target answered 500",
        createdAt: expect.any(Date),
        deadAt: expect.any(Date),
      },
    ]);
    expect(JSON.stringify(dead)).not.toContain("dead@example.com");

    // An admin retries it: due at once, with a fresh count of attempts, and then delivered.
    expect(await retryDeadLetter(database.db, row?.id ?? 0, now)).toEqual({ topic: "t" });
    expect(await retryDeadLetter(database.db, row?.id ?? 0, now)).toBeNull();
    expect(await listDeadLetters(database.db)).toEqual([]);
    const delivered: string[] = [];
    expect(await deliverDue(database.db, { t: async (m) => void delivered.push(m.dedupeKey) }, { now })).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect(delivered).toEqual(["dead-1"]);
    expect((await database.db.select().from(outbox))[0]).toMatchObject({ attempts: 1, deadAt: null, deliveredAt: expect.any(Date) });
  });

  it("dead-letters at once a message its receiver refused for good, and tells the topic's handler of every dead letter once", async () => {
    await database.db.delete(outbox);
    await database.db.insert(outbox).values([
      { topic: "t", dedupeKey: "refused-1", payload: { n: 1 } },
      { topic: "t", dedupeKey: "worn-out-1", payload: { n: 2 }, attempts: MAX_ATTEMPTS - 1 },
      { topic: "t", dedupeKey: "retried-1", payload: { n: 3 } },
    ]);
    const send = async (m: { dedupeKey: string }) => {
      if (m.dedupeKey === "refused-1") throw new PermanentDeliveryError("no such payment");
      throw new Error("down for maintenance");
    };
    const told: Array<[string, unknown, string]> = [];
    const onDeadLetter = {
      t: async (m: { dedupeKey: string; payload: unknown }, _db: unknown, error: string) => void told.push([m.dedupeKey, m.payload, error]),
    };
    const now = new Date(Date.now() + 1000);

    expect(await deliverDue(database.db, { t: send }, { now, onDeadLetter })).toEqual({ delivered: 0, failed: 3 });

    const rows = new Map((await database.db.select().from(outbox)).map((r) => [r.dedupeKey, r]));
    expect(rows.get("refused-1")).toMatchObject({ attempts: 1, deadAt: now, lastError: "no such payment" });
    expect(rows.get("worn-out-1")).toMatchObject({ attempts: MAX_ATTEMPTS, deadAt: now });
    expect(rows.get("retried-1")).toMatchObject({ attempts: 1, deadAt: null });
    expect(told.sort()).toEqual([
      ["refused-1", { n: 1 }, "no such payment"],
      ["worn-out-1", { n: 2 }, "down for maintenance"],
    ]);

    // Later rounds neither send the dead letters again nor tell of them again; a failing handler is only logged.
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    const broken = { t: async () => Promise.reject(new Error("handler down")) };
    await database.db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outbox.dedupeKey, "retried-1"));
    expect(await deliverDue(database.db, { t: send }, { now: new Date(now.getTime() + 60_000), onDeadLetter: broken })).toEqual({
      delivered: 0,
      failed: 1,
    });
    expect(told).toHaveLength(2);
    expect(error.mock.calls.some((call) => String(call[0]).includes("dead-letter handler"))).toBe(true);
    error.mockRestore();
    expect(await listDeadLetters(database.db)).toHaveLength(3);
  });

  it("backs off from when the attempt failed, not from when the round began", async () => {
    await database.db.delete(outbox);
    // Due a second ago: PostgreSQL's default now() has microseconds, so a row made in this very
    // millisecond could still be in the future for a JavaScript Date and not be claimed at all.
    await database.db.insert(outbox).values({ topic: "t", dedupeKey: "late-1", payload: {}, nextAttemptAt: new Date(Date.now() - 1000) });
    const slowFailure = async () => {
      await new Promise((r) => setTimeout(r, 300));
      throw new Error("timeout");
    };
    const startedAt = Date.now();
    await deliverDue(database.db, { t: slowFailure });
    const [row] = await database.db.select().from(outbox);
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(startedAt + 300 + backoffMs(1) - 5);
  });

  it("fails a delivery whose target redirects, and sends nothing to where it pointed", async () => {
    await database.db.delete(outbox);
    const target = slowTarget(0, { redirectTo: "/elsewhere" });
    const url = await target.start();
    try {
      await database.db.insert(outbox).values({
        topic: "t",
        dedupeKey: "redirect-1",
        payload: { userEmail: "lead@example.com" },
        nextAttemptAt: new Date(Date.now() - 1000),
      });
      expect(await deliverDue(database.db, { t: httpForwarder(url) })).toEqual({ delivered: 0, failed: 1 });
      const [row] = await database.db.select().from(outbox);
      expect(row).toMatchObject({ deliveredAt: null, attempts: 1 });
      expect(row?.lastError).toMatch(/redirect/);
      expect(target.redirected).toEqual([]);
    } finally {
      await target.stop();
    }
  });
});

/**
 * A forward target on loopback that answers each POST after `delayMs` and records the
 * Idempotency-Keys it took; with `redirectTo`, it answers 307 there instead and records what
 * arrives at that path.
 */
function slowTarget(delayMs: number, options: { redirectTo?: string } = {}) {
  const received: string[] = [];
  const redirected: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const key = String(req.headers["idempotency-key"]);
      if (options.redirectTo && req.url === options.redirectTo) {
        redirected.push(key);
        res.writeHead(202).end("{}");
        return;
      }
      if (options.redirectTo) {
        res.writeHead(307, { location: options.redirectTo }).end();
        return;
      }
      setTimeout(() => {
        received.push(key);
        res.writeHead(202).end("{}");
      }, delayMs);
    });
  });
  return {
    received,
    redirected,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
