import "server-only";

import type { Handler } from "@/lib/platform/events/reactions";

/**
 * Issue 38: a change that takes a teacher's sections off sale with no request of its own (a check
 * run out, found by the minute scan) or from one whose action is not the only road (a suspension):
 * the cached public pages showing sections (course pages, the teacher page, the class finder's
 * course facts: SEAT_PAGES_TAG, the tag a section change expires) are expired at once, not at
 * their 5-minute revalidation. revalidateTag needs a request, so this goes to Next's cache handler
 * itself, as the server's start does (lib/wiring/start.ts expireBuiltPages): this process, the
 * sibling workers and, with Redis, the other instances. Expiring twice is harmless. No mail.
 */
export const expireSeatPages: Handler<unknown> = {
  name: "expire-seat-pages",
  handle: async () => {
    const [{ expireTags }, { SEAT_PAGES_TAG }] = await Promise.all([import("@/cache-handler.mjs"), import("@/lib/scheduling/seat-pages")]);
    await expireTags([SEAT_PAGES_TAG]);
  },
};
