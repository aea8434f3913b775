import { DateTime } from "luxon";

import { sectionSessions, type SectionRecurrence } from "./sessions";
import { formatPrice } from "./weekly-times";

/** What a section's price buys: its dates and sessions (issue 31: "what a price buys"). */
export interface SectionFacts {
  /** The section's first and last day (its own dates, ISO); lastDay null: it runs on, week after week. */
  firstDay: string;
  lastDay: string | null;
  /** All its sessions, and those still to come from now; null for a section without a last day. */
  sessionCount: number | null;
  sessionsLeft: number | null;
  /** The price over all its sessions, in minor units (rounded); null without a count. */
  pricePerSessionMinor: number | null;
  /**
   * What a seat bought now costs (issue 39, SEAT_PRICE_RULE): the price, or, in a class already
   * running, the price per session shown times the sessions still to come. The course page, the
   * cart, the checkout and the receipt all read this.
   */
  seatPriceMinor: number;
}

/** The pro rata rule as the terms state it (the same numbers: sectionFacts). */
export const SEAT_PRICE_RULE =
  "A seat bought after a class has started costs the class's price per session (its price divided by all its sessions, rounded to the cent, as shown beside each class) times the sessions still to come. A seat bought before the first session costs the class's price.";

/** What a seat bought now costs, from the facts: the whole price, or the shown price per session times the sessions left. */
function seatPriceOf(priceMinor: number, count: number, left: number, perSession: number | null): number {
  if (perSession === null || left >= count || left === 0) return priceMinor;
  return perSession * left;
}

/** A section's facts at `now`: one count of its RRULE's occurrences between its first and last day. */
export function sectionFacts(section: SectionRecurrence & { priceMinor: number }, now: Date): SectionFacts {
  if (section.endsOn === null) {
    return {
      firstDay: section.startsOn,
      lastDay: null,
      sessionCount: null,
      sessionsLeft: null,
      pricePerSessionMinor: null,
      seatPriceMinor: section.priceMinor,
    };
  }
  // A day wider on each side than the dates (zones are at most 14 hours from UTC): the rule itself keeps to them.
  const from = DateTime.fromISO(section.startsOn, { zone: "utc" }).minus({ days: 1 }).toJSDate();
  const to = DateTime.fromISO(section.endsOn, { zone: "utc" }).plus({ days: 2 }).toJSDate();
  const sessions = sectionSessions(section, from, to);
  const left = sessions.filter((session) => Date.parse(session.startsAt) >= now.getTime()).length;
  const perSession = sessions.length > 0 ? Math.round(section.priceMinor / sessions.length) : null;
  return {
    firstDay: section.startsOn,
    lastDay: section.endsOn,
    sessionCount: sessions.length,
    sessionsLeft: left,
    pricePerSessionMinor: perSession,
    seatPriceMinor: seatPriceOf(section.priceMinor, sessions.length, left, perSession),
  };
}

function shortDate(date: string): string {
  return DateTime.fromISO(date, { zone: "utc" }).setLocale("en-US").toLocaleString({ month: "short", day: "numeric", year: "numeric" });
}

/** The facts as one line: "Mar 4, 2030 to May 27, 2030 · 24 sessions · $6.21 a session". */
export function sectionFactsLine(facts: SectionFacts, currency: string): string {
  if (facts.lastDay === null) return `From ${shortDate(facts.firstDay)}, every week, with no end date`;
  const parts = [`${shortDate(facts.firstDay)} to ${shortDate(facts.lastDay)}`];
  if (facts.sessionCount !== null) parts.push(`${facts.sessionCount} ${facts.sessionCount === 1 ? "session" : "sessions"}`);
  if (facts.sessionsLeft !== null && facts.sessionCount !== null && facts.sessionsLeft < facts.sessionCount) {
    parts.push(`${facts.sessionsLeft} still to come`);
  }
  if (facts.pricePerSessionMinor !== null) parts.push(`${formatPrice(facts.pricePerSessionMinor, currency)} a session`);
  return parts.join(" · ");
}
