import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

import { createClient } from "redis";

import { allowedLinkHosts } from "@/lib/platform/db/schema";
import { allowedLinkHostList, forgetAllowedLinkHosts, LINK_HOSTS_TAG } from "@/lib/platform/security/allowed-hosts";
import { openTestDatabase } from "@/test/database";

/**
 * Issue 40: an admin's change of the link allow-list reaches every instance at once, not up to a
 * minute late. The change's reaction expires the tag `link-hosts` through the cache handler's
 * expireTags (lib/reactions/link-hosts.ts), which publishes it on Redis as it does every page
 * revalidation; each instance's handler copies it into its tag manifest, and its cached list is
 * read again. Here this Jest process is one instance (its handler subscribed to a Redis of the
 * test's own) and a separate Node process, the instance that delivered the reaction, expires the tag.
 */
// Not under the moved clocks of test:unit's other legs (faketime: redis-server hangs there; this test
// is about instances, not clocks), nor where Redis is not installed.
const hasRedis = !process.env.TEST_CLOCK && spawnSync("redis-server", ["--version"], { timeout: 5_000 }).status === 0;
const root = path.join(__dirname, "../..");
const SLOT = Symbol.for("brightside.shared-cache");

interface SharedState {
  client: { isReady: boolean; quit(): Promise<unknown> };
  subscriber: { quit(): Promise<unknown> };
}
const sharedState = () => (globalThis as unknown as Record<symbol, SharedState | undefined>)[SLOT];

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let redis: ChildProcess | undefined;
let redisUrl = "";
const previousRedisUrl = process.env.REDIS_URL;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(check: () => Promise<T | undefined | false>, what: string, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Another instance: a Node process of its own, with the same REDIS_URL, expiring the tag as the reaction does. */
function expireOnAnotherInstance(tag: string): Promise<void> {
  const script = `
    const { expireTags } = await import(${JSON.stringify(path.join(root, "cache-handler.mjs"))});
    await expireTags([]);
    const state = globalThis[Symbol.for("brightside.shared-cache")];
    while (!state.client.isReady) await new Promise((r) => setTimeout(r, 20));
    await expireTags([${JSON.stringify(tag)}]);
    await state.client.quit();
    process.exit(0);
  `;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--input-type=module", "-e", script],
      { cwd: root, env: { ...process.env, REDIS_URL: redisUrl }, timeout: 20_000 },
      (error, _out, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve()),
    );
  });
}

(hasRedis ? describe : describe.skip)("the link allow-list across instances (Redis)", () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    const port = await freePort();
    redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    redisUrl = `redis://127.0.0.1:${port}`;
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(port, "127.0.0.1", () => resolve(Boolean(socket.end())));
          socket.on("error", () => resolve(false));
        }),
      "the test's Redis",
    );
    const probe = createClient({ url: redisUrl });
    probe.on("error", () => undefined);
    await probe.connect();
    // This process as an instance: its cache handler, connected and subscribed to the revalidations.
    process.env.REDIS_URL = redisUrl;
    const { expireTags } = await import("@/cache-handler.mjs");
    await expireTags([]);
    await until(async () => sharedState()?.client.isReady, "this instance's Redis connection");
    await until(async () => {
      const subscribers = (await probe.sendCommand(["PUBSUB", "NUMSUB", "next-cache:tags"])) as [string, number];
      return Number(subscribers[1]) >= 1;
    }, "this instance's subscription");
    await probe.quit();
  }, 30_000);

  afterAll(async () => {
    const state = sharedState();
    await state?.subscriber.quit().catch(() => undefined);
    await state?.client.quit().catch(() => undefined);
    if (previousRedisUrl === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = previousRedisUrl;
    redis?.kill();
    await database?.dispose();
  });

  it("a change expired on another instance is read here at once, not a minute later", async () => {
    forgetAllowedLinkHosts();
    const before = await allowedLinkHostList();
    // The change, made (and its reaction delivered) elsewhere: this instance's copy does not see it...
    await database.db.insert(allowedLinkHosts).values({ host: "pianofun.example.org" });
    expect(await allowedLinkHostList()).toEqual(before);
    // ...until the other instance expires the tag through its cache handler.
    const expiredAt = Date.now();
    await expireOnAnotherInstance(LINK_HOSTS_TAG);
    await until(async () => (await allowedLinkHostList()).includes("pianofun.example.org"), "the new list on this instance", 3_000);
    expect(Date.now() - expiredAt).toBeLessThan(10_000);
  }, 40_000);
});
