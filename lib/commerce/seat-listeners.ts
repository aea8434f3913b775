import "server-only";

import { listenerRegistry } from "@/lib/platform/listeners";

import type { Tx } from "./ledger";

/**
 * A confirmed seat was cancelled (a parent's withdrawal, an admin's refund, any later path), with
 * the refunds made for those seats in the same transaction (none when nothing was refunded), so
 * the wiring can fold the family's calendar cancellation into the refund's message.
 */
export interface SeatsCancelled {
  bookingIds: string[];
  refundIds: number[];
  /**
   * The seats went because their section was closed (section-close.ts): the teacher hears of it once
   * for the whole section (announceSectionClosed), not once per learner.
   */
  sectionClosed?: boolean;
}
export type SeatCancelledListener = (tx: Tx, cancelled: SeatsCancelled) => Promise<void>;

const cancelledListeners = listenerRegistry<SeatCancelledListener>("__seatCancelledListeners");

/** Registers (or, under the same name, replaces) a listener. */
export function registerSeatCancelledListener(name: string, listener: SeatCancelledListener): void {
  cancelledListeners.register(name, listener);
}

export function unregisterSeatCancelledListener(name: string): void {
  cancelledListeners.unregister(name);
}

export async function announceSeatsCancelled(tx: Tx, cancelled: SeatsCancelled): Promise<void> {
  if (cancelled.bookingIds.length === 0) return;
  for (const listener of cancelledListeners.all()) await listener(tx, cancelled);
}

/**
 * A section was closed (or made a draft) with its seats withdrawn and refunded: who closed it, and
 * the confirmed seats it cancelled, so the wiring can tell the teacher once when someone else did.
 */
export interface SectionClosed {
  sectionId: number;
  closedById: number;
  bookingIds: string[];
}
export type SectionClosedListener = (tx: Tx, closed: SectionClosed) => Promise<void>;

const sectionClosedListeners = listenerRegistry<SectionClosedListener>("__sectionClosedListeners");

/** Registers (or, under the same name, replaces) a listener. */
export function registerSectionClosedListener(name: string, listener: SectionClosedListener): void {
  sectionClosedListeners.register(name, listener);
}

export async function announceSectionClosed(tx: Tx, closed: SectionClosed): Promise<void> {
  if (closed.bookingIds.length === 0) return;
  for (const listener of sectionClosedListeners.all()) await listener(tx, closed);
}
