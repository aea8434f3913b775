import "server-only";

import { unstable_cache } from "next/cache";
import { and, eq } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { courses } from "@/lib/platform/db/schema";

import { findCoursePage, type CoursePage } from "./course-page";

/**
 * Issue 26, finding 14: the cache tag of what public pages show of sections and their seats (today
 * the course pages: their sections, teachers, seats left and Enrol links). A page that reads its
 * data through a function tagged with it stays static (ISR) and is rendered again at its first
 * visit after any change of seats or sections: every such change writes an event whose reaction
 * expires this tag (expire-seat-pages in lib/reactions/table.ts). Tag revalidation is what Next's
 * shared cache carries to every instance (Redis).
 */
export const SEAT_PAGES_TAG = "sections-and-seats";

/** The pages' own revalidation, the net under the tag: a hold that runs out changes the count with no request. */
const SEAT_PAGES_REVALIDATE_SECONDS = 300;

/** findCoursePage through Next's data cache, tagged SEAT_PAGES_TAG (its tag also marks the page that read it). */
export async function cachedCoursePage(slug: string): Promise<CoursePage | null> {
  // Issue 40: an unknown slug is answered by one indexed lookup and leaves no cache entry behind.
  const db = await getDb();
  const [known] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.isPublished, true)))
    .limit(1);
  if (!known) return null;
  return unstable_cache(() => findCoursePage(slug), ["course-page", slug], {
    tags: [SEAT_PAGES_TAG, coursePageTag(slug)],
    revalidate: SEAT_PAGES_REVALIDATE_SECONDS,
  })();
}

/** One course's page, by its own tag (issue 40): a waitlist join or leave changes only that page's line count (expire-course-page). */
export const coursePageTag = (slug: string) => `course-page:${slug}`;
