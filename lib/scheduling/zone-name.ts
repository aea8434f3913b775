/**
 * How an instant is written for a reader, on the server (lib/scheduling/time.ts, through Luxon) and
 * in the browser (components/demo/local-time.tsx, Intl alone): the same parts, then the zone's
 * IANA name, so nobody guesses which zone "GMT+5:30" or "PDT" is. No Luxon here: the browser's
 * leaf imports it.
 */
export const INSTANT_FORMAT: Readonly<Intl.DateTimeFormatOptions> = {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

/**
 * A formatted instant with its zone's name after it: "9:00 AM PDT (America/Los_Angeles)". A zone
 * whose abbreviation is its name is named once: "3:46 AM UTC", not "3:46 AM UTC (UTC)".
 */
export function withZoneName(text: string, abbreviation: string | null | undefined, zone: string): string {
  return abbreviation === zone ? text : `${text} (${zone})`;
}

/** The zone's abbreviation among Intl's parts ("PDT", "GMT+5:30", "UTC"). */
export function zoneAbbreviation(parts: readonly Intl.DateTimeFormatPart[]): string | undefined {
  return parts.find((part) => part.type === "timeZoneName")?.value;
}
