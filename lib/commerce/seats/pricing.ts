import { coveredSessions } from "./window";
import type { SectionRecurrence } from "@/lib/scheduling/sessions";

/**
 * A section's price per session (issue 39): its price over the sessions of its whole term (from its
 * first day to its last, or the open-ended policy's weeks), the one rule behind a transfer's value
 * in the target section and a seat bought into a running class. Read by the course page, the cart,
 * the checkout and the terms page, so the figure shown is the figure charged.
 */
export function termSessionCount(section: SectionRecurrence): number {
  const dayBefore = new Date(Date.parse(`${section.startsOn}T00:00:00Z`) - 86_400_000);
  return Math.max(1, coveredSessions(section, dayBefore).length);
}

/** What `sessions` sessions of this section cost at its price per session, rounded to the nearest cent. */
export function priceForSessions(section: SectionRecurrence & { priceMinor: number }, sessions: number): number {
  const term = termSessionCount(section);
  if (sessions >= term) return section.priceMinor;
  return Math.round((section.priceMinor * sessions) / term);
}
