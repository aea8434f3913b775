import { eq, like } from "drizzle-orm";

import { outbox } from "@/lib/platform/db/schema";
import { deliverChained } from "@/lib/platform/outbox/outbox";
import { z } from "@/lib/platform/zod";
import { openTestDatabase } from "@/test/database";
import { notBefore } from "@/test/events";

import { defineEvent, emit } from "./events";
import { handlerTopic, on, reactionSenders, type Handler } from "./reactions";

/** The event path itself (ARCHITECTURE "Events"): written in the causing transaction, handed to each handler once. */
const somethingHappened = defineEvent("test.happened", z.object({ id: z.number().int() }));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(() => database.db.delete(outbox));

const db = () => database.db;
const eventRows = () => db().select().from(outbox).where(eq(outbox.topic, "event:test.happened"));

/** A handler that records what it saw, and fails while `failing` is set. */
function recorder(name: string) {
  const seen: number[] = [];
  const state = { failing: false };
  const handler: Handler<{ id: number }> = {
    name,
    async handle(_db, { id }) {
      if (state.failing) throw new Error(`${name} is down`);
      seen.push(id);
    },
  };
  return { handler, seen, state };
}

/** Delivers until nothing more is due now (events, then their handlers' rows). */
const drain = (senders: ReturnType<typeof reactionSenders>, now = new Date()) =>
  deliverChained(db(), senders, { rounds: 10, at: () => notBefore(now) });

describe("emit", () => {
  it("writes the event in the caller's transaction, checked against its schema", async () => {
    await db().transaction((tx) => emit(tx, somethingHappened, { id: 7 }));
    expect(await eventRows()).toEqual([expect.objectContaining({ payload: { id: 7 }, deliveredAt: null })]);
    await expect(emit(db(), somethingHappened, { id: "seven" } as never)).rejects.toThrow();
  });

  it("leaves no event when the transaction that caused it rolls back", async () => {
    await expect(
      db().transaction(async (tx) => {
        await emit(tx, somethingHappened, { id: 8 });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await eventRows()).toEqual([]);
  });
});

describe("the reactions table", () => {
  it("hands each event to each of its handlers once, each with its own retries", async () => {
    const mail = recorder("mail");
    const ledger = recorder("ledger");
    const senders = reactionSenders([on(somethingHappened, [mail.handler, ledger.handler])]);
    ledger.state.failing = true;
    await emit(db(), somethingHappened, { id: 1 });

    const now = new Date();
    expect(await drain(senders, now)).toEqual({ delivered: 2, failed: 1 });
    expect(mail.seen).toEqual([1]);
    expect(ledger.seen).toEqual([]);
    const [waiting] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.topic, handlerTopic("test.happened", "ledger")));
    expect(waiting).toMatchObject({ attempts: 1, deliveredAt: null, lastError: "ledger is down" });

    // Only the failed handler runs again, once its backoff has passed.
    ledger.state.failing = false;
    expect(await drain(senders, new Date(now.getTime() + 60_000))).toEqual({ delivered: 1, failed: 0 });
    expect(mail.seen).toEqual([1]);
    expect(ledger.seen).toEqual([1]);
  });

  it("hands an event over once, however often its row is delivered", async () => {
    const mail = recorder("mail");
    const senders = reactionSenders([on(somethingHappened, [mail.handler])]);
    await emit(db(), somethingHappened, { id: 2 });
    await drain(senders);
    // A worker that died after handing over, before marking the event delivered: delivered again.
    await db().update(outbox).set({ deliveredAt: null }).where(eq(outbox.topic, "event:test.happened"));
    await drain(senders);
    expect(await db().select().from(outbox).where(like(outbox.topic, "reaction:%"))).toHaveLength(1);
    expect(mail.seen).toEqual([2]);
  });

  it("refuses a table that lists an event twice or two handlers of one name", () => {
    const a = recorder("a").handler;
    expect(() => reactionSenders([on(somethingHappened, [a]), on(somethingHappened, [recorder("b").handler])])).toThrow(
      "test.happened is listed twice",
    );
    expect(() => reactionSenders([on(somethingHappened, [a, recorder("a").handler])])).toThrow('two handlers named "a"');
  });
});
