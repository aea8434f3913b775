import "server-only";

import type { Tx } from "./ledger";

/**
 * Who hears of a refund (a parent's withdrawal or an admin's refund of an order): registered at
 * start by the wiring (the "refund done" email), so commerce imports nothing above it. Runs inside
 * the refund's transaction with the ids of the refund rows it wrote (one per seat): what a listener
 * writes commits with the refund or not at all.
 */
export type RefundListener = (tx: Tx, refundIds: number[]) => Promise<void>;

// On globalThis, so the instrumentation's and the routes' bundles, and dev's hot reloads, share one list.
const slot = globalThis as typeof globalThis & { __refundListeners?: Map<string, RefundListener> };
const listeners = (slot.__refundListeners ??= new Map());

/** Registers (or, under the same name, replaces) a listener. */
export function registerRefundListener(name: string, listener: RefundListener): void {
  listeners.set(name, listener);
}

export async function announceRefund(tx: Tx, refundIds: number[]): Promise<void> {
  if (refundIds.length === 0) return;
  for (const listener of listeners.values()) await listener(tx, refundIds);
}
