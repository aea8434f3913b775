import "server-only";

import type { Database } from "@/lib/platform/db/client";
import { enqueueAll, type DeliveryReport, type Sender } from "@/lib/platform/outbox/outbox";
import { deliverOutboxNow } from "@/lib/platform/outbox/worker";
import { z } from "@/lib/platform/zod";

import { emit, eventTopic, noteEventsEmitted, type DomainEvent, type EventPayload } from "./events";

/**
 * One reaction to an event. `name` is the handler's own key: with the event's key it makes the
 * outbox row that carries the event to this handler, so each handler gets each event once in the
 * queue, with its own retries, backoff and dead letter. Delivery is at least once: a handler must
 * be idempotent (mail handlers queue their email under a key of what it tells of, so a second run
 * queues nothing new).
 */
export interface Handler<Payload> {
  readonly name: string;
  handle(db: Database, payload: Payload): Promise<void>;
  /**
   * What the person whose action caused the event must find done on the very next page they open:
   * run once more in that action's own request, after its work has ended and before its answer
   * (reactBeforeTheAnswer, in runAction), once however many of the action's events call for it.
   * Given the payloads of all the action's events this handler reacts to (a cache's expiry reads
   * which pages, or ignores them). The outbox still runs `handle` for every event, for everything
   * that is not such an action (a webhook, a timed job) and for every instance.
   */
  readonly beforeTheAnswer?: (payloads: readonly Payload[]) => Promise<void>;
}

/** One line of the reactions table: an event and who reacts to it, in order. */
export interface Reaction {
  readonly event: DomainEvent;
  readonly handlers: ReadonlyArray<Handler<never>>;
}

export function on<Payload>(event: DomainEvent<string, Payload>, handlers: Array<Handler<Payload>>): Reaction {
  return { event, handlers: handlers as ReadonlyArray<Handler<never>> };
}

/** The outbox topic that carries an event to one of its handlers. */
export const handlerTopic = (event: string, handler: string) => `reaction:${event}:${handler}`;

const handedOver = z.object({ event: z.string(), payload: z.unknown() });

/**
 * The outbox senders that run a reactions table: an event's row is handed over to each of its
 * handlers as a row of its own (one insert; a repeated hand-over adds nothing), and each handler's
 * row runs that handler with the payload read back through the event's schema.
 */
export function reactionSenders(table: readonly Reaction[]): Record<string, Sender> {
  const senders: Record<string, Sender> = {};
  for (const { event, handlers } of table) {
    const names = new Set<string>();
    for (const handler of handlers) {
      if (names.has(handler.name)) throw new Error(`two handlers named "${handler.name}" react to ${event.name}`);
      names.add(handler.name);
      senders[handlerTopic(event.name, handler.name)] = async (message, db) => {
        const { payload } = handedOver.parse(message.payload);
        await (handler as Handler<unknown>).handle(db, event.schema.parse(payload));
      };
    }
    if (senders[eventTopic(event.name)]) throw new Error(`${event.name} is listed twice in the reactions table`);
    senders[eventTopic(event.name)] = async (message, db) => {
      await enqueueAll(
        db,
        handlers.map((handler) => ({
          topic: handlerTopic(event.name, handler.name),
          dedupeKey: `${message.dedupeKey}:${handler.name}`,
          payload: { event: event.name, payload: message.payload },
        })),
      );
    };
  }
  return senders;
}

/**
 * Writes the event (with no transaction of its own to join) and runs its handlers at once, before
 * returning, through the routes the worker was started with: for the rare reaction the person must
 * see on the very next page (email.verified: the demos booked signed out show on /my-courses right
 * after the sign-in). A failing handler is retried by the outbox as any other; this does not throw
 * for it.
 */
export async function emitAndReact<E extends DomainEvent>(db: Database, event: E, payload: EventPayload<E>): Promise<DeliveryReport> {
  await emit(db, event, payload);
  const handlersOf = handlerTopic(event.name, "");
  return deliverOutboxNow(db, (topic) => topic === eventTopic(event.name) || topic.startsWith(handlersOf));
}

/** Per event name, the handlers with a `beforeTheAnswer`, from the table the server started with. */
const slot = globalThis as typeof globalThis & { __reactionsBeforeTheAnswer?: Map<string, ReadonlyArray<Handler<never>>> };

/** Makes `table`'s `beforeTheAnswer` parts run in the actions that cause their events (the server's start; tests). */
export function reactBeforeTheAnswerWith(table: readonly Reaction[] | undefined): void {
  slot.__reactionsBeforeTheAnswer = table
    ? new Map(table.map(({ event, handlers }) => [event.name, handlers.filter((handler) => handler.beforeTheAnswer)]))
    : undefined;
}

/**
 * Runs a server action's work (runAction) and then, before its answer, the `beforeTheAnswer` part of
 * each handler that reacts to an event the work emitted, each once: read-your-writes for the person
 * who acted, in one place rather than in each action. A failure is logged, not answered: the
 * outbox runs the handler anyway.
 */
export function reactBeforeTheAnswer<T>(work: () => Promise<T>): Promise<T> {
  const byEvent = slot.__reactionsBeforeTheAnswer;
  if (!byEvent) return work();
  return noteEventsEmitted(work, async (emitted) => {
    const due = new Map<string, { run: (payloads: readonly unknown[]) => Promise<void>; payloads: unknown[] }>();
    for (const [name, payloads] of emitted)
      for (const handler of byEvent.get(name) ?? []) {
        const entry = due.get(handler.name) ?? {
          run: handler.beforeTheAnswer as (payloads: readonly unknown[]) => Promise<void>,
          payloads: [],
        };
        entry.payloads.push(...payloads);
        due.set(handler.name, entry);
      }
    for (const [name, { run, payloads }] of due) {
      await run(payloads).catch((error: unknown) =>
        console.error(`[reactions] ${name} before the answer failed:`, error instanceof Error ? error.message : error),
      );
    }
  });
}
