import { isValidTimeZone, todayIn } from "@/lib/scheduling/time";
import { zoneLabel } from "@/lib/scheduling/zone-name";

import type { Statement, StatementLine } from "./statements";

/** RFC 4180 quoting; text that starts like a formula gets an apostrophe, so a spreadsheet never runs it. */
function field(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  // Our own amounts ("-9.00") are numbers, not formulas.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Minor units as a decimal with two places, by integer arithmetic (no float rounding). */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const HEADER = ["month", "line", "date", "time_zone", "course", "section", "sessions", "seats", "amount_minor", "amount", "currency"];

/**
 * A refund's or credit's day on the reader's clock, and that clock named as people say it (one
 * clock per person); a line frozen with only its UTC day keeps it, named UTC. A section's line has none.
 */
function dayOf(line: StatementLine, zone: string): [string | null, string | null] {
  if (line.at) return [todayIn(zone, new Date(line.at)), zoneLabel(zone)];
  return line.date ? [line.date, zoneLabel("UTC")] : [null, null];
}

/**
 * A statement as CSV: one line per section taught (earned), per refund and per credit (deducted,
 * negative), then the totals (with what earlier months carried over, when they did), so the lines
 * add up to the net in a spreadsheet. Its month is the rule's (a calendar month in UTC); each
 * refund's and credit's day is the reader's (`zone`), named in `time_zone`.
 */
export function statementCsv(statement: Statement, zone = "UTC"): string {
  const clock = isValidTimeZone(zone) ? zone : "UTC";
  const rows: Array<Array<string | number | null>> = [HEADER];
  const money = (minor: number) => [minor, minorToDecimal(minor), statement.currency];
  for (const line of statement.lines) {
    const signed = line.kind === "section" ? line.amountMinor : -line.amountMinor;
    const label = line.kind === "section" ? "sessions taught" : line.kind === "refund" ? "refund deducted" : "session credit deducted";
    rows.push([
      statement.month,
      label,
      ...dayOf(line, clock),
      line.courseTitle,
      line.sectionId,
      line.sessions,
      line.seats,
      ...money(signed),
    ]);
  }
  const total = (label: string, minor: number, sessions: number | null = null, seats: number | null = null) =>
    rows.push([statement.month, label, null, null, null, null, sessions, seats, ...money(minor)]);
  total("gross", statement.grossMinor, statement.sessions, statement.seats);
  total("refunds", -statement.refundsMinor);
  total("session credits", -statement.creditsMinor);
  total(`platform share (${statement.platformSharePercent}%)`, -statement.platformShareMinor);
  if (statement.carriedMinor > 0) total("carried over from earlier months", -statement.carriedMinor);
  total("net", statement.netMinor);
  return `${rows.map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;
}
