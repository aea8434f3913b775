/**
 * How an instant and its zone are written for a reader, on the server (lib/scheduling/time.ts) and
 * in the browser (components/demo/local-time.tsx, the course page's weekly times): the same text
 * from Intl alone, so the two agree. A zone reads as people say it, "Pacific Time (Los Angeles)",
 * not "America/Los_Angeles" nor "PDT" (issue 31 item 3). No Luxon here: the browser's leaves import it.
 */
export const INSTANT_FORMAT: Readonly<Intl.DateTimeFormatOptions> = {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

/** A month of a year, for what is dated no finer (a review): "Mar 2026". */
export const MONTH_FORMAT: Readonly<Intl.DateTimeFormatOptions> = { month: "short", year: "numeric" };

/**
 * The IANA names of zones the runtime's ICU (CLDR) still calls by an old name: renames of the same
 * place only (not the zones IANA merged into a neighbour, whose own names people still look for).
 * Luxon has no canonical form, so this is the one list; a new ICU that already answers the IANA
 * name simply never meets the old one.
 */
export const CANONICAL_ZONE_NAMES: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** Zones that are UTC by another name: they read "UTC". */
const UTC_NAMES = new Set([
  "UTC",
  "Etc/UTC",
  "Etc/UCT",
  "Etc/Universal",
  "Etc/Zulu",
  "UCT",
  "Universal",
  "Zulu",
  "Etc/GMT",
  "GMT",
  "Etc/GMT0",
  "Etc/Greenwich",
]);

/**
 * The zones the class finder's select offers besides the viewer's own (issue 29): where the
 * families and teachers of an English-language marketplace mostly live, one city per zone people
 * name. The whole IANA list (about 420 names) made the select most of /courses' HTML and of its
 * hydration (Lighthouse mobile 99); a search for another zone still works by URL, and the
 * viewer's zone is always among the options (the server's, or the browser's added by ZoneGuess).
 */
export const SEARCH_ZONES: readonly string[] = [
  "Pacific/Honolulu",
  "America/Anchorage",
  "America/Los_Angeles",
  "America/Vancouver",
  "America/Phoenix",
  "America/Denver",
  "America/Chicago",
  "America/Mexico_City",
  "America/New_York",
  "America/Toronto",
  "America/Halifax",
  "America/St_Johns",
  "America/Sao_Paulo",
  "UTC",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Lisbon",
  "Africa/Lagos",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/Madrid",
  "Europe/Rome",
  "Africa/Johannesburg",
  "Europe/Athens",
  "Africa/Cairo",
  "Africa/Nairobi",
  "Asia/Dubai",
  "Asia/Karachi",
  "Asia/Kolkata",
  "Asia/Dhaka",
  "Asia/Bangkok",
  "Asia/Singapore",
  "Asia/Manila",
  "Asia/Hong_Kong",
  "Asia/Shanghai",
  "Asia/Seoul",
  "Asia/Tokyo",
  "Australia/Perth",
  "Australia/Adelaide",
  "Australia/Brisbane",
  "Australia/Sydney",
  "Pacific/Auckland",
];

/** A zone in a select: its IANA name as the value, its label as the text. */
export interface ZoneOption {
  value: string;
  label: string;
}

const labels = new Map<string, string>();

/**
 * A zone as people say it: Intl's generic name ("Pacific Time", "India Standard Time", the same
 * all year) and the place of its IANA name, "Pacific Time (Los Angeles)"; the place is left out
 * when the name already says it ("Singapore Standard Time"). UTC and its aliases are "UTC"; a
 * fixed offset ("Etc/GMT+5") reads as Intl's "GMT-05:00". An unknown name is returned as it is.
 */
export function zoneLabel(zone: string): string {
  const known = labels.get(zone);
  if (known) return known;
  let label = zone;
  if (UTC_NAMES.has(zone)) label = "UTC";
  else {
    try {
      const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" }).formatToParts(new Date());
      const generic = parts.find((part) => part.type === "timeZoneName")?.value ?? zone;
      const named = CANONICAL_ZONE_NAMES[zone] ?? zone;
      const place = named.includes("/") && !named.startsWith("Etc/") ? (named.split("/").at(-1) ?? "").replaceAll("_", " ") : "";
      label = place && !generic.includes(place) ? `${generic} (${place})` : generic;
    } catch {
      // Not a zone Intl knows: its name is the best we have.
    }
  }
  labels.set(zone, label);
  return label;
}

/** The generic part of a zone's label, for a button: "Pacific Time" of "Pacific Time (Los Angeles)". */
export function zoneShortLabel(zone: string): string {
  return zoneLabel(zone).replace(/ \([^)]*\)$/, "");
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat in `zone`, made once per zone, options and locale: making one costs far
 * more than using it (a confirmation email's schedule line made four per message, issue 30).
 * Bounded by the zones in use times the handful of option sets in the code.
 */
export function zonedFormat(zone: string, options: Intl.DateTimeFormatOptions, locale = "en-US"): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone })));
  return format;
}

/**
 * "Tue, Mar 10, 2026, 9:00 AM Pacific Time (Los Angeles)"; in UTC, "Tue, Mar 10, 2026, 3:46 AM UTC".
 * `options` words a coarser reading the same way, the zone still named: MONTH_FORMAT gives "Mar 2026
 * Pacific Time (Los Angeles)" (a review's month).
 */
export function formatInstant(date: Date, zone: string, locale = "en-US", options: Intl.DateTimeFormatOptions = INSTANT_FORMAT): string {
  const format = zonedFormat(zone, options, locale);
  return `${format.format(date)} ${zoneLabel(zone)}`;
}
