import "server-only";

import type { Tx } from "./ledger";

/**
 * Who hears of a confirmed seat (a paid enrolment), whichever path confirmed it (a wallet checkout,
 * the card webhook, or another commerce flow that writes a confirmed seat): registered at start by
 * the wiring (the enrolment emails), so commerce imports nothing above it. Runs inside the
 * confirming transaction: what a listener writes (the outbox's rows) commits with the seat or not at all.
 */
export type SeatListener = (tx: Tx, bookingIds: string[]) => Promise<void>;

// On globalThis, so the instrumentation's and the routes' bundles, and dev's hot reloads, share one list.
const slot = globalThis as typeof globalThis & { __seatListeners?: Map<string, SeatListener> };
const listeners = (slot.__seatListeners ??= new Map());

/** Registers (or, under the same name, replaces) a listener. */
export function registerSeatListener(name: string, listener: SeatListener): void {
  listeners.set(name, listener);
}

export function unregisterSeatListener(name: string): void {
  listeners.delete(name);
}

export async function announceSeatsConfirmed(tx: Tx, bookingIds: string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  for (const listener of listeners.values()) await listener(tx, bookingIds);
}
