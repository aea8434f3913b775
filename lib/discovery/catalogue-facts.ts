import "server-only";

import { and, eq } from "drizzle-orm";
import { unstable_cache } from "next/cache";

import { getDb } from "@/lib/platform/db/client";
import { courses, sections, teacherProfiles } from "@/lib/platform/db/schema";
import { SEAT_PAGES_TAG } from "@/lib/scheduling/seat-pages";
import { sectionOnSaleWhere } from "@/lib/scheduling/section-sale";
import { cachedSessionsWithChanges } from "@/lib/scheduling/session-cache";
import { loadUpcomingSessionChanges } from "@/lib/scheduling/session-changes";
import { WallClocks } from "@/lib/scheduling/time";
import { formatPrice } from "@/lib/scheduling/weekly-times";

/** What a course card says of its classes (issue 29): the next class of any of its sections, and the lowest price. */
export interface CourseFacts {
  /** UTC ISO instant of the first session as held (a moved one at its new time, a cancelled one skipped); null with no class to come. */
  nextStartsAt: string | null;
  /** "$89.00"; null with no section on sale. */
  fromPrice: string | null;
}

const LOOKAHEAD_MS = 12 * 7 * 86_400_000;

/** Facts for every published course with sections on sale, by course id (a plain object: it goes through Next's cache). */
export async function listCourseFacts(now = new Date()): Promise<Record<number, CourseFacts>> {
  const db = await getDb();
  const query = db
    .select({
      id: sections.id,
      courseId: sections.courseId,
      priceMinor: sections.priceMinor,
      currency: sections.currency,
      startsOn: sections.startsOn,
      endsOn: sections.endsOn,
      startMinute: sections.startMinute,
      timezone: sections.timezone,
      rrule: sections.rrule,
      durationMinutes: sections.durationMinutes,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .where(and(sectionOnSaleWhere()));
  const [rows, changes] = await Promise.all([query, loadUpcomingSessionChanges(db, now)]);
  const clocks = new WallClocks();
  const best = new Map<number, { next: number | null; minPrice: number; currency: string }>();
  for (const row of rows) {
    const firstDay = Date.parse(`${row.startsOn}T00:00:00Z`) - 86_400_000;
    const from = Math.max(now.getTime(), firstDay);
    const section = { ...row, sessionChanges: changes.get(row.id) ?? [] };
    const [next] = cachedSessionsWithChanges(section, new Date(from), new Date(from + LOOKAHEAD_MS), clocks);
    // A section with nothing left to come is not on offer.
    if (!next) continue;
    const known = best.get(row.courseId);
    if (!known) {
      best.set(row.courseId, { next: next.start, minPrice: row.priceMinor, currency: row.currency });
      continue;
    }
    if (known.next === null || next.start < known.next) known.next = next.start;
    if (row.priceMinor < known.minPrice) known.minPrice = row.priceMinor;
  }
  const facts: Record<number, CourseFacts> = {};
  for (const [courseId, known] of best) {
    facts[courseId] = {
      nextStartsAt: known.next === null ? null : new Date(known.next).toISOString(),
      fromPrice: formatPrice(known.minPrice, known.currency),
    };
  }
  return facts;
}

/** listCourseFacts through Next's data cache, expired with the course pages on any change of sections or seats. */
export const cachedCourseFacts = (): Promise<Record<number, CourseFacts>> =>
  unstable_cache(() => listCourseFacts(), ["course-facts"], { tags: [SEAT_PAGES_TAG], revalidate: 300 })();
