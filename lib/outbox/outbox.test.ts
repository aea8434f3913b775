import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { demoRequests, outbox } from "@/lib/db/schema";
import { httpForwarder } from "@/lib/demo-requests/forward";
import { jsonRequest, type openTestDatabase } from "@/lib/testing/database";

import { backoffMs, deliverDue, LEASE_MS } from "./outbox";

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
    start: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const crm = fakeCrm();
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let crmUrl: string;

beforeAll(async () => {
  crmUrl = await crm.start();
  // lib/env.ts reads the environment once, at import: load the app's modules afresh after setting it.
  process.env.DEMO_FORWARD_URL = crmUrl;
  jest.resetModules();
  database = await (await import("@/lib/testing/database")).openTestDatabase();
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
    let rows = await database.db.select().from(outbox);
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
    rows = await database.db.select().from(outbox);
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
    expect(await deliverDue(database.db, { t: async (m) => void calls.push(m.dedupeKey) }, { now: new Date(now.getTime() + LEASE_MS + 1) })).toEqual({ delivered: 0, failed: 0 });
    expect(calls).toEqual([]);
  });
});
