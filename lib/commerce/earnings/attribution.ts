import { brandLabels } from "@/lib/platform/brand";
import { env } from "@/lib/platform/env";

import { SESSION_CREDIT_POLICY } from "@/lib/commerce/session-credit-policy";
import { zonedFormat, zoneLabel } from "@/lib/scheduling/zone-name";

/**
 * How a teacher's earnings are counted (issue 28), written once: the statements compute by it
 * (statements.ts), the earnings page and /become-a-teacher state it from here.
 *
 * - A paid seat's price is spread over the sessions the seat covers by the section's regular
 *   schedule (the session-credit rule's count: from its first session to the section's last day, or
 *   OPEN_ENDED_WEEKS of sessions for a section with no last day). Session k of n earns
 *   floor(price·k/n) − floor(price·(k−1)/n): the shares add up to the price exactly, to the cent.
 * - A share is earned in the calendar month (UTC) of the session's scheduled time, whether it was
 *   held, moved or cancelled (a cancelled session's credit is deducted instead, see below).
 * - A refunded seat earns nothing from the refund's time on; what it had already earned is deducted
 *   in the month of the refund, less the credits already deducted for it (the family's refund is
 *   likewise the price less those credits, lib/commerce/refunds). A withdrawal (before the first session) therefore earns and deducts nothing.
 * - A cancelled session's credit to the family (lib/commerce/session-credits.ts) is deducted in the
 *   month it was credited.
 * - The platform's share is PLATFORM_SHARE_PERCENT of what is left (gross − refunds − credits),
 *   rounded half up to the cent; the teacher's net is the rest.
 * - A month over with a net below zero (more refunded or credited than earned) pays nothing and
 *   carries what it owes into the next month's net, and so on until a month makes it up.
 * - A statement is paid once its month is over; paid, it is stored as it was (frozen). A refund or
 *   credit made later is counted in the month it is made, so it lands in a later statement.
 */
export const EARNINGS_RULE = {
  platformSharePercent: env.PLATFORM_SHARE_PERCENT,
  openEndedWeeks: SESSION_CREDIT_POLICY.openEndedWeeks,
} as const;

/** Each session's share of a seat's price, in order: integers that add up to the price exactly. */
export function sessionShares(priceMinor: number, sessions: number): number[] {
  const n = Math.max(1, sessions);
  const shares: number[] = [];
  for (let k = 1; k <= n; k++) shares.push(Math.floor((priceMinor * k) / n) - Math.floor((priceMinor * (k - 1)) / n));
  return shares;
}

/** The platform's share of an amount in minor units, rounded half up (a negative amount too: -0.5 rounds to 0). */
export function platformShareOf(amountMinor: number, percent: number = EARNINGS_RULE.platformSharePercent): number {
  return Math.floor((amountMinor * percent + 50) / 100);
}

/** YYYY-MM of an instant, in UTC: the month a statement counts it in. */
export function monthOf(instant: Date): string {
  return instant.toISOString().slice(0, 7);
}

/** [from, to) of a YYYY-MM month in UTC. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, mon - 1, 1)), to: new Date(Date.UTC(year, mon, 1)) };
}

/** The month after a YYYY-MM month. */
export function nextMonth(month: string): string {
  return monthOf(monthRange(month).to);
}

/** "October 2026" */
export function monthLabel(month: string): string {
  return monthRange(month).from.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

const SPAN_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

/**
 * One clock (issue 41): a statement's month as a reader in `zone` lives it, named once: "Sat, Oct 31,
 * 2026, 5:00 PM to Mon, Nov 30, 2026, 4:00 PM Pacific Time (Los Angeles)". The month itself stays the
 * rule's, UTC (the same for every teacher and every frozen statement); only its reading moves.
 */
export function monthSpanIn(month: string, zone: string): string {
  const { from, to } = monthRange(month);
  let format: Intl.DateTimeFormat;
  try {
    format = zonedFormat(zone, SPAN_FORMAT);
  } catch {
    return monthSpanIn(month, "UTC");
  }
  return `${format.format(from)} to ${format.format(to)} ${zoneLabel(zone)}`;
}

/** The rule as teachers read it: on their earnings page and, shorter, on /become-a-teacher. */
export function earningsRuleText(rule = EARNINGS_RULE): string[] {
  return [
    `Months are calendar months in UTC (Coordinated Universal Time), the same for every teacher, so a statement never moves with a clock; each statement says when its month starts and ends on your own clock.`,
    `Each paid seat's price is spread evenly over the sessions it covers (from its first session to the class's last day, or ${rule.openEndedWeeks} weeks of sessions for a class with no last day), to the cent. A session's share counts in the month of its scheduled time.`,
    `A refunded seat earns nothing from the refund on; what it had already earned is deducted in the month of the refund (less any session credit already deducted for that seat). A cancelled session's credit to the family's ${brandLabels.cash} is deducted in the month it is credited.`,
    `The platform keeps ${rule.platformSharePercent}% of what is left after refunds and credits; you receive the other ${100 - rule.platformSharePercent}%.`,
    `A month that ends below zero (more refunded or credited than it earned) pays nothing, and the difference comes off the next month's net until it is made up.`,
    `Once a month is over, an admin pays its statement; a paid statement never changes, so a later refund or credit shows in a later month.`,
  ];
}

/** The published share, one line, for /become-a-teacher. */
export function teacherShareText(rule = EARNINGS_RULE): string {
  return `Teachers receive ${100 - rule.platformSharePercent}% of what families pay for their classes; the platform keeps ${rule.platformSharePercent}% after refunds and credits. Statements are monthly, paid after each month ends.`;
}
