import { randomUUID } from "node:crypto";

import { like } from "drizzle-orm";

import { verifyLeadToken } from "@/lib/demo-requests/lead-token";
import { createDemoRequest } from "@/lib/demo-requests/service";
import { EMAIL_TOPIC } from "@/lib/notifications/email";
import { outbox } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { deliverEvents } from "@/test/events";

import { demoRequestReceivedMail } from "./demo-request-mail";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe("lead.created's received mail", () => {
  it("queues one message however often it is delivered", async () => {
    const userEmail = `received.${randomUUID().slice(0, 8)}@example.com`;
    const { id } = await createDemoRequest({ userEmail, course: "not-sure", name: "Sam", type: undefined });
    await demoRequestReceivedMail.handle(database.db, { demoRequestId: id });
    await demoRequestReceivedMail.handle(database.db, { demoRequestId: id });
    await deliverEvents(database.db);
    const queued = await database.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `email:demo_request:${id}:%`));
    expect(queued).toEqual([
      expect.objectContaining({
        topic: EMAIL_TOPIC,
        dedupeKey: `email:demo_request:${id}:received`,
        payload: expect.objectContaining({ to: userEmail, subject: "We received your free demo request" }),
      }),
    ]);
  });
});

describe("the received mail's link to pick a time", () => {
  it("opens the time picker for this request, for days (the dialog's picker lasts an hour)", async () => {
    const userEmail = `pick.later.${randomUUID().slice(0, 8)}@example.com`;
    const { id } = await createDemoRequest({ userEmail, course: "not-sure", type: undefined });
    await demoRequestReceivedMail.handle(database.db, { demoRequestId: id });
    const [queued] = await database.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `email:demo_request:${id}:received`));
    const text = (queued?.payload as { text: string }).text;
    const [, token] = /Pick a time: \S+\/book-free-demo\/pick-a-time\/(\S+)/.exec(text) ?? [];
    expect(token).toBeTruthy();
    const sixDaysLater = new Date(Date.now() + 6 * 24 * 60 * 60 * 1000);
    expect(verifyLeadToken(decodeURIComponent(token!), sixDaysLater)).toBe(id);
  });
});
