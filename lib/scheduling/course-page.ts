import "server-only";

import { and, asc, eq } from "drizzle-orm";

import type { CourseCategory } from "@/lib/platform/constants";
import { getDb } from "@/lib/platform/db/client";
import { courses, sections, teacherProfiles } from "@/lib/platform/db/schema";

import { sectionFacts, sectionFactsLine } from "./section-facts";
import { seatsLeftShown, sectionOnSaleWhere } from "./section-sale";
import { withSessionChanges } from "./session-changes";
import { nextSessionWithChanges } from "./session-overrides";
import { parseWeeklyRule, sectionSessions } from "./sessions";
import { shownSeatsBySection } from "./slots";
import { minuteToClock } from "./time";
import { formatPrice, weeklyTimesLabel } from "./weekly-times";

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const YEAR_MS = 366 * DAY_MS;

export interface CoursePageSection {
  id: number;
  classType: "one_on_one" | "group";
  teacherName: string;
  /** The teacher page's slug (/teachers/{slug}, issue 29). */
  teacherSlug: string;
  /** One week of sessions from now (UTC ISO instants): the weekly times, for the viewer's zone. */
  weekInstants: string[];
  /** The same in the section's zone, with its name, as the server renders it. */
  weeklyTimes: string;
  timezone: string;
  /** The recurrence in the section's wall clock (schema.org Schedule): ISO weekdays, "16:00", dates. */
  weekdays: number[];
  startTime: string;
  startsOn: string;
  endsOn: string | null;
  durationMinutes: number;
  /** The next session as held: a moved one at its new time, a cancelled one skipped (the structured data's startDate). */
  nextStartsAt: string;
  price: string;
  priceMinor: number;
  currency: string;
  seatsLeft: number;
  /** Children in line for a seat (waiting or offered one): shown beside "Join the waitlist" when full. */
  inLine: number;
  /** What the price buys: dates, sessions, the price of one. */
  facts: string;
}

export interface CoursePage {
  /** The booking form's course option (its "Book a free demo" link carries it). */
  id: number;
  slug: string;
  title: string;
  category: CourseCategory;
  description: string;
  gradeMin: number;
  gradeMax: number;
  classTypes: Array<"one_on_one" | "group">;
  teachers: Array<{ name: string; bio: string; slug: string }>;
  sections: CoursePageSection[];
}

/** ISO weekdays (1 = Monday) of a stored weekly rule. */
function weekdaysOf(rrule: string): number[] {
  const days = parseWeeklyRule(rrule).byweekday;
  const list = days === undefined || days === null ? [] : Array.isArray(days) ? days : [days];
  return list
    .map(
      (day) =>
        (typeof day === "number" ? day : typeof day === "string" ? ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].indexOf(day) : day.weekday) +
        1,
    )
    .sort((a, b) => a - b);
}

/** Slugs of the published courses (the course pages built ahead). */
export async function listPublishedCourseSlugs(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ slug: courses.slug }).from(courses).where(eq(courses.isPublished, true)).orderBy(asc(courses.slug));
  return rows.map((row) => row.slug);
}

/**
 * What /courses/{slug} shows of a published course, or null: its sections on sale (open or full)
 * with sessions still to come, taught by approved teachers only (an unapproved profile is not
 * public), each with its weekly times, price and seats left (capacity minus seats held or
 * confirmed, a card hold that ran out counting as free: seatsLeftShown; none in a full section,
 * which the page shows as full).
 */
export async function findCoursePage(slug: string, now = new Date()): Promise<CoursePage | null> {
  const db = await getDb();
  const [course] = await db
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
    .where(and(eq(courses.slug, slug), eq(courses.isPublished, true)));
  if (!course) return null;

  const rows = await db
    .select({
      section: sections,
      teacherName: teacherProfiles.publicName,
      teacherBio: teacherProfiles.bio,
      teacherSlug: teacherProfiles.slug,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .where(and(eq(sections.courseId, course.id), sectionOnSaleWhere(now)))
    .orderBy(asc(sections.startsOn), asc(sections.id));

  const ids = rows.map((row) => row.section.id);
  const bookedOf = await shownSeatsBySection(db, ids, now);

  const list: CoursePageSection[] = [];
  const teachers = new Map<string, { name: string; bio: string; slug: string }>();
  const changed = await withSessionChanges(
    db,
    rows.map((row) => row.section),
  );
  for (const [index, { teacherName, teacherBio, teacherSlug }] of rows.entries()) {
    const section = changed[index]!;
    // The rule's sessions from now: the first week gives the weekly times; a section with none left is not shown.
    const upcoming = sectionSessions(section, now, new Date(now.getTime() + WEEK_MS * 2));
    const first = upcoming[0];
    // The next class as held: past a cancelled one, a moved one at its new time.
    const next = first && nextSessionWithChanges(section, now, new Date(now.getTime() + YEAR_MS));
    if (!first || !next) continue;
    // Six and a half days: each weekday once, even when a clock change moves next week's first session an hour earlier.
    const weekEnd = Date.parse(first.startsAt) + WEEK_MS - DAY_MS / 2;
    const weekInstants = upcoming.filter((s) => Date.parse(s.startsAt) < weekEnd).map((s) => s.startsAt);
    teachers.set(teacherSlug, { name: teacherName, bio: teacherBio, slug: teacherSlug });
    const facts = sectionFacts(section, now);
    list.push({
      id: section.id,
      classType: section.classType,
      teacherName,
      teacherSlug,
      weekInstants,
      weeklyTimes: weeklyTimesLabel(weekInstants, section.timezone),
      timezone: section.timezone,
      weekdays: weekdaysOf(section.rrule),
      startTime: minuteToClock(section.startMinute),
      startsOn: section.startsOn,
      endsOn: section.endsOn,
      durationMinutes: section.durationMinutes,
      nextStartsAt: next.startsAt,
      // Issue 39: a running class's seat costs its price per session times the sessions left (SEAT_PRICE_RULE).
      price: formatPrice(facts.seatPriceMinor, section.currency),
      priceMinor: facts.seatPriceMinor,
      currency: section.currency,
      seatsLeft: seatsLeftShown(section, bookedOf.get(section.id) ?? { taken: 0, lapsed: 0 }),
      inLine: (bookedOf.get(section.id)?.waiting ?? 0) + (bookedOf.get(section.id)?.offers ?? 0),
      facts: sectionFactsLine(facts, section.currency),
    });
  }
  return {
    ...course,
    classTypes: [...new Set(list.map((s) => s.classType))].sort(),
    teachers: [...teachers.values()],
    sections: list,
  };
}
