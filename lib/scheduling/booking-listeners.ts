import "server-only";

import { listenerRegistry } from "@/lib/platform/listeners";

import type { BookingChange, SchedulingTransaction } from "./bookings";

/**
 * Who hears of every booking change, whoever made it (the family, support, a teacher): registered
 * at start by the wiring (lib/wiring/start.ts registers the booking emails), as the outbox's
 * senders are, so scheduling imports no domain above it and no caller can forget the messages.
 */
export interface BookingListener {
  /** Runs inside the change's transaction: what it writes (the outbox's rows) commits with the change or not at all. */
  inTransaction: (tx: SchedulingTransaction, change: BookingChange) => Promise<void>;
  /** Runs once the change has committed (say, to deliver the queued messages soon). */
  afterCommit?: () => void;
}

const listeners = listenerRegistry<BookingListener>("__bookingListeners");

/** Registers (or, under the same name, replaces) a listener. */
export function registerBookingListener(name: string, listener: BookingListener): void {
  listeners.register(name, listener);
}

export function unregisterBookingListener(name: string): void {
  listeners.unregister(name);
}

export async function announceInTransaction(tx: SchedulingTransaction, change: BookingChange): Promise<void> {
  for (const listener of listeners.all()) await listener.inTransaction(tx, change);
}

export function announceCommitted(): void {
  for (const listener of listeners.all()) listener.afterCommit?.();
}
