import { zoneLabel } from "./zone-name";

/**
 * A section's weekly times as a reader in `timeZone` sees them: "Tuesdays and Thursdays 4:00 PM
 * United Kingdom Time (London)". Intl only (no Luxon), so the course page's client leaf can use it too: the
 * server renders it in the section's zone, the browser again in the viewer's.
 */
export function weeklyTimesLabel(instants: string[], timeZone: string, locale = "en-US"): string {
  const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone });
  const dayName = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone });
  const clock = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone });
  const order = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  const sessions = instants
    .map((iso) => new Date(iso))
    .map((date) => ({ day: order.indexOf(weekday.format(date)), name: `${dayName.format(date)}s`, time: clock.format(date) }))
    .sort((a, b) => a.day - b.day);
  // One entry per time of day, its days in week order: "Tuesdays and Thursdays 4:00 PM".
  const byTime = new Map<string, string[]>();
  for (const session of sessions) {
    const days = byTime.get(session.time) ?? [];
    if (!days.includes(session.name)) days.push(session.name);
    byTime.set(session.time, days);
  }
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  const parts = [...byTime].map(([time, days]) => `${list.format(days)} ${time}`);
  return `${parts.join("; ")} ${zoneLabel(timeZone)}`;
}

/** Integer minor units as a decimal string in the currency's own decimals: 14900 USD is "149.00" (schema.org Offer). */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}

/** Integer minor units as money in their currency: 14900 USD is "$149.00", 5000 JPY "¥5,000". */
export function formatPrice(minor: number, currency: string, locale = "en-US"): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
