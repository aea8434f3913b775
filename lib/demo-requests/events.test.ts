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

  it("a repeat (same email, any letter case, same grade, within a day) updates the first request: one lead, one event, one email", async () => {
    const userEmail = `repeat.${randomUUID().slice(0, 8)}@example.com`;
    const first = await createDemoRequest({ userEmail, course: "not-sure", grade: 4, name: "Ana", type: "1 on 1 classes" });
    const again = await createDemoRequest({
      userEmail: userEmail.toUpperCase(),
      course: "not-sure",
      grade: 4,
      text: "Evenings please",
      type: undefined,
    });
    expect(again).toEqual({ id: first.id, isNew: false, isRepeat: true });
    const stored = await database.db
      .select()
      .from(demoRequests)
      .where(sql`lower(${demoRequests.userEmail}) = ${userEmail}`);
    // The newer answers win where given; the first name and class type stay.
    expect(stored).toEqual([
      expect.objectContaining({ id: first.id, name: "Ana", message: "Evenings please", classType: "1 on 1 classes" }),
    ]);
    expect(await leadEvents(first.id)).toHaveLength(1);

    // Another grade (a second child), a day later, or after the first was closed: a new lead.
    const otherGrade = await createDemoRequest({ userEmail, course: "not-sure", grade: 7, type: undefined });
    expect(otherGrade.isNew).toBe(true);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    expect((await createDemoRequest({ userEmail, course: "not-sure", grade: 4, type: undefined }, {}, tomorrow)).isNew).toBe(true);
    await database.db
      .update(demoRequests)
      .set({ status: "closed" })
      .where(sql`lower(${demoRequests.userEmail}) = ${userEmail}`);
    expect((await createDemoRequest({ userEmail, course: "not-sure", grade: 7, type: undefined })).isNew).toBe(true);
  });

  it("two repeats sent at once make one lead", async () => {
    const userEmail = `twice.${randomUUID().slice(0, 8)}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => createDemoRequest({ userEmail, course: "not-sure", grade: 2, type: undefined })),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers.filter((a) => a.isNew)).toHaveLength(1);
  });
});
