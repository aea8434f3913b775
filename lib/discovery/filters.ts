import { COURSE_CATEGORIES, type CourseCategory } from "@/lib/platform/constants";
import { z } from "@/lib/platform/zod";

/**
 * Issue 29: the filters of /courses, read from its URL (a GET form, so a search is a link that can
 * be shared and the back button works). Each parameter is read on its own: an unknown one, or a
 * value that does not parse, is dropped and the rest are kept; nothing here throws.
 */

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** Parts of the day, by the start time on the viewer's own clock: [from, to) in minutes after midnight. */
export const DAY_PARTS = {
  morning: { label: "Morning", hours: "6 AM to noon", from: 6 * 60, to: 12 * 60 },
  afternoon: { label: "Afternoon", hours: "noon to 3 PM", from: 12 * 60, to: 15 * 60 },
  "after-school": { label: "After school", hours: "3 PM to 6 PM", from: 15 * 60, to: 18 * 60 },
  evening: { label: "Evening", hours: "6 PM to 10 PM", from: 18 * 60, to: 22 * 60 },
} as const;
export type DayPart = keyof typeof DAY_PARTS;
export const DAY_PART_NAMES = Object.keys(DAY_PARTS) as DayPart[];

export const CLASS_TYPES = ["group", "one_on_one"] as const;
export type ClassType = (typeof CLASS_TYPES)[number];
export const CLASS_TYPE_LABELS: Record<ClassType, string> = { group: "Group classes", one_on_one: "1-on-1 classes" };

export const MAX_QUERY_LENGTH = 100;
export const MAX_WEEKS = 12;

export interface SearchFilters {
  q?: string;
  category?: CourseCategory;
  grade?: number;
  type?: ClassType;
  /** Whole units of the currency (dollars); an upside-down range is swapped. */
  minPrice?: number;
  maxPrice?: number;
  days: Weekday[];
  parts: DayPart[];
  /** Exact hours: a start at or after `from` and before `to`, minutes on the viewer's clock. */
  from?: number;
  to?: number;
  /** Only sections with a seat left. */
  seats?: true;
  /** Only sections whose next class is within this many weeks. */
  weeks?: number;
  /** The viewer's zone as the URL names it (an IANA name), when it does. */
  tz?: string;
}

/** The URL's parameters that are filters (a link with only others, ?utm_source=..., is the plain catalogue). */
export const FILTER_PARAMS = ["q", "category", "grade", "type", "min", "max", "day", "time", "from", "to", "seats", "weeks", "tz"] as const;

export type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

function all(params: RawParams, key: string): string[] {
  if (params instanceof URLSearchParams) return params.getAll(key);
  const value = params[key];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

const first = (params: RawParams, key: string): string | undefined => all(params, key).find((v) => v.trim() !== "");

export function hasFilters(params: RawParams): boolean {
  return FILTER_PARAMS.some((key) => all(params, key).length > 0);
}

const wholeNumber = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const price = z.coerce.number().min(0).max(100_000);
const clock = z
  .string()
  .regex(/^([01]?\d|2[0-4])(:[0-5]\d)?$/)
  .transform((value) => {
    const [h = "0", m = "0"] = value.split(":");
    return Number(h) * 60 + Number(m);
  })
  .pipe(z.number().max(24 * 60));

function read<T>(schema: z.ZodType<T>, value: string | undefined): T | undefined {
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value.trim());
  return parsed.success ? parsed.data : undefined;
}

function isZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return /^[A-Za-z_+\-/0-9]{1,64}$/.test(name);
  } catch {
    return false;
  }
}

/** The filters of a URL's parameters; anything unknown or malformed is left out. */
export function parseFilters(params: RawParams): SearchFilters {
  const q = first(params, "q")
    ?.replace(/[\u0000-\u001f\u007f]/g, " ")
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
  const category = first(params, "category");
  const type = first(params, "type");
  let minPrice = read(price, first(params, "min"));
  let maxPrice = read(price, first(params, "max"));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  let from = read(clock, first(params, "from"));
  let to = read(clock, first(params, "to"));
  if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
  const tz = first(params, "tz")?.trim();
  const filters: SearchFilters = {
    days: WEEKDAYS.filter((day) => all(params, "day").includes(day)),
    parts: DAY_PART_NAMES.filter((part) => all(params, "time").includes(part)),
  };
  if (q) filters.q = q;
  if (category && (COURSE_CATEGORIES as readonly string[]).includes(category)) filters.category = category as CourseCategory;
  const grade = read(wholeNumber(1, 12), first(params, "grade"));
  if (grade !== undefined) filters.grade = grade;
  if (type && (CLASS_TYPES as readonly string[]).includes(type)) filters.type = type as ClassType;
  if (minPrice !== undefined) filters.minPrice = minPrice;
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  if (from !== undefined) filters.from = from;
  if (to !== undefined) filters.to = to;
  if (["1", "on", "true", "yes"].includes(first(params, "seats") ?? "")) filters.seats = true;
  const weeks = read(wholeNumber(1, MAX_WEEKS), first(params, "weeks"));
  if (weeks !== undefined) filters.weeks = weeks;
  if (tz && isZone(tz)) filters.tz = tz;
  return filters;
}

const clockText = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** The filters back as a /courses URL (the links of the empty state's suggestions), in one order. */
export function filtersToHref(filters: SearchFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  if (filters.grade !== undefined) params.set("grade", String(filters.grade));
  if (filters.type) params.set("type", filters.type);
  if (filters.minPrice !== undefined) params.set("min", String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set("max", String(filters.maxPrice));
  for (const day of filters.days) params.append("day", day);
  for (const part of filters.parts) params.append("time", part);
  if (filters.from !== undefined) params.set("from", clockText(filters.from));
  if (filters.to !== undefined) params.set("to", clockText(filters.to));
  if (filters.seats) params.set("seats", "1");
  if (filters.weeks !== undefined) params.set("weeks", String(filters.weeks));
  if (filters.tz) params.set("tz", filters.tz);
  const query = params.toString();
  return query ? `/courses?${query}` : "/courses";
}

export { clockText };
