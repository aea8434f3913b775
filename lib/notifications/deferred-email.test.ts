import { outbox } from "@/lib/platform/db/schema";
import { deliverDue, type OutboxMessage } from "@/lib/platform/outbox/outbox";
import { openTestDatabase } from "@/test/database";

import { DEFERRED_EMAIL_TOPIC, deferredEmailSender, enqueueDeferredEmails, type EmailRenderer } from "./deferred-email";
import { EMAIL_TOPIC, enqueueEmail } from "./email";

/** The mechanism under the enrolment messages (lib/wiring/enrolment-mail.test.ts shows them as received). */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(() => database.db.delete(outbox));

const greeting: EmailRenderer = async (_db, ref) =>
  ref === "gone" ? null : { to: `${ref}@example.com`, subject: `Hello ${ref}`, text: "Hi", html: "<p>Hi</p>" };

function recordingSend() {
  const sent: OutboxMessage[] = [];
  return { sent, send: async (message: OutboxMessage) => void sent.push(message) };
}

describe("deferred email", () => {
  it("renders at delivery and sends under the queued key; a message with nothing left to say is done unsent", async () => {
    await enqueueDeferredEmails(database.db, [
      { key: "greeting:ada", kind: "greeting", ref: "ada" },
      { key: "greeting:gone", kind: "greeting", ref: "gone" },
    ]);
    const smtp = recordingSend();
    const senders = { [DEFERRED_EMAIL_TOPIC]: deferredEmailSender({ greeting }, smtp.send) };
    expect(await deliverDue(database.db, senders)).toEqual({ delivered: 2, failed: 0 });
    expect(smtp.sent).toEqual([
      {
        topic: EMAIL_TOPIC,
        dedupeKey: "email:greeting:ada",
        payload: { to: "ada@example.com", subject: "Hello ada", text: "Hi", html: "<p>Hi</p>" },
      },
    ]);
  });

  it("keeps one message per key, whether it was queued rendered or deferred", async () => {
    await enqueueEmail(database.db, "greeting:ada", { to: "ada@example.com", subject: "Hello", text: "Hi", html: "<p>Hi</p>" });
    await enqueueDeferredEmails(database.db, [{ key: "greeting:ada", kind: "greeting", ref: "ada" }]);
    const rows = await database.db.select({ topic: outbox.topic, dedupeKey: outbox.dedupeKey }).from(outbox);
    expect(rows).toEqual([{ topic: EMAIL_TOPIC, dedupeKey: "email:greeting:ada" }]);
  });

  it("retries, never drops, a message whose kind has no renderer or whose renderer fails", async () => {
    await enqueueDeferredEmails(database.db, [
      { key: "unknown:1", kind: "unknown", ref: "1" },
      { key: "broken:1", kind: "broken", ref: "1" },
    ]);
    const smtp = recordingSend();
    const broken: EmailRenderer = async () => {
      throw new Error("cannot render yet");
    };
    const senders = { [DEFERRED_EMAIL_TOPIC]: deferredEmailSender({ greeting, broken }, smtp.send) };
    expect(await deliverDue(database.db, senders)).toEqual({ delivered: 0, failed: 2 });
    const rows = await database.db
      .select({ dedupeKey: outbox.dedupeKey, lastError: outbox.lastError, deliveredAt: outbox.deliveredAt })
      .from(outbox);
    expect(rows.sort((a, b) => a.dedupeKey.localeCompare(b.dedupeKey))).toEqual([
      { dedupeKey: "email:broken:1", lastError: "cannot render yet", deliveredAt: null },
      { dedupeKey: "email:unknown:1", lastError: 'no renderer for deferred email "unknown"', deliveredAt: null },
    ]);
    expect(smtp.sent).toEqual([]);
  });
});
