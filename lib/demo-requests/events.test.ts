import { randomUUID } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";

import { demoRequests, outbox } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";

import { createDemoRequest } from "./service";

/** lead.created is written in the transaction that stores the request: committed with it, or gone with it. */

// A switch that fails the causing transaction right after its event is written.
let failAfterEmit = false;
jest.mock("@/lib/platform/events/events", () => {
  const actual = jest.requireActual<typeof import("@/lib/platform/events/events")>("@/lib/platform/events/events");
  return {
    ...actual,
    emit: async (...args: Parameters<typeof actual.emit>) => {
      await actual.emit(...args);
      if (failAfterEmit) throw new Error("the request failed after its event was written");
    },
  };
});

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const leadEvents = (demoRequestId?: string) =>
  database.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        eq(outbox.topic, "event:lead.created"),
        demoRequestId === undefined ? undefined : sql`${outbox.payload}->>'demoRequestId' = ${demoRequestId}`,
      ),
    );

describe("lead.created", () => {
  it("is written with a new request, once: a repeated idempotency key stores nothing and tells nothing", async () => {
    const input = { userEmail: `lead.${randomUUID().slice(0, 8)}@example.com`, course: "not-sure", type: undefined };
    const key = `lead-event-${randomUUID()}`;
    const created = await createDemoRequest(input, { idempotencyKey: key });
    expect(await createDemoRequest(input, { idempotencyKey: key })).toEqual({ id: created.id, isNew: false });
    expect(await leadEvents(created.id)).toEqual([{ payload: { demoRequestId: created.id } }]);
  });

  it("leaves no event of a request that rolled back", async () => {
    const before = (await leadEvents()).length;
    const userEmail = `rolled.back.${randomUUID().slice(0, 8)}@example.com`;
    failAfterEmit = true;
    await expect(createDemoRequest({ userEmail, course: "not-sure", type: undefined })).rejects.toThrow("the request failed");
    failAfterEmit = false;
    expect(await database.db.select().from(demoRequests).where(eq(demoRequests.userEmail, userEmail))).toEqual([]);
    expect(await leadEvents()).toHaveLength(before);
  });
});
