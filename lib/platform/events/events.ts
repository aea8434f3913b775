import "server-only";

import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

import type { Database, Transaction } from "@/lib/platform/db/client";
import { enqueue } from "@/lib/platform/outbox/outbox";
import { deliverOutboxSoon } from "@/lib/platform/outbox/worker";
import type { z } from "@/lib/platform/zod";

/**
 * A domain event (ARCHITECTURE "Events: one road for side effects"): a fact others react to, named
 * once with the zod schema of what it carries. The domain that causes it defines it beside the
 * change; who reacts is listed in one table, lib/reactions/table.ts.
 */
export interface DomainEvent<Name extends string = string, Payload = unknown> {
  readonly name: Name;
  readonly schema: z.ZodType<Payload>;
}

export function defineEvent<const Name extends string, Schema extends z.ZodType>(
  name: Name,
  schema: Schema,
): DomainEvent<Name, z.output<Schema>> {
  return { name, schema: schema as z.ZodType<z.output<Schema>> };
}

export type EventPayload<E> = E extends DomainEvent<string, infer P> ? P : never;

/** The outbox topic an event travels under until it is handed to each of its handlers. */
export const eventTopic = (name: string) => `event:${name}`;

/**
 * Writes the event into the outbox in the caller's transaction: it exists if and only if the change
 * that caused it commits. Nothing is announced in memory; the outbox worker hands it to its
 * handlers after the commit (soon after the answer is sent; its timer catches anything missed).
 */
export async function emit<E extends DomainEvent>(tx: Transaction | Database, event: E, payload: EventPayload<E>): Promise<void> {
  await enqueue(tx, { topic: eventTopic(event.name), dedupeKey: `event:${randomUUID()}`, payload: event.schema.parse(payload) });
  const emitted = emittedHere.getStore();
  if (emitted) emitted.set(event.name, [...(emitted.get(event.name) ?? []), payload]);
  deliverOutboxSoon();
}

/** The events emitted so far by the work `noteEventsEmitted` runs (committed or not): their payloads by event name. */
const emittedHere = new AsyncLocalStorage<Map<string, unknown[]>>();

/**
 * Runs `work`, noting the events it emits (each one's payloads by name); once it has ended
 * (returned or thrown: its transactions are over), `then` is awaited with them before the outcome
 * is passed on. A work that rolled back may name an event that never committed: `then` must be
 * harmless for it.
 */
export async function noteEventsEmitted<T>(
  work: () => Promise<T>,
  then: (emitted: ReadonlyMap<string, readonly unknown[]>) => Promise<void>,
): Promise<T> {
  const emitted = new Map<string, unknown[]>();
  try {
    return await emittedHere.run(emitted, work);
  } finally {
    if (emitted.size > 0) await then(emitted);
  }
}
