import "server-only";

import { and, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { IANAZone } from "luxon";

import type { CourseCategory } from "@/lib/platform/constants";
import { getDb } from "@/lib/platform/db/client";
import { bookings, courses, sections, teacherProfiles, waitlistEntries } from "@/lib/platform/db/schema";
import { sectionOnSaleWhere, seatsLeftShown } from "@/lib/scheduling/section-sale";
import { cachedSectionBusyTimes, cachedSessionsWithChanges } from "@/lib/scheduling/session-cache";
import { sectionFacts } from "@/lib/scheduling/section-facts";
import { loadUpcomingSessionChanges } from "@/lib/scheduling/session-changes";
import type { SessionChange } from "@/lib/scheduling/session-overrides";
import { isLiveSeat, shownSeatsBySection, type ShownSeatCount } from "@/lib/scheduling/slots";
import { isValidTimeZone, todayIn, WallClocks } from "@/lib/scheduling/time";
import { formatPrice, weeklyTimesLabel } from "@/lib/scheduling/weekly-times";
import { formatInstant } from "@/lib/scheduling/zone-name";

import { DAY_PARTS, filtersToHref, type ClassType, type SearchFilters } from "./filters";
import { hasTimeFilters, matchesTime, viewerClock } from "./viewer-clock";

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** The sessions looked at for each section: its next two weeks (every weekday of a weekly rule, twice). */
const LOOKAHEAD_MS = 2 * WEEK_MS;
/** How far a section whose sessions in the look-ahead are all cancelled is looked at for its next one. */
const NEXT_SESSION_HORIZON_MS = 53 * WEEK_MS;
/** Money filters are in whole units of the one configured currency (ARCHITECTURE: Money), its minor units in hundredths. */
const MINOR_PER_UNIT = 100;
export const MAX_COURSE_GROUPS = 30;
/** Sections shown per course, the soonest first; the course page lists them all. */
export const MAX_SECTIONS_PER_COURSE = 4;

export interface FoundSection {
  id: number;
  classType: ClassType;
  teacherName: string;
  teacherSlug: string;
  /** "Saturdays 10:00 AM Eastern Time (New York)": the weekly times on the viewer's clock, named. */
  weeklyTimes: string;
  /**
   * The next sessions as held (a moved one at its new time, a cancelled one left out, a make-up in),
   * those on the days and hours asked first, on the viewer's clock: "Sat, Mar 14, 2026, 10:00 AM Eastern Time (New York)".
   */
  nextTimes: Array<{ instant: string; label: string }>;
  durationMinutes: number;
  price: string;
  priceMinor: number;
  seatsLeft: number;
}

export interface FoundCourse {
  id: number;
  slug: string;
  title: string;
  category: CourseCategory;
  description: string;
  gradeMin: number;
  gradeMax: number;
  sections: FoundSection[];
  /** Sections found beyond those shown (the course page has them). */
  moreSections: number;
}

export interface Suggestion {
  /** "at other times", "for other grades" ... */
  label: string;
  href: string;
  count: number;
}

export interface SearchResult {
  zone: string;
  courses: FoundCourse[];
  /** Sections found (all of them, beyond the groups shown). */
  sectionCount: number;
  courseCount: number;
  /** With nothing found: the nearest searches that find something. */
  suggestions: Suggestion[];
}

interface Candidate {
  section: {
    id: number;
    courseId: number;
    classType: ClassType;
    capacity: number;
    priceMinor: number;
    currency: string;
    startsOn: string;
    endsOn: string | null;
    startMinute: number;
    timezone: string;
    rrule: string;
    durationMinutes: number;
    status: "draft" | "open" | "full" | "closed";
  };
  teacherName: string;
  teacherSlug: string;
  rank: number;
  /** The section's single-session changes that touch its sessions to come (loadSessionChanges). */
  sessionChanges: SessionChange[];
}

/** The database's part: sections on sale of published courses and approved teachers, by the filters that are columns. */
async function candidates(filters: SearchFilters, zone: string, now: Date): Promise<Candidate[]> {
  const db = await getDb();
  const where: Array<SQL | undefined> = [sectionOnSaleWhere(now)];
  // A section whose last day has passed has nothing left to join (a day of slack for the zones).
  where.push(or(sql`${sections.endsOn} is null`, gte(sections.endsOn, todayIn("UTC", new Date(now.getTime() - DAY_MS)))));
  let rank: SQL<number> = sql<number>`0`;
  if (filters.q) {
    // websearch_to_tsquery reads any text (quotes, operators, SQL, emoji) as words; a query with no
    // word left (only stop words or signs) filters nothing. The teacher's name counts as the course's words.
    const query = sql`websearch_to_tsquery('english', ${filters.q})`;
    const document = sql`(${courses.searchVector} || ${teacherProfiles.nameVector})`;
    where.push(sql`(numnode(${query}) = 0 or ${document} @@ ${query})`);
    rank = sql<number>`ts_rank(${document}, ${query})`;
  }
  if (filters.category) where.push(eq(courses.category, filters.category));
  if (filters.grade !== undefined) where.push(lte(courses.gradeMin, filters.grade), gte(courses.gradeMax, filters.grade));
  if (filters.type) where.push(eq(sections.classType, filters.type));
  if (filters.minPrice !== undefined) where.push(gte(sections.priceMinor, Math.round(filters.minPrice * MINOR_PER_UNIT)));
  if (filters.maxPrice !== undefined) where.push(lte(sections.priceMinor, Math.round(filters.maxPrice * MINOR_PER_UNIT)));
  if (filters.weeks !== undefined) {
    // The first day may be at most N weeks (and a day, for the zones) from the viewer's today.
    const last = new Date(now.getTime() + filters.weeks * WEEK_MS + DAY_MS);
    where.push(lte(sections.startsOn, todayIn(zone, last)));
  }
  where.push(await startTimePrefilter(filters, zone, now));
  // Only what the viewer-clock filter needs, for every candidate: the courses' words are read for those shown.
  const query = db
    .select({
      section: {
        id: sections.id,
        courseId: sections.courseId,
        classType: sections.classType,
        capacity: sections.capacity,
        priceMinor: sections.priceMinor,
        currency: sections.currency,
        startsOn: sections.startsOn,
        endsOn: sections.endsOn,
        startMinute: sections.startMinute,
        timezone: sections.timezone,
        rrule: sections.rrule,
        durationMinutes: sections.durationMinutes,
        status: sections.status,
      },
      teacherName: teacherProfiles.publicName,
      teacherSlug: teacherProfiles.slug,
      rank,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .where(and(...where));
  // The single-session changes to come, beside it (the sessions shown are those held).
  const [rows, changes] = await Promise.all([query, loadUpcomingSessionChanges(db, now)]);
  return rows.map((row) => ({ ...row, rank: Number(row.rank), sessionChanges: changes.get(row.section.id) ?? [] }));
}

/** Slack around the hours asked, for the prefilter: clock changes in the next weeks move a start by an hour at most. */
const PREFILTER_SLACK_MINUTES = 90;

/**
 * A coarse cut in the database for the time-of-day filters (the exact test is matchTimes'): a
 * section's start minute moved by the difference of its zone's and the viewer's offsets now, within
 * the hours asked give or take PREFILTER_SLACK_MINUTES. The offsets come from Luxon (one per zone the
 * sections use), so PostgreSQL needs no zone names of its own.
 */
async function startTimePrefilter(filters: SearchFilters, zone: string, now: Date): Promise<SQL | undefined> {
  const windows: Array<Array<[number, number]>> = [];
  if (filters.parts.length > 0) windows.push(filters.parts.map((part) => [DAY_PARTS[part].from, DAY_PARTS[part].to]));
  if (filters.from !== undefined || filters.to !== undefined) windows.push([[filters.from ?? 0, filters.to ?? 24 * 60]]);
  if (windows.length === 0) return undefined;
  const db = await getDb();
  const zones = await db.selectDistinct({ timezone: sections.timezone }).from(sections);
  const viewerOffset = IANAZone.create(zone).offset(now.getTime());
  const cases = zones.flatMap(({ timezone }) => {
    const own = IANAZone.create(timezone);
    return own.isValid ? [sql`when ${timezone} then ${viewerOffset - own.offset(now.getTime())}::int`] : [];
  });
  if (cases.length === 0) return undefined;
  const local = sql`(${sections.startMinute} + (case ${sections.timezone} ${sql.join(cases, sql` `)} else null end) + 2880)`;
  const within = ([from, to]: [number, number]) => {
    const width = to - from + 2 * PREFILTER_SLACK_MINUTES;
    if (width >= 24 * 60) return sql`true`;
    return sql`((${local} - ${from - PREFILTER_SLACK_MINUTES}::int) % 1440) < ${width}::int`;
  };
  // A zone Luxon cannot read (null offset) is left to the exact test.
  return and(...windows.map((list) => sql`(${local} is null or ${or(...list.map(within))})`));
}

interface Matched {
  candidate: Candidate;
  /** The rule's session starts (epoch ms) in the look-ahead: the regular schedule, which the weekday and hour filters match. */
  starts: number[];
  /** The next sessions as held (epoch ms), those that match the time filters first when any does: what is shown. */
  next: number[];
}

/**
 * The part on the viewer's clock: each section's sessions in the look-ahead, kept when one falls on
 * the days and hours asked. A recurring class matches by its regular schedule (the rule): one
 * session moved to a Saturday does not make a Tuesday class a Saturday class, and one cancelled does
 * not hide it. What is shown and sorted by is true: its sessions as held (sectionSessionsWithChanges),
 * and "starts within N weeks" counts its first session as held.
 */
function matchTimes(list: Candidate[], filters: SearchFilters, zone: string, now: Date): Matched[] {
  const clock = viewerClock(zone);
  const clocks = new WallClocks();
  const timeFiltered = hasTimeFilters(filters);
  const horizon = filters.weeks !== undefined ? now.getTime() + filters.weeks * WEEK_MS : Infinity;
  const out: Matched[] = [];
  for (const candidate of list) {
    const { section } = candidate;
    // A section that has not begun is looked at from its first day.
    const firstDay = Date.parse(`${section.startsOn}T00:00:00Z`) - DAY_MS;
    const from = Math.max(now.getTime(), firstDay);
    const starts = cachedSectionBusyTimes(section, new Date(from), new Date(from + LOOKAHEAD_MS), clocks).map((b) => b.start);
    const matches = (start: number) => matchesTime(clock(start), filters);
    let matching = timeFiltered ? starts.filter(matches) : starts;
    if (timeFiltered && matching.length === 0) continue;
    let held = starts;
    if (candidate.sessionChanges.length > 0) {
      const withChanges = { ...section, sessionChanges: candidate.sessionChanges };
      held = heldStarts(withChanges, from, from + LOOKAHEAD_MS, clocks);
      // Every session in the look-ahead cancelled (a break): its next one, further on.
      if (held.length === 0) held = heldStarts(withChanges, from, from + NEXT_SESSION_HORIZON_MS, clocks).slice(0, 3);
      matching = timeFiltered ? held.filter(matches) : held;
    }
    const first = held[0];
    if (first === undefined || first >= horizon) continue;
    out.push({ candidate, starts, next: matching.length > 0 ? matching : held });
  }
  return out;
}

function heldStarts(
  section: Candidate["section"] & { sessionChanges: SessionChange[] },
  from: number,
  to: number,
  clocks: WallClocks,
): number[] {
  return cachedSessionsWithChanges(section, new Date(from), new Date(to), clocks).map((session) => session.start);
}

type CourseRow = Omit<FoundCourse, "sections" | "moreSections">;

/** One search, without suggestions: the sections found, grouped by course (best rank first with words, else by title). */
async function run(filters: SearchFilters, zone: string, now: Date) {
  const matched = matchTimes(await candidates(filters, zone, now), filters, zone, now);
  const db = await getDb();
  const byCourse = new Map<number, Matched[]>();
  for (const m of matched) {
    const list = byCourse.get(m.candidate.section.courseId) ?? [];
    list.push(m);
    byCourse.set(m.candidate.section.courseId, list);
  }
  for (const list of byCourse.values()) list.sort((a, b) => a.next[0]! - b.next[0]!);
  // Seats are counted for every section found only when the filter needs them; else for those shown.
  const seats = new Map<number, Required<ShownSeatCount>>();
  const countSeats = async (ids: number[]) => {
    const missing = ids.filter((id) => !seats.has(id));
    if (missing.length === 0) return;
    // Most sections have no live seat and nobody in line: their counts are all zero. The exact count
    // (shownSeatsBySection: lapsed holds, offers, the line) is read for the others only.
    const [seated, waiting] = await Promise.all([
      db
        .selectDistinct({ id: bookings.sectionId })
        .from(bookings)
        .where(and(inArray(bookings.sectionId, missing), isLiveSeat)),
      db
        .selectDistinct({ id: waitlistEntries.sectionId })
        .from(waitlistEntries)
        .where(and(inArray(waitlistEntries.sectionId, missing), inArray(waitlistEntries.status, ["waiting", "offered"]))),
    ]);
    const busy = new Set([...seated, ...waiting].map((row) => row.id).filter((id): id is number => id !== null));
    for (const id of missing) if (!busy.has(id)) seats.set(id, { taken: 0, lapsed: 0, offers: 0, waiting: 0 });
    for (const [id, counted] of await shownSeatsBySection(db, [...busy], now)) seats.set(id, counted);
  };
  const seatsOf = (m: Matched) => seatsLeftShown(m.candidate.section, seats.get(m.candidate.section.id) ?? { taken: 0, lapsed: 0 });
  let groups = [...byCourse.values()];
  if (filters.seats) {
    await countSeats(matched.map((m) => m.candidate.section.id));
    groups = groups.map((list) => list.filter((m) => seatsOf(m) > 0)).filter((list) => list.length > 0);
  }
  return { groups, seatsOf, countSeats };
}

async function courseRows(ids: number[]): Promise<Map<number, CourseRow>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      category: courses.category,
      description: courses.description,
      gradeMin: courses.gradeMin,
      gradeMax: courses.gradeMax,
    })
    .from(courses)
    .where(inArray(courses.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

async function present(
  groups: Matched[][],
  filters: SearchFilters,
  zone: string,
  { seatsOf, countSeats }: Pick<Awaited<ReturnType<typeof run>>, "seatsOf" | "countSeats">,
  now: Date,
): Promise<FoundCourse[]> {
  const info = await courseRows(groups.map((list) => list[0]!.candidate.section.courseId));
  const ordered = groups.filter((list) => info.has(list[0]!.candidate.section.courseId));
  if (filters.q) {
    const best = (list: Matched[]) => Math.max(...list.map((m) => m.candidate.rank));
    ordered.sort((a, b) => best(b) - best(a));
  } else {
    const title = (list: Matched[]) => info.get(list[0]!.candidate.section.courseId)!.title;
    ordered.sort((a, b) => title(a).localeCompare(title(b), "en"));
  }
  const shown = ordered.slice(0, MAX_COURSE_GROUPS).map((list) => list.slice(0, MAX_SECTIONS_PER_COURSE));
  await countSeats(shown.flat().map((m) => m.candidate.section.id));
  const seatPriceOf = (section: Candidate["section"]) => sectionFacts(section, now).seatPriceMinor;
  return shown.map((list, index) => ({
    ...info.get(list[0]!.candidate.section.courseId)!,
    moreSections: ordered[index]!.length - list.length,
    sections: list.map((m) => {
      const { section } = m.candidate;
      // One week of the regular sessions from the next: every weekday once (less half a day: a clock
      // change moves next week's an hour). A section past its rule's end has only its make-ups.
      const regular = m.starts.length > 0 ? m.starts : m.next;
      const week = regular.filter((start) => start < regular[0]! + WEEK_MS - DAY_MS / 2).map((start) => new Date(start).toISOString());
      return {
        id: section.id,
        classType: section.classType,
        teacherName: m.candidate.teacherName,
        teacherSlug: m.candidate.teacherSlug,
        weeklyTimes: weeklyTimesLabel(week, zone),
        nextTimes: m.next.slice(0, 3).map((start) => {
          const instant = new Date(start).toISOString();
          return { instant, label: formatInstant(new Date(start), zone) };
        }),
        durationMinutes: section.durationMinutes,
        // What a seat costs now, as the course page, the cart and the receipt say it (a running class: its sessions left).
        price: formatPrice(seatPriceOf(section), section.currency),
        priceMinor: seatPriceOf(section),
        seatsLeft: seatsOf(m),
      };
    }),
  }));
}

const count = (groups: Matched[][]) => groups.reduce((n, list) => n + list.length, 0);

/** The nearest searches to one that found nothing: each drops one kind of filter (times, grade, type and price, ...). */
const RELAXATIONS: Array<{ label: string; applies: (f: SearchFilters) => boolean; relax: (f: SearchFilters) => SearchFilters }> = [
  {
    label: "at other times",
    applies: (f) => hasTimeFilters(f),
    relax: (f) => ({ ...f, days: [], parts: [], from: undefined, to: undefined }),
  },
  { label: "for other grades", applies: (f) => f.grade !== undefined, relax: (f) => ({ ...f, grade: undefined }) },
  {
    label: "of another class type or price",
    applies: (f) => f.type !== undefined || f.minPrice !== undefined || f.maxPrice !== undefined,
    relax: (f) => ({ ...f, type: undefined, minPrice: undefined, maxPrice: undefined }),
  },
  {
    label: "starting later or full now",
    applies: (f) => f.weeks !== undefined || f.seats === true,
    relax: (f) => ({ ...f, weeks: undefined, seats: undefined }),
  },
  { label: "in every category", applies: (f) => f.category !== undefined, relax: (f) => ({ ...f, category: undefined }) },
];

/** How many nearer searches an empty one tries (each a full query): the cap on public work per search. */
export const MAX_RELAXED_SEARCHES = 3;

/**
 * Issue 29: /courses with filters. Sections on sale (published course, approved teacher, sessions
 * still to come) that match the words (title, description, teacher's name: PostgreSQL full-text
 * search), the category, grade, class type, price, seats and start, and, on the viewer's own clock
 * (`zone`), the weekdays and hours; grouped by course, with their next times in that zone.
 * Nothing found: the nearest searches that find something, each one filter kind dropped.
 */
export async function searchSections(filters: SearchFilters, zone: string, now = new Date()): Promise<SearchResult> {
  // Checked once here (the formatting below trusts it): a name Intl does not know reads as UTC.
  if (!isValidTimeZone(zone)) zone = "UTC";
  const found = await run(filters, zone, now);
  const { groups } = found;
  const suggestions: Suggestion[] = [];
  if (groups.length === 0) {
    // Issue 40: an empty search costs at most MAX_RELAXED_SEARCHES more queries, the nearest first.
    for (const relaxation of RELAXATIONS.filter((r) => r.applies(filters)).slice(0, MAX_RELAXED_SEARCHES)) {
      const relaxed = relaxation.relax(filters);
      const found = count((await run(relaxed, zone, now)).groups);
      if (found > 0) {
        suggestions.push({
          label: relaxation.label,
          href: filtersToHref({ ...relaxed, tz: zone }),
          count: found,
        });
      }
    }
  }
  return {
    zone,
    courses: await present(groups, filters, zone, found, now),
    sectionCount: count(groups),
    courseCount: groups.length,
    suggestions,
  };
}
