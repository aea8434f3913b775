import { eq } from "drizzle-orm";

import { listDeadLetteredMessages, retryDeadLetteredMessage } from "@/lib/dashboards/dead-letters";
import { auditEvents, outbox } from "@/lib/platform/db/schema/index";
import { MAX_ATTEMPTS } from "@/lib/platform/outbox/outbox";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

async function insertDeadLetter(dedupeKey: string) {
  const [row] = await database.db
    .insert(outbox)
    .values({
      topic: "demo_request.forward",
      dedupeKey,
      payload: { userEmail: "parent@example.com", phoneNumber: "+1 555 010 0100" },
      attempts: MAX_ATTEMPTS,
      deadAt: new Date(),
      lastError: "forward target answered 500",
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error("not inserted");
  return row.id;
}

describe("dead-lettered outbox messages at /admin/outbox", () => {
  it("lists them for an admin without their payloads, and a retry queues the message again and is audited", async () => {
    const admin = await insertActor(database.db, "admin");
    const id = await insertDeadLetter("dead-admin-1");
    const listed = await listDeadLetteredMessages(admin);
    expect(listed).toEqual([
      expect.objectContaining({ id, topic: "demo_request.forward", attempts: MAX_ATTEMPTS, lastError: "forward target answered 500" }),
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/parent@example\.com|555/);

    expect(await retryDeadLetteredMessage(admin, { id: String(id) })).toEqual({ id, topic: "demo_request.forward" });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ deadAt: null, attempts: 0, deliveredAt: null });
    expect(row?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await listDeadLetteredMessages(admin)).toEqual([]);
    const audit = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, String(id)));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: "outbox.retry",
        targetType: "outbox_message",
        details: { topic: "demo_request.forward" },
      }),
    ]);

    // Twice is a clear message, not a second queueing.
    await expect(retryDeadLetteredMessage(admin, { id })).rejects.toMatchObject({
      code: "not-found",
      message: "That message is no longer waiting for a retry.",
    });
  });

  it("refuses support staff and anonymous callers, and changes nothing", async () => {
    const support = await insertActor(database.db, "support");
    const id = await insertDeadLetter("dead-support-1");
    await expect(listDeadLetteredMessages(support)).rejects.toMatchObject({ code: "forbidden" });
    await expect(retryDeadLetteredMessage(support, { id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(retryDeadLetteredMessage(null, { id })).rejects.toMatchObject({ code: "unauthenticated" });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.deadAt).not.toBeNull();
  });

  it("answers a bad id with a clear message", async () => {
    const admin = await insertActor(database.db, "admin");
    await expect(retryDeadLetteredMessage(admin, { id: "abc" })).rejects.toThrow();
    await expect(retryDeadLetteredMessage(admin, { id: "999999" })).rejects.toMatchObject({ code: "not-found" });
  });
});
