import { sql } from "drizzle-orm";

import { logEvents } from "@/lib/platform/db/schema/index";
import { openTestDatabase } from "@/test/database";

import type { Actor } from "@/lib/platform/auth/permissions";

import { ADDITIONAL_INFO_PREVIEW, listEventNames, listLogEvents, parseLogEventFilters } from "./queries";

const admin: Actor = { id: 0, email: "admin@school.test", role: "admin" };

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
  // 70 events, several sharing one created_at (to the microsecond), so paging must fall back on id.
  const base = Date.parse("2030-01-01T10:00:00Z");
  await database.db.insert(logEvents).values(
    Array.from({ length: 70 }, (_, i) => ({
      eventName: i % 3 === 0 ? "Log Out" : i % 3 === 1 ? "Page View" : "Book Demo",
      userId: i % 2 === 0 ? "42" : null,
      currentUrl: `/page-${i}`,
      additionalInfo: { index: i },
      createdAt: new Date(base + Math.floor(i / 4) * 1000),
    })),
  );
  // Microseconds a JavaScript Date cannot hold.
  await database.db.execute(sql`update log_events set created_at = created_at + interval '0.000123 seconds' where id % 5 = 0`);
  await database.db
    .insert(logEvents)
    .values({ eventName: "Share Click", additionalInfo: { text: "x".repeat(500) }, createdAt: new Date(base - 60_000) });
});
afterAll(() => database.dispose());

async function everyPage(query: Record<string, string>) {
  const seen: Array<{ id: number; createdAt: Date }> = [];
  let after: string | undefined;
  for (let guard = 0; guard < 10; guard++) {
    const page = await listLogEvents(admin, parseLogEventFilters({ ...query, ...(after ? { after } : {}) }), 20);
    seen.push(...page.events);
    if (page.nextAfter === null) return seen;
    after = String(page.nextAfter);
  }
  throw new Error("paging did not end");
}

describe("listLogEvents (the admin's log events page)", () => {
  it("pages newest first on (created_at, id), without repeating or skipping an event", async () => {
    const all = await everyPage({});
    expect(all).toHaveLength(71);
    expect(new Set(all.map((e) => e.id)).size).toBe(71);
    const expected = await database.db.execute(sql`select id from log_events order by created_at desc, id desc`);
    expect(all.map((e) => e.id)).toEqual((expected as unknown as { rows: Array<{ id: number | string }> }).rows.map((r) => Number(r.id)));
  });

  it("filters by event name and by user id, together or apart", async () => {
    const logOuts = await everyPage({ eventName: "Log Out" });
    expect(logOuts).toHaveLength(24);
    const byUser = await everyPage({ userId: "42" });
    expect(byUser).toHaveLength(35);
    const both = await listLogEvents(admin, parseLogEventFilters({ eventName: "Log Out", userId: "42" }));
    expect(both.events).toHaveLength(12);
    expect(both.events.every((e) => e.eventName === "Log Out" && e.userId === "42")).toBe(true);
    expect(both.nextAfter).toBeNull();
    expect((await listLogEvents(admin, parseLogEventFilters({ eventName: "Nothing" }))).events).toEqual([]);
  });

  it("the user filter also finds what a client without a session claimed, marked as a claim (security issue item 8)", async () => {
    await database.db.insert(logEvents).values({ eventName: "Log Out", claimedUserId: "uid-claimed-7" });
    const { events } = await listLogEvents(admin, parseLogEventFilters({ userId: "uid-claimed-7" }));
    expect(events).toEqual([expect.objectContaining({ eventName: "Log Out", userId: null, claimedUserId: "uid-claimed-7" })]);
  });

  it("sends a shortened additional info and no request metadata", async () => {
    const [long] = (await listLogEvents(admin, parseLogEventFilters({ eventName: "Share Click" }))).events;
    expect(long?.additionalInfo).toHaveLength(ADDITIONAL_INFO_PREVIEW + 1);
    expect(long?.additionalInfo?.endsWith("…")).toBe(true);
    expect(Object.keys(long!).sort()).toEqual(["additionalInfo", "claimedUserId", "createdAt", "currentUrl", "eventName", "id", "userId"]);
    const [first] = (await listLogEvents(admin, parseLogEventFilters({}), 1)).events;
    expect(first).toMatchObject({ eventName: "Log Out", additionalInfo: '{"index": 69}', currentUrl: "/page-69" });
  });

  it("ignores a malformed cursor instead of failing", async () => {
    expect((await listLogEvents(admin, parseLogEventFilters({ after: "1; drop table log_events" }))).events).toHaveLength(50);
  });
});

describe("listEventNames", () => {
  it("lists each event name once, alphabetically", async () => {
    expect(await listEventNames(admin)).toEqual(["Book Demo", "Log Out", "Page View", "Share Click"]);
  });
});

describe("who may read log events", () => {
  it("is the admin only", async () => {
    const support: Actor = { id: 0, email: "support@school.test", role: "support" };
    await expect(listLogEvents(support, parseLogEventFilters({}))).rejects.toMatchObject({ status: 403 });
    await expect(listEventNames(support)).rejects.toMatchObject({ status: 403 });
  });
});
