import { createEntryMemo, readEntry, versionKeyOf, writeEntry, type EntryClient } from "@/cache-handler.mjs";

/**
 * Issue 30: with REDIS_URL, every request for a cached page read its whole entry from Redis (a
 * course page's is about 180 KB) and parsed it again. Entries now carry a version written beside
 * them, and a process reads an entry's text only when its version changed since it last parsed it.
 */

/** Redis's strings as a Map, counting the reads of each key; MULTI applies its sets together. */
function fakeRedis() {
  const store = new Map<string, string>();
  const reads = new Map<string, number>();
  const client: EntryClient = {
    async get(key) {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return store.get(key) ?? null;
    },
    multi() {
      const queued: [string, string][] = [];
      const chain = {
        set(key: string, value: string) {
          queued.push([key, value]);
          return chain;
        },
        async exec() {
          for (const [key, value] of queued) store.set(key, value);
          return queued.map(() => "OK");
        },
      };
      return chain;
    },
  };
  return { client, store, readsOf: (key: string) => reads.get(key) ?? 0 };
}

const KEY = "next-cache:entry:build-1:/courses/python-for-young-coders";
const page = (title: string) => ({
  value: {
    kind: "APP_PAGE",
    html: `<h1>${title}</h1>`,
    rscData: Buffer.from(`rsc of ${title}`),
    segmentData: new Map([["/_tree", Buffer.from("t")]]),
  },
  lastModified: 1_000,
});

describe("cached entries in Redis, read through a per-process memo (cache-handler.mjs)", () => {
  it("parses an entry once: later reads fetch only its version, and give the same entry", async () => {
    const redis = fakeRedis();
    await writeEntry(redis.client, KEY, page("Python"));
    const memo = createEntryMemo();
    const first = await readEntry(redis.client, KEY, memo);
    const again = [];
    for (let i = 0; i < 20; i++) again.push(await readEntry(redis.client, KEY, memo));
    expect(first).toMatchObject({ value: { html: "<h1>Python</h1>" }, lastModified: 1_000 });
    // Buffers and Maps come back as such.
    expect(Buffer.isBuffer((first as ReturnType<typeof page>).value.rscData)).toBe(true);
    expect((first as ReturnType<typeof page>).value.segmentData).toBeInstanceOf(Map);
    for (const entry of again) expect(entry).toBe(first);
    expect(redis.readsOf(KEY)).toBe(1);
    expect(redis.readsOf(versionKeyOf(KEY))).toBe(21);
  });

  it("reads an entry again once any instance has written a new one", async () => {
    const redis = fakeRedis();
    const memoA = createEntryMemo();
    const memoB = createEntryMemo();
    await writeEntry(redis.client, KEY, page("Python"));
    expect(await readEntry(redis.client, KEY, memoB)).toMatchObject({ value: { html: "<h1>Python</h1>" } });
    // Instance A renders the page again after an edit and writes it.
    await writeEntry(redis.client, KEY, page("Python for Young Coders"));
    expect(await readEntry(redis.client, KEY, memoA)).toMatchObject({ value: { html: "<h1>Python for Young Coders</h1>" } });
    expect(await readEntry(redis.client, KEY, memoB)).toMatchObject({ value: { html: "<h1>Python for Young Coders</h1>" } });
    expect(redis.readsOf(KEY)).toBe(3);
  });

  it("reads an entry without a version every time, and nothing when Redis has none", async () => {
    const redis = fakeRedis();
    redis.store.set(KEY, JSON.stringify(page("Old writer")));
    const memo = createEntryMemo();
    await readEntry(redis.client, KEY, memo);
    await readEntry(redis.client, KEY, memo);
    expect(redis.readsOf(KEY)).toBe(2);
    expect(memo.size).toBe(0);
    expect(await readEntry(redis.client, `${KEY}/missing`, memo)).toBeUndefined();
  });

  it("keeps parsed entries within its size, the least recently read leaving first", async () => {
    const redis = fakeRedis();
    const memo = createEntryMemo(600);
    for (const name of ["a", "b", "c", "d"]) await writeEntry(redis.client, `${KEY}/${name}`, page(name.repeat(100)));
    for (const name of ["a", "b", "c", "d"]) await readEntry(redis.client, `${KEY}/${name}`, memo);
    expect(memo.size).toBeLessThan(4);
    await readEntry(redis.client, `${KEY}/d`, memo);
    expect(redis.readsOf(`${KEY}/d`)).toBe(1);
  });
});
