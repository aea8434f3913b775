import { zoneLabel } from "./zone-name";

interface WeeklyFormats {
  weekday: Intl.DateTimeFormat;
  dayName: Intl.DateTimeFormat;
  clock: Intl.DateTimeFormat;
  list: Intl.ListFormat;
}

/** Formatters are slow to make and safe to share: one set per zone and locale (a search labels hundreds of sections). */
const formats = new Map<string, WeeklyFormats>();

function formatsOf(timeZone: string, locale: string): WeeklyFormats {
  const key = `${locale}|${timeZone}`;
  let found = formats.get(key);
  if (!found) {
    found = {
      weekday: new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone }),
      dayName: new Intl.DateTimeFormat(locale, { weekday: "long", timeZone }),
      clock: new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone }),
      list: new Intl.ListFormat(locale, { type: "conjunction" }),
    };
    formats.set(key, found);
  }
  return found;
}

/**
 * A section's weekly times as a reader in `timeZone` sees them: "Tuesdays and Thursdays 4:00 PM
 * United Kingdom Time (London)". Intl only (no Luxon), so the course page's client leaf can use it too: the
 * server renders it in the section's zone, the browser again in the viewer's.
 */
export function weeklyTimesLabel(instants: string[], timeZone: string, locale = "en-US"): string {
  const { weekday, dayName, clock, list } = formatsOf(timeZone, locale);
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
  const parts = [...byTime].map(([time, days]) => `${list.format(days)} ${time}`);
  return `${parts.join("; ")} ${zoneLabel(timeZone)}`;
}

/** Integer minor units as a decimal string in the currency's own decimals: 14900 USD is "149.00" (schema.org Offer). */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}

/** One formatter per currency and locale: making one costs more than formatting hundreds of prices. */
const priceFormats = new Map<string, Intl.NumberFormat>();

/** Integer minor units as money in their currency: 14900 USD is "$149.00", 5000 JPY "¥5,000". */
export function formatPrice(minor: number, currency: string, locale = "en-US"): string {
  const key = `${locale}|${currency}`;
  let format = priceFormats.get(key);
  if (!format) priceFormats.set(key, (format = new Intl.NumberFormat(locale, { style: "currency", currency })));
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
