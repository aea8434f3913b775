/**
 * Issue 28: messages are limited per account (RATE_LIMITS.messagesPerAccount, 30 in 10 minutes)
 * and refused past it with a message and when to retry; nothing is written then. The limits are
 * read once at start, so this file turns them on before it loads the modules (test/jest-env.ts
 * turns them off elsewhere).
 */
type Modules = {
  threads: typeof import("@/lib/messages/threads");
  schema: typeof import("@/lib/platform/db/schema");
  testing: typeof import("@/test/database");
  fixtures: typeof import("@/test/message-fixtures");
  orm: typeof import("drizzle-orm");
};
let m: Modules;
let database: Awaited<ReturnType<Modules["testing"]["openTestDatabase"]>>;

beforeAll(async () => {
  process.env.RATE_LIMITS = "on";
  jest.resetModules();
  m = {
    threads: await import("@/lib/messages/threads"),
    schema: await import("@/lib/platform/db/schema"),
    testing: await import("@/test/database"),
    fixtures: await import("@/test/message-fixtures"),
    orm: await import("drizzle-orm"),
  };
  database = await m.testing.openTestDatabase();
});
afterAll(async () => {
  process.env.RATE_LIMITS = "off";
  await database.dispose();
});

describe("message rate limits", () => {
  it("refuses an account's 31st message in 10 minutes with a clear message and writes nothing", async () => {
    const family = await m.fixtures.familyWithSeat(database.db);
    const { threadId } = await m.threads.startThread(family.parent, { bookingId: family.bookingId, body: "Hello!" });
    for (let i = 0; i < 29; i += 1) await m.threads.postMessage(family.parent, threadId, { body: `Question ${i}` });
    const refusal = m.threads.postMessage(family.parent, threadId, { body: "One too many" });
    await expect(refusal).rejects.toMatchObject({
      code: "rate-limited",
      message: expect.stringMatching(/^You are sending messages too quickly\. Please try again in \d+ (minutes?|seconds?)\.$/),
    });
    const stored = await database.db.select().from(m.schema.messages).where(m.orm.eq(m.schema.messages.threadId, threadId));
    expect(stored).toHaveLength(30);
    // The teacher's own budget is untouched.
    await expect(m.threads.postMessage(family.teacher, threadId, { body: "Happy to help." })).resolves.toMatchObject({ threadId });
  });
});
