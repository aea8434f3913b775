import { sectionFacts } from "@/lib/scheduling/section-facts";
import type { SectionRecurrence } from "@/lib/scheduling/sessions";

import { coveredSessions } from "./window";

/**
 * A section's price per session (issue 39): the one rule behind a seat bought into a running class
 * (SEAT_PRICE_RULE, lib/scheduling/section-facts.ts: the price per session shown beside each class
 * times the sessions left) and a transfer's value in the target section (the same per session, times
 * the sessions moved). A section with no last day counts the open-ended window's sessions (window.ts).
 */
export function termSessionCount(section: SectionRecurrence): number {
  const dayBefore = new Date(Date.parse(`${section.startsOn}T00:00:00Z`) - 86_400_000);
  return Math.max(1, coveredSessions(section, dayBefore).length);
}

/** What `sessions` sessions of this section cost: its whole price for its whole term, else its price per session times them. */
export function priceForSessions(section: SectionRecurrence & { priceMinor: number }, sessions: number): number {
  const facts = sectionFacts(section, new Date(0));
  const term = facts.sessionCount ?? termSessionCount(section);
  if (sessions >= term) return section.priceMinor;
  const perSession = facts.pricePerSessionMinor ?? section.priceMinor / term;
  return Math.round(perSession * sessions);
}
