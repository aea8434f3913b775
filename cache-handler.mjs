// Next's cache handler (next.config.ts `cacheHandler`), loaded by Next's server outside the app
// bundle, like next.config.ts itself, so it reads REDIS_URL from the environment (lib/platform/env.ts
// validates it at start). Issue 30: several instances must agree on what is cached.
//
// Without REDIS_URL it is exactly Next's own cache: the file-system cache (memory, then the build's
// prerendered files and what this instance rendered since). With REDIS_URL:
// - entries (pages, route answers, unstable_cache data) are written to Redis as well, and read
//   from it first, so a page rendered on one instance is served by all;
// - tag revalidations (revalidateTag, revalidatePath: Next turns paths into tags) are kept in one
//   Redis hash and published on a channel. Every instance copies them into Next's own in-process
//   tag manifest, the one Next's IncrementalCache consults for every entry it reads, so a
//   revalidation made on one instance expires the entry on all of them within the publish's latency
//   (milliseconds; issue 30 asks for one second).
// - Redis down or slow: every call falls back to this instance's cache (logged once per outage, no
//   error reaches a page). Revalidations made meanwhile are kept and written once Redis is back,
//   and the revalidations others made meanwhile are read back then.
import { createRequire } from "node:module";
import path from "node:path";
import { readFileSync } from "node:fs";

// Node's own require, out of any bundler's sight: Next's server loads this file as it is, and the
// build also compiles a copy into the proxy's bundle. Both must reach the modules Next's runtime
// uses, above all the tag manifest (one Map per process: Next's bundles keep `.external` modules
// outside), not copies of them.
const require = process.getBuiltinModule?.("module").createRequire(path.join(process.cwd(), "noop.js")) ?? createRequire(import.meta.url);
const { tagsManifest } = require("next/dist/server/lib/incremental-cache/tags-manifest.external.js");
const { LRUCache } = require("lru-cache");
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache.js").default;

/** A Redis call slower than this is treated as Redis being down for that call. */
const COMMAND_TIMEOUT_MS = Number(process.env.REDIS_CACHE_TIMEOUT_MS || 500);
/** Entries are written with a time to live, so old builds' entries leave Redis by themselves. */
const ENTRY_TTL_SECONDS = 14 * 24 * 60 * 60;
/** Entries read from Redis kept parsed here, by text size (a course page's entry is about 180 KB). */
const MEMO_MAX_BYTES = 64 * 1024 * 1024;

const redisUrl = process.env.REDIS_URL?.trim() || undefined;
const isBuild = process.env.NEXT_PHASE === "phase-production-build";
const prefix = `${process.env.REDIS_KEY_PREFIX || "next-cache"}`;
const TAGS_KEY = `${prefix}:tags`;
const TAGS_CHANNEL = `${prefix}:tags`;

/**
 * One connection per process: Next makes a handler per request, and loads this module more than
 * once (its page and route runtimes each import it), so the connection is kept on globalThis.
 */
const SLOT = Symbol.for("brightside.shared-cache");

function log(message) {
  console.warn(`[cache] ${message} (process ${process.pid})`);
}

function withTimeout(promise) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from Redis in ${COMMAND_TIMEOUT_MS} ms`)), COMMAND_TIMEOUT_MS);
      timer.unref?.();
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Later wins, field by field: two instances revalidating the same tag keep the latest stale/expired time. */
function mergeTag(tag, incoming) {
  const current = tagsManifest.get(tag) || {};
  const merged = { ...current };
  for (const field of ["stale", "expired"]) {
    const value = incoming?.[field];
    if (typeof value === "number" && !(typeof current[field] === "number" && current[field] >= value)) merged[field] = value;
  }
  tagsManifest.set(tag, merged);
}

function applyTags(serialized) {
  for (const [tag, json] of Object.entries(serialized)) {
    try {
      mergeTag(tag, JSON.parse(json));
    } catch {
      // A malformed field (another version's format): ignored.
    }
  }
}

function connect(url) {
  const { createClient } = require("redis");
  log(`sharing Next's cache through Redis at ${new URL(url).host}`);
  const state = {
    client: undefined,
    down: false,
    /** Revalidations made while Redis was unreachable, written when it is back. */
    pending: new Map(),
  };
  const reconnectStrategy = (retries) => Math.min(100 * 2 ** retries, 2_000);
  const client = createClient({
    url,
    // A command while disconnected fails at once instead of waiting in a queue: the page is served from here.
    disableOfflineQueue: true,
    socket: { connectTimeout: 5_000, reconnectStrategy },
  });
  const subscriber = client.duplicate();
  const markDown = (error) => {
    if (state.down) return;
    state.down = true;
    log(`Redis unreachable (${error?.message || error}): serving from this instance's cache until it is back`);
  };
  client.on("error", markDown);
  subscriber.on("error", () => undefined);
  client.on("ready", () => {
    void resync(state).then(() => {
      if (state.down) log("Redis is back: the cache is shared again");
      state.down = false;
    }, markDown);
  });
  state.client = client;
  // Kept so a test that starts its own Redis can close both connections (lib/safety/link-hosts-instances.test.ts).
  state.subscriber = subscriber;
  client.connect().catch(markDown);
  subscriber
    .connect()
    .then(() =>
      subscriber.subscribe(TAGS_CHANNEL, (message) => {
        try {
          for (const [tag, entry] of Object.entries(JSON.parse(message))) mergeTag(tag, entry);
        } catch {
          // Not ours: ignored.
        }
      }),
    )
    .catch(() => undefined);
  // The connections never keep a process alive on their own (scripts, tests, a server shutting down).
  client.unref();
  subscriber.unref();
  return state;
}

/** After a (re)connection: write this instance's revalidations made meanwhile, then read everyone's. */
async function resync(state) {
  const { client, pending } = state;
  if (pending.size > 0) {
    const batch = [...pending];
    await withTimeout(client.hSet(TAGS_KEY, Object.fromEntries(batch.map(([tag, entry]) => [tag, JSON.stringify(entry)]))));
    await withTimeout(client.publish(TAGS_CHANNEL, JSON.stringify(Object.fromEntries(batch))));
    for (const [tag] of batch) pending.delete(tag);
  }
  applyTags(await withTimeout(client.hGetAll(TAGS_KEY)));
}

/**
 * Workers of one `npm run serve` (WEB_CONCURRENCY, scripts/server.mjs) also pass their
 * revalidations to each other through the cluster's primary: with Redis down, an edit made on one
 * worker still expires the page on its siblings. Installed once per process.
 */
const SIBLINGS = Symbol.for("brightside.shared-cache-siblings");
const TAGS_MESSAGE = "next-cache-tags";
// Read once: Next makes a handler per request, and a require() per construction showed in the profile.
const isWorker = require("node:cluster").isWorker;
function listenToSiblings() {
  if (globalThis[SIBLINGS] || !isWorker) return;
  globalThis[SIBLINGS] = true;
  process.on("message", (message) => {
    if (message?.type !== TAGS_MESSAGE) return;
    for (const [tag, entry] of Object.entries(message.tags ?? {})) mergeTag(tag, entry);
  });
}
function tellSiblings(changed) {
  if (!isWorker || !process.connected) return;
  try {
    process.send({ type: TAGS_MESSAGE, tags: changed });
  } catch {
    // The primary is gone: this worker is ending.
  }
}

function sharedState() {
  listenToSiblings();
  if (!redisUrl || isBuild) return undefined;
  globalThis[SLOT] ??= connect(redisUrl);
  return globalThis[SLOT];
}

const ready = (state) => state && !state.down && state.client.isReady;

// --- Values to and from Redis: buffers (RSC payloads, route bodies) and maps (segment data) kept as such.
function replacer(key, value) {
  const raw = this[key];
  if (raw instanceof Uint8Array) return { $buffer: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString("base64") };
  if (raw instanceof Map) return { $map: [...raw] };
  return value;
}
function reviver(_key, value) {
  if (value && typeof value === "object") {
    if (typeof value.$buffer === "string") return Buffer.from(value.$buffer, "base64");
    if (Array.isArray(value.$map)) return new Map(value.$map);
  }
  return value;
}
export const serializeEntry = (entry) => JSON.stringify(entry, replacer);
export const deserializeEntry = (text) => JSON.parse(text, reviver);

/**
 * Each entry is written with a version of its own (a key beside it, set in the same MULTI), and an
 * entry read from Redis is kept parsed here with its version: a cached page's next request asks
 * Redis for the few bytes of the version, not for the whole entry (HTML, RSC payload, segments,
 * base64) to parse again. Reading every page's full entry on every request made the shared cache
 * cost more CPU than the page itself (issue 30). An entry rewritten by any instance has a new
 * version, so it is read again; tags are checked by Next against its manifest as before.
 */
export const versionKeyOf = (entryKey) => `${entryKey}:version`;
const newVersion = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function createEntryMemo(maxBytes = MEMO_MAX_BYTES) {
  return new LRUCache({ maxSize: maxBytes, sizeCalculation: (memo) => Math.max(1, memo.bytes) });
}

/** The entry at `entryKey` through `memo`; undefined when Redis has none. `client` needs get() only. */
export async function readEntry(client, entryKey, memo) {
  const version = await withTimeout(client.get(versionKeyOf(entryKey)));
  const known = version ? memo.get(entryKey) : undefined;
  if (known && known.version === version) return known.entry;
  const text = await withTimeout(client.get(entryKey));
  if (!text) return undefined;
  const entry = deserializeEntry(text);
  // Without a version (an entry written before versions, or its version key gone): read each time.
  if (version) memo.set(entryKey, { version, entry, bytes: text.length });
  return entry;
}

/** Writes `entry` and a new version of it together. `client` needs multi(). */
export async function writeEntry(client, entryKey, entry) {
  const expiration = { expiration: { type: "EX", value: ENTRY_TTL_SECONDS } };
  await withTimeout(
    client.multi().set(entryKey, serializeEntry(entry), expiration).set(versionKeyOf(entryKey), newVersion(), expiration).exec(),
  );
}

/** One per module instance: Next loads this file in each of its runtimes, and each keeps its own. */
const entryMemo = createEntryMemo();

/** Entries are namespaced by build: a new deploy never serves the previous build's pages. */
const buildIds = new Map();
function buildIdOf(serverDistDir) {
  if (!serverDistDir) return "dev";
  let id = buildIds.get(serverDistDir);
  if (id === undefined) {
    try {
      id = readFileSync(path.join(serverDistDir, "..", "BUILD_ID"), "utf8").trim();
    } catch {
      id = "unknown";
    }
    buildIds.set(serverDistDir, id);
  }
  return id;
}

export default class SharedCacheHandler {
  constructor(context) {
    this.local = new FileSystemCache(context);
    this.shared = sharedState();
    this.entryPrefix = `${prefix}:entry:${buildIdOf(context.serverDistDir)}:`;
  }

  resetRequestCache() {
    this.local.resetRequestCache();
  }

  async get(key, context) {
    const state = this.shared;
    if (ready(state)) {
      try {
        // Tags are checked by Next against the manifest kept in step above; the file-system
        // cache does the same for the entries it returns (also one object for every request).
        const entry = await readEntry(state.client, this.entryPrefix + key, entryMemo);
        if (entry) return entry;
      } catch (error) {
        log(`read failed, served from this instance: ${error?.message || error}`);
      }
    }
    return this.local.get(key, context);
  }

  async set(key, data, context) {
    await this.local.set(key, data, context);
    const state = this.shared;
    if (!ready(state) || !data) return;
    const entry = { value: data, lastModified: Date.now(), cacheControl: context?.fetchCache ? undefined : context?.cacheControl };
    if (data.kind === "FETCH") entry.value = { ...data, tags: context?.tags ?? data.tags ?? [] };
    try {
      await writeEntry(state.client, this.entryPrefix + key, entry);
    } catch (error) {
      log(`write failed, kept on this instance: ${error?.message || error}`);
    }
  }

  async revalidateTag(tags, durations) {
    const list = (typeof tags === "string" ? [tags] : tags).filter(Boolean);
    if (list.length === 0) return;
    // This instance first, as Next's own cache does it (file-system-cache.js).
    await this.local.revalidateTag(list, durations);
    const state = this.shared;
    tellSiblings(Object.fromEntries(list.map((tag) => [tag, tagsManifest.get(tag) || {}])));
    if (!state) return;
    // With any revalidation still waiting from an earlier failed write.
    const changed = Object.fromEntries([...state.pending, ...list.map((tag) => [tag, tagsManifest.get(tag) || {}])]);
    if (!ready(state)) {
      for (const [tag, entry] of Object.entries(changed)) state.pending.set(tag, entry);
      return;
    }
    try {
      await withTimeout(
        state.client.hSet(TAGS_KEY, Object.fromEntries(Object.entries(changed).map(([tag, entry]) => [tag, JSON.stringify(entry)]))),
      );
      await withTimeout(state.client.publish(TAGS_CHANNEL, JSON.stringify(changed)));
      for (const tag of Object.keys(changed)) state.pending.delete(tag);
    } catch (error) {
      for (const [tag, entry] of Object.entries(changed)) state.pending.set(tag, entry);
      log(`revalidation kept on this instance until Redis answers: ${error?.message || error}`);
    }
  }
}

/**
 * Next's revalidateTag(tag, { expire: 0 }) where Next's own cannot run: outside any request (it
 * needs one). lib/wiring/start.ts calls it at a server's start, once its database is ready, for the
 * pages the build prerendered from another database (lib/platform/db/client.ts, isBuildCopy).
 * Through this handler, so Next's tag manifest in this process, the sibling workers and, with
 * REDIS_URL, the other instances all see it, exactly as for a revalidation made in a request.
 */
export async function expireTags(tags) {
  await new SharedCacheHandler({}).revalidateTag(tags, { expire: 0 });
}
