import "server-only";

import type { Handler } from "@/lib/platform/events/reactions";

/**
 * The cached public pages that show sections and their seats (course pages, the teacher page, the
 * class finder's course facts: SEAT_PAGES_TAG) are expired at once, not at their 5-minute
 * revalidation, by every change of what they show: a seat sold, held, given back or moved, a
 * section or session changed, a course edited, a teacher cleared, suspended or lapsed, a review
 * hidden, a bio made public (the events listed with this handler in table.ts). Through Next's
 * cache handler itself, as the server's start does (lib/wiring/start.ts expireBuiltPages), so it
 * works outside a request: this process, the sibling workers and, with Redis, the other instances.
 * The person who made the change finds it on their next page: the same expiry runs before their
 * action's answer (beforeTheAnswer). Expiring twice is harmless. No mail.
 */
/** Expires the tags `tagsOf` names (from the seat pages' module) through Next's cache handler. */
async function expirePageTags(tagsOf: (pages: typeof import("@/lib/scheduling/seat-pages")) => string[]): Promise<void> {
  const [{ expireTags }, pages] = await Promise.all([import("@/cache-handler.mjs"), import("@/lib/scheduling/seat-pages")]);
  await expireTags(tagsOf(pages));
}

const expireSeatPagesTag = () => expirePageTags(({ SEAT_PAGES_TAG }) => [SEAT_PAGES_TAG]);

export const expireSeatPages: Handler<unknown> = {
  name: "expire-seat-pages",
  handle: expireSeatPagesTag,
  beforeTheAnswer: expireSeatPagesTag,
};

const expireCoursePageTags = (courseSlugs: readonly string[]) =>
  expirePageTags(({ coursePageTag }) => [...new Set(courseSlugs)].map(coursePageTag));

/**
 * Issue 40: a waitlist join or leave changes one line of one course page (how many are in line), so
 * it expires that page's own tag only, not every page that shows seats. The family that joined sees
 * the new count on their next page (beforeTheAnswer, with the slugs of their action's events).
 */
export const expireCoursePage: Handler<{ courseSlug: string }> = {
  name: "expire-course-page",
  handle: (_db, { courseSlug }) => expireCoursePageTags([courseSlug]),
  beforeTheAnswer: (payloads) => expireCoursePageTags(payloads.map(({ courseSlug }) => courseSlug)),
};
