import "server-only";

import type { SchedulingTransaction } from "./bookings";
import type { SectionRow } from "./sections";

/**
 * Who hears that a section's times changed (its days, time of day, zone, dates or length): the
 * families booked into it must be told, with the updated invite (issue 19). Registered at start by
 * the wiring, like the booking listeners; runs inside the change's transaction.
 */
export type SectionRescheduledListener = (tx: SchedulingTransaction, section: SectionRow) => Promise<void>;

// On globalThis, so the instrumentation's and the routes' bundles, and dev's hot reloads, share one list.
const slot = globalThis as typeof globalThis & { __sectionListeners?: Map<string, SectionRescheduledListener> };
const listeners = (slot.__sectionListeners ??= new Map());

export function registerSectionRescheduledListener(name: string, listener: SectionRescheduledListener): void {
  listeners.set(name, listener);
}

export async function announceSectionRescheduled(tx: SchedulingTransaction, section: SectionRow): Promise<void> {
  for (const listener of listeners.values()) await listener(tx, section);
}
