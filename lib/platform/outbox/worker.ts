import "server-only";

import { after } from "next/server";

import { getDb, type Database } from "@/lib/platform/db/client";
import { deliverDue, type DeadLetterHandler, type DeliveryReport, type Sender } from "@/lib/platform/outbox/outbox";

const INTERVAL_MS = 15_000;

/**
 * The outbox mechanism knows no domain: the wiring (lib/wiring/outbox-senders.ts) registers a
 * sender per topic at start, and the worker delivers whatever is due for the registered topics.
 * Kept on globalThis so dev hot reloads keep one registry and one timer per process.
 */
interface WorkerState {
  senders: Map<string, Sender>;
  deadLetterHandlers?: Map<string, DeadLetterHandler>;
  timer?: NodeJS.Timeout;
  round?: Promise<DeliveryReport>;
  again?: boolean;
}
const slot = globalThis as typeof globalThis & { __outbox?: WorkerState };
const state: WorkerState = (slot.__outbox ??= { senders: new Map() });

/** The topic's sender, and optionally what to do when the outbox gives up on one of its messages. */
export function registerOutboxSender(topic: string, send: Sender, onDeadLetter?: DeadLetterHandler): void {
  state.senders.set(topic, send);
  state.deadLetterHandlers ??= new Map();
  if (onDeadLetter) state.deadLetterHandlers.set(topic, onDeadLetter);
  else state.deadLetterHandlers.delete(topic);
}

/**
 * One delivery round for the registered topics. Rounds in one process never overlap: a call while
 * one runs asks for one more round after it (the timer and the after-response kick share this).
 */
export function deliverOutbox(db?: Database): Promise<DeliveryReport> {
  if (state.round) {
    state.again = true;
    return state.round;
  }
  const round = (async () => {
    let report: DeliveryReport = { delivered: 0, failed: 0 };
    do {
      state.again = false;
      if (state.senders.size === 0) break;
      report = await deliverDue(db ?? (await getDb()), Object.fromEntries(state.senders), {
        onDeadLetter: Object.fromEntries(state.deadLetterHandlers ?? []),
      });
    } while (state.again);
    return report;
  })().finally(() => {
    state.round = undefined;
  });
  state.round = round;
  return round;
}

/** Delivers right after the answer is sent; the timer catches anything missed. */
export function deliverOutboxSoon(): void {
  if (state.senders.size === 0) return;
  const task = () =>
    deliverOutbox().then(
      () => undefined,
      (error: unknown) => console.error("[outbox] delivery failed:", error),
    );
  try {
    after(task);
  } catch {
    // Outside a request scope (a direct call in a test): the timer delivers instead.
  }
}

/**
 * Retries outbox deliveries on a timer. Every instance may run one: leases in the table keep two
 * instances from sending the same row.
 */
export function startOutboxWorker(): void {
  if (state.timer || state.senders.size === 0) return;
  state.timer = setInterval(() => {
    deliverOutbox().catch((error: unknown) =>
      console.error("[outbox] delivery round failed:", error instanceof Error ? error.message : error),
    );
  }, INTERVAL_MS);
  state.timer.unref();
}
