import "server-only";

import { after } from "next/server";

import { getDb, type Database } from "@/lib/platform/db/client";
import { deliverChained, deliverDue, type DeadLetterHandler, type DeliveryReport, type Sender } from "@/lib/platform/outbox/outbox";

const INTERVAL_MS = 15_000;
/**
 * Rounds in a row while messages keep being delivered: an event is handed to its handlers, a
 * handler queues its email, and the email is sent, each a row of its own, so one kick runs them all.
 */
const CHAINED_ROUNDS = 4;

/** Which topics this instance delivers, and with what: lib/wiring/outbox-routes.ts, handed over at start. */
export interface OutboxRoutes {
  senders: Record<string, Sender>;
  /** Per topic, what to do once the outbox gives up on one of its messages. */
  onDeadLetter?: Record<string, DeadLetterHandler>;
}

/**
 * The worker's timer and the routes it was started with. Kept on globalThis so dev's hot reloads
 * keep one timer per process (and the after-response kick finds the routes from any bundle).
 */
interface WorkerState {
  routes?: OutboxRoutes;
  timer?: NodeJS.Timeout;
  round?: Promise<DeliveryReport>;
  again?: boolean;
}
const slot = globalThis as typeof globalThis & { __outboxWorker?: WorkerState };
const state: WorkerState = (slot.__outboxWorker ??= {});

const hasRoutes = (): boolean => Object.keys(state.routes?.senders ?? {}).length > 0;

/**
 * One delivery round (and the rounds it chains) for the started routes. Rounds in one process never
 * overlap: a call while one runs asks for one more round after it (the timer and the kick share this).
 */
export function deliverOutbox(db?: Database): Promise<DeliveryReport> {
  if (state.round) {
    state.again = true;
    return state.round;
  }
  const round = (async () => {
    const total: DeliveryReport = { delivered: 0, failed: 0 };
    let rounds = 0;
    let report: DeliveryReport;
    do {
      state.again = false;
      const routes = state.routes;
      if (!routes || !hasRoutes()) break;
      report = await deliverDue(db ?? (await getDb()), routes.senders, { onDeadLetter: routes.onDeadLetter ?? {} });
      total.delivered += report.delivered;
      total.failed += report.failed;
      rounds += 1;
    } while (state.again || (report.delivered > 0 && rounds < CHAINED_ROUNDS));
    return total;
  })().finally(() => {
    state.round = undefined;
  });
  state.round = round;
  return round;
}

/**
 * Delivers now, before the caller answers, the due messages of the topics `pick` chooses (and what
 * they queue in turn), with the routes this instance was started with: for the rare reaction a
 * person must see done on the very next page. A row another worker holds at that moment is left to
 * it (it is done within moments); without started routes (a script) the timer delivers instead.
 */
export async function deliverOutboxNow(db: Database, pick: (topic: string) => boolean): Promise<DeliveryReport> {
  const senders = Object.fromEntries(Object.entries(state.routes?.senders ?? {}).filter(([topic]) => pick(topic)));
  return deliverChained(db, senders, { rounds: CHAINED_ROUNDS, onDeadLetter: state.routes?.onDeadLetter ?? {} });
}

/** Delivers right after the answer is sent (by then the caller's transaction has ended); the timer catches anything missed. */
export function deliverOutboxSoon(): void {
  if (!hasRoutes()) return;
  const task = () =>
    deliverOutbox().then(
      () => undefined,
      (error: unknown) => console.error("[outbox] delivery failed:", error),
    );
  try {
    after(task);
  } catch {
    // Outside a request scope (a script, a direct call in a test): the timer delivers instead.
  }
}

/**
 * Starts delivering `routes` on a timer (and after each answer that queued something). Every
 * instance may run one: leases in the table keep two instances from sending the same row.
 * Started again (a dev reload), the routes are replaced and the one timer kept.
 */
export function startOutboxWorker(routes: OutboxRoutes): void {
  state.routes = routes;
  if (state.timer || !hasRoutes()) return;
  state.timer = setInterval(() => {
    deliverOutbox().catch((error: unknown) =>
      console.error("[outbox] delivery round failed:", error instanceof Error ? error.message : error),
    );
  }, INTERVAL_MS);
  state.timer.unref();
}

/** Stops the timer and forgets the routes (tests that start the worker). */
export function stopOutboxWorker(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  state.routes = undefined;
}
