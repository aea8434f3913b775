import { eq } from "drizzle-orm";

import { listPublicReviews } from "@/lib/classroom/reviews";
import { searchSections } from "@/lib/discovery/search";
import { parseFilters } from "@/lib/discovery/filters";
import { courseReviews, users } from "@/lib/platform/db/schema/index";
import { openTestDatabase } from "@/test/database";

import { seedReviews } from "./reviews";
import { seedSchedules } from "./schedules";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

/** Issue 29: `npm start` shows a Saturday-morning group class under $100 with a review to read on its teacher's page. */
describe("seeded reviews", () => {
  it("are approved comments of the seeded teachers' classes, seeded once", async () => {
    const now = new Date("2026-03-11T12:00:00Z");
    await seedSchedules(now);
    await seedReviews(now);
    await seedReviews(now);
    expect(await database.db.select().from(courseReviews)).toHaveLength(4);
    const [okafor] = await database.db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, "seed-teacher-4"));
    const reviews = await listPublicReviews({ teacherId: okafor!.id });
    expect(reviews.map((r) => [r.courseTitle, r.learnerFirstName, r.learnerGrade])).toEqual([
      ["Chess Strategy", "Maya", 4],
      ["Chess Strategy", "Omar", 6],
    ]);
    const found = await searchSections(parseFilters({ day: "sat", time: "morning", type: "group", max: "100" }), "America/New_York", now);
    expect(found.courses.map((c) => c.title)).toContain("Chess Strategy");
  });
});
