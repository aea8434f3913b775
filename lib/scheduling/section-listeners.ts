import "server-only";

import { listenerRegistry } from "@/lib/platform/listeners";

import type { SchedulingTransaction } from "./bookings";
import type { SectionRow } from "./sections";

/**
 * Who hears that a section's times changed (its days, time of day, zone, dates or length): the
 * families booked into it must be told, with the updated invite (issue 19). Registered at start by
 * the wiring, like the booking listeners; runs inside the change's transaction.
 */
export type SectionRescheduledListener = (tx: SchedulingTransaction, section: SectionRow) => Promise<void>;

const listeners = listenerRegistry<SectionRescheduledListener>("__sectionListeners");

export function registerSectionRescheduledListener(name: string, listener: SectionRescheduledListener): void {
  listeners.register(name, listener);
}

export async function announceSectionRescheduled(tx: SchedulingTransaction, section: SectionRow): Promise<void> {
  for (const listener of listeners.all()) await listener(tx, section);
}
