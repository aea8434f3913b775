import "server-only";

import { listenerRegistry } from "@/lib/platform/listeners";

import type { Tx } from "./ledger";

/**
 * Who hears of a refund (a parent's withdrawal or an admin's refund of an order): registered at
 * start by the wiring (the "refund done" email), so commerce imports nothing above it. Runs inside
 * the refund's transaction with the ids of the refund rows it wrote (one per seat): what a listener
 * writes commits with the refund or not at all.
 */
export type RefundListener = (tx: Tx, refundIds: number[]) => Promise<void>;

const listeners = listenerRegistry<RefundListener>("__refundListeners");

/** Registers (or, under the same name, replaces) a listener. */
export function registerRefundListener(name: string, listener: RefundListener): void {
  listeners.register(name, listener);
}

export async function announceRefund(tx: Tx, refundIds: number[]): Promise<void> {
  if (refundIds.length === 0) return;
  for (const listener of listeners.all()) await listener(tx, refundIds);
}
