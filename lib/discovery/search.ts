import "server-only";

import { and, asc, eq, gte, lte, or, sql, type SQL } from "drizzle-orm";

import type { CourseCategory } from "@/lib/platform/constants";
import { getDb } from "@/lib/platform/db/client";
import { courses, sections, teacherProfiles } from "@/lib/platform/db/schema";
import { sectionOnSaleWhere, seatsLeftShown } from "@/lib/scheduling/section-sale";
import { cachedSectionBusyTimes } from "@/lib/scheduling/session-cache";
import { shownSeatsBySection } from "@/lib/scheduling/slots";
import { formatInstantInZone, todayIn, WallClocks } from "@/lib/scheduling/time";
import { formatPrice, weeklyTimesLabel } from "@/lib/scheduling/weekly-times";

import { filtersToHref, type ClassType, type SearchFilters } from "./filters";
import { hasTimeFilters, matchesTime, viewerClock } from "./viewer-clock";

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** The sessions looked at for each section: its next two weeks (every weekday of a weekly rule, twice). */
const LOOKAHEAD_MS = 2 * WEEK_MS;
/** Money filters are in whole units of the one configured currency (ARCHITECTURE: Money), its minor units in hundredths. */
const MINOR_PER_UNIT = 100;
export const MAX_COURSE_GROUPS = 30;

export interface FoundSection {
  id: number;
  classType: ClassType;
  teacherName: string;
  teacherSlug: string;
  /** "Saturdays 10:00 AM Eastern Time (New York)": the weekly times on the viewer's clock, named. */
  weeklyTimes: string;
  /** The next sessions that match the filters, on the viewer's clock: "Sat, Mar 14, 2026, 10:00 AM Eastern Time (New York)". */
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
  course: Omit<FoundCourse, "sections">;
  teacherName: string;
  teacherSlug: string;
  rank: number;
}

/** The database's part: sections on sale of published courses and approved teachers, by the filters that are columns. */
async function candidates(filters: SearchFilters, zone: string, now: Date): Promise<Candidate[]> {
  const db = await getDb();
  const where: Array<SQL | undefined> = [sectionOnSaleWhere()];
  // A section whose last day has passed has nothing left to join (a day of slack for the zones).
  where.push(or(sql`${sections.endsOn} is null`, gte(sections.endsOn, todayIn("UTC", new Date(now.getTime() - DAY_MS)))));
  let rank: SQL<number> = sql<number>`0`;
  if (filters.q) {
    // websearch_to_tsquery reads any text (quotes, operators, SQL, emoji) as words; a query with no
    // word left (only stop words or signs) filters nothing. The teacher's name counts as the course's words.
    const query = sql`websearch_to_tsquery('english', ${filters.q})`;
    const document = sql`(${courses.searchVector} || to_tsvector('english', ${teacherProfiles.publicName}))`;
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
  const rows = await db
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
      course: {
        id: courses.id,
        slug: courses.slug,
        title: courses.title,
        category: courses.category,
        description: courses.description,
        gradeMin: courses.gradeMin,
        gradeMax: courses.gradeMax,
      },
      teacherName: teacherProfiles.publicName,
      teacherSlug: teacherProfiles.slug,
      rank,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .where(and(...where))
    .orderBy(asc(courses.title), asc(sections.id));
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}

interface Matched {
  candidate: Candidate;
  /** Session starts (epoch ms) in the look-ahead, and those that match the time filters. */
  starts: number[];
  matching: number[];
}

/** The part on the viewer's clock: each section's next sessions, kept when one falls on the days and hours asked. */
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
    const busy = cachedSectionBusyTimes(section, new Date(from), new Date(from + LOOKAHEAD_MS), clocks);
    const starts = busy.map((b) => b.start);
    const next = starts[0];
    if (next === undefined || next >= horizon) continue;
    const matching = timeFiltered ? starts.filter((start) => matchesTime(clock(start), filters)) : starts;
    if (matching.length === 0) continue;
    out.push({ candidate, starts, matching });
  }
  return out;
}

/** One search, without suggestions: the sections found, grouped by course. */
async function run(filters: SearchFilters, zone: string, now: Date) {
  const matched = matchTimes(await candidates(filters, zone, now), filters, zone, now);
  const db = await getDb();
  // Seats are counted for every section only when the filter needs them; else for those shown.
  const byCourse = new Map<number, Matched[]>();
  for (const m of matched) {
    const list = byCourse.get(m.candidate.course.id) ?? [];
    list.push(m);
    byCourse.set(m.candidate.course.id, list);
  }
  let groups = [...byCourse.values()];
  if (filters.q) {
    const best = (list: Matched[]) => Math.max(...list.map((m) => m.candidate.rank));
    groups.sort((a, b) => best(b) - best(a));
  }
  const counted = filters.seats ? groups : groups.slice(0, MAX_COURSE_GROUPS);
  const seats = await shownSeatsBySection(
    db,
    counted.flatMap((list) => list.map((m) => m.candidate.section.id)),
    now,
  );
  const seatsOf = (m: Matched) => seatsLeftShown(m.candidate.section, seats.get(m.candidate.section.id) ?? { taken: 0, lapsed: 0 });
  if (filters.seats) {
    groups = groups.map((list) => list.filter((m) => seatsOf(m) > 0)).filter((list) => list.length > 0);
  }
  return { groups, seatsOf };
}

function present(groups: Matched[][], seatsOf: (m: Matched) => number, zone: string): FoundCourse[] {
  return groups.slice(0, MAX_COURSE_GROUPS).map((list) => ({
    ...list[0]!.candidate.course,
    sections: list
      .sort((a, b) => a.matching[0]! - b.matching[0]!)
      .map((m) => {
        const { section } = m.candidate;
        // One week of sessions from the next: every weekday once (less half a day: a clock change moves next week's an hour).
        const week = m.starts.filter((start) => start < m.starts[0]! + WEEK_MS - DAY_MS / 2).map((start) => new Date(start).toISOString());
        return {
          id: section.id,
          classType: section.classType,
          teacherName: m.candidate.teacherName,
          teacherSlug: m.candidate.teacherSlug,
          weeklyTimes: weeklyTimesLabel(week, zone),
          nextTimes: m.matching.slice(0, 3).map((start) => {
            const instant = new Date(start).toISOString();
            return { instant, label: formatInstantInZone(instant, zone) };
          }),
          durationMinutes: section.durationMinutes,
          price: formatPrice(section.priceMinor, section.currency),
          priceMinor: section.priceMinor,
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

/**
 * Issue 29: /courses with filters. Sections on sale (published course, approved teacher, sessions
 * still to come) that match the words (title, description, teacher's name: PostgreSQL full-text
 * search), the category, grade, class type, price, seats and start, and, on the viewer's own clock
 * (`zone`), the weekdays and hours; grouped by course, with their next times in that zone.
 * Nothing found: the nearest searches that find something, each one filter kind dropped.
 */
export async function searchSections(filters: SearchFilters, zone: string, now = new Date()): Promise<SearchResult> {
  const { groups, seatsOf } = await run(filters, zone, now);
  const suggestions: Suggestion[] = [];
  if (groups.length === 0) {
    for (const relaxation of RELAXATIONS) {
      if (!relaxation.applies(filters)) continue;
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
  return { zone, courses: present(groups, seatsOf, zone), sectionCount: count(groups), courseCount: groups.length, suggestions };
}
