import "server-only";

import { and, asc, eq, isNotNull } from "drizzle-orm";
import { unstable_cache } from "next/cache";

import { listPublicReviews, teacherRating, type PublicReview, type RatingSummary } from "@/lib/classroom/reviews";
import { getDb } from "@/lib/platform/db/client";
import { courses, sections, teacherProfiles } from "@/lib/platform/db/schema";
import { SEAT_PAGES_TAG } from "@/lib/scheduling/seat-pages";
import { sectionOnSaleWhere, seatsLeftShown } from "@/lib/scheduling/section-sale";
import { withSessionChanges } from "@/lib/scheduling/session-changes";
import { nextSessionWithChanges } from "@/lib/scheduling/session-overrides";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { shownSeatsBySection } from "@/lib/scheduling/slots";
import { sectionFacts } from "@/lib/scheduling/section-facts";
import { formatPrice, weeklyTimesLabel } from "@/lib/scheduling/weekly-times";

import type { ClassType } from "./filters";

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const YEAR_MS = 366 * DAY_MS;

export interface TeacherPageSection {
  id: number;
  classType: ClassType;
  courseTitle: string;
  courseSlug: string;
  /** One week of the regular sessions from the next (UTC ISO): the page shows them on the viewer's clock as the weekly times. */
  weekInstants: string[];
  /** The same in the section's own zone, named: the server's text before the browser's. */
  weeklyTimes: string;
  /** The next session as held: a moved one at its new time, a cancelled one skipped, a make-up counted. */
  nextStartsAt: string;
  durationMinutes: number;
  price: string;
  seatsLeft: number;
}

export interface TeacherPage {
  userId: number;
  slug: string;
  name: string;
  bio: string;
  subjects: string[];
  timezone: string;
  photoUrl: string | null;
  sections: TeacherPageSection[];
  rating: RatingSummary;
  reviews: PublicReview[];
}

/** Slugs of the approved teachers (the sitemap). */
export async function listPublicTeacherSlugs(): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ slug: teacherProfiles.slug })
    .from(teacherProfiles)
    .where(isNotNull(teacherProfiles.approvedAt))
    .orderBy(asc(teacherProfiles.slug));
  return rows.map((row) => row.slug);
}

/** An https photo only: anything else is not shown (the CSP's img-src allows https). */
const safePhoto = (url: string | null) => (url && /^https:\/\/[^\s"'<>]+$/.test(url) ? url : null);

/**
 * Issue 29: /teachers/{slug}, an approved teacher only (null otherwise: the page is a 404): their
 * name, photo, bio, subjects and zone, their sections on sale with sessions to come, and the
 * approved reviews of their classes with comments, newest first.
 */
export async function findTeacherPage(slug: string, now = new Date()): Promise<TeacherPage | null> {
  if (slug.length > 200) return null;
  const db = await getDb();
  const [profile] = await db
    .select({
      userId: teacherProfiles.userId,
      slug: teacherProfiles.slug,
      name: teacherProfiles.publicName,
      bio: teacherProfiles.bio,
      subjects: teacherProfiles.subjects,
      timezone: teacherProfiles.timezone,
      photoUrl: teacherProfiles.photoUrl,
    })
    .from(teacherProfiles)
    .where(and(eq(teacherProfiles.slug, slug), isNotNull(teacherProfiles.approvedAt)));
  if (!profile) return null;

  const rows = await db
    .select({ section: sections, courseTitle: courses.title, courseSlug: courses.slug })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .where(and(eq(sections.teacherId, profile.userId), sectionOnSaleWhere()))
    .orderBy(asc(courses.title), asc(sections.id));
  const seats = await shownSeatsBySection(
    db,
    rows.map((row) => row.section.id),
    now,
  );
  const list: TeacherPageSection[] = [];
  const changed = await withSessionChanges(
    db,
    rows.map((row) => row.section),
  );
  for (const [index, { courseTitle, courseSlug }] of rows.entries()) {
    const section = changed[index]!;
    // The weekly times: a week of the rule's sessions from its next (one moved or cancelled session is not the schedule).
    const upcoming = sectionSessions(section, now, new Date(now.getTime() + 2 * WEEK_MS));
    const first = upcoming[0];
    // The next class as held: past a cancelled one (a break of several weeks too), a moved one at its new time.
    const next = first && nextSessionWithChanges(section, now, new Date(now.getTime() + YEAR_MS));
    if (!first || !next) continue;
    const weekEnd = Date.parse(first.startsAt) + WEEK_MS - DAY_MS / 2;
    const weekInstants = upcoming.filter((s) => Date.parse(s.startsAt) < weekEnd).map((s) => s.startsAt);
    list.push({
      id: section.id,
      classType: section.classType,
      courseTitle,
      courseSlug,
      weekInstants,
      weeklyTimes: weeklyTimesLabel(weekInstants, section.timezone),
      nextStartsAt: next.startsAt,
      durationMinutes: section.durationMinutes,
      // What a seat costs now, as the finder, the course page and the cart say it (a running class: its sessions left).
      price: formatPrice(sectionFacts(section, now).seatPriceMinor, section.currency),
      seatsLeft: seatsLeftShown(section, seats.get(section.id) ?? { taken: 0, lapsed: 0 }),
    });
  }
  const [rating, reviews] = await Promise.all([teacherRating(profile.userId), listPublicReviews({ teacherId: profile.userId })]);
  return { ...profile, photoUrl: safePhoto(profile.photoUrl), sections: list, rating, reviews };
}

/**
 * findTeacherPage through Next's data cache, under the tag of the pages that show sections and seats
 * (lib/scheduling/seat-pages.ts): a sale or a section change expires it at once; a moderated review
 * revalidates the page by its path (app/(dashboards)/support/review-actions.ts).
 */
export async function cachedTeacherPage(slug: string): Promise<TeacherPage | null> {
  // Issue 40: an unknown slug is answered by one indexed lookup and leaves no cache entry behind.
  const db = await getDb();
  const [known] = await db
    .select({ slug: teacherProfiles.slug })
    .from(teacherProfiles)
    .where(and(eq(teacherProfiles.slug, slug), isNotNull(teacherProfiles.approvedAt)))
    .limit(1);
  if (!known) return null;
  return unstable_cache(() => findTeacherPage(slug), ["teacher-page", slug], { tags: [SEAT_PAGES_TAG], revalidate: 300 })();
}
