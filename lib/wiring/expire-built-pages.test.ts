import { areTagsExpired, tagsManifest } from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";

import { SEAT_PAGES_TAG } from "@/lib/scheduling/seat-pages";

import { expireBuiltPages } from "./start";

/**
 * Issue 29's gap: after `npm start` the home and category pages showed the course cards' "Next
 * class" and "From $X" only after their first five-minute revalidation, because the build had
 * prerendered them from its own database copy without the seeded sections. At start, once the data
 * is ready, the pages are expired through Next's cache handler (cache-handler.mjs): Next's tag
 * manifest in this process is what every cached page is checked against (areTagsExpired).
 */
describe("the prerendered pages expire once the server's data is ready (expireBuiltPages)", () => {
  beforeEach(() => {
    tagsManifest.clear();
    jest.spyOn(console, "log").mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("expires the pages that show sections when the build read a copy of the database (PGlite) or the demo data was seeded", async () => {
    for (const options of [
      { buildReadACopy: true, seeded: true },
      { buildReadACopy: true, seeded: false },
      { buildReadACopy: false, seeded: true },
    ]) {
      tagsManifest.clear();
      const builtAt = Date.now() - 60_000;
      // The home page as the build wrote it (.meta's x-next-cache-tags): its own tags and, reading the course facts, the sections' tag.
      const homeTags = ["_N_T_/layout", "_N_T_/(marketing)/layout", "_N_T_/(marketing)/page", "_N_T_/", "_N_T_/index", SEAT_PAGES_TAG];
      expect(areTagsExpired(homeTags, builtAt)).toBe(false);
      await expireBuiltPages(options);
      expect(areTagsExpired(homeTags, builtAt)).toBe(true);
      // A page that shows no sections keeps its prerendered copy; what is rendered after the start stays cached.
      expect(areTagsExpired(["_N_T_/layout", "_N_T_/(marketing)/book-free-demo/page"], builtAt)).toBe(false);
      expect(areTagsExpired(homeTags, Date.now() + 1)).toBe(false);
    }
  });

  it("expires nothing when the build read this very database and nothing was seeded (production on PostgreSQL)", async () => {
    await expireBuiltPages({ buildReadACopy: false, seeded: false });
    expect(tagsManifest.size).toBe(0);
  });
});
