import { eq } from "drizzle-orm";

import { courses, sections, teacherProfiles } from "@/lib/platform/db/schema";
import { cachedCoursePage } from "@/lib/scheduling/seat-pages";
import { newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";

import { cachedTeacherPage } from "./teacher-page";

// Next's data cache, observed: each call says which key would be stored (in Redis, for 14 days, with several instances).
const cacheKeys: string[][] = [];
jest.mock("next/cache", () => ({
  unstable_cache: (fn: () => unknown, key: string[]) => {
    cacheKeys.push(key);
    return fn;
  },
  revalidateTag: jest.fn(),
  revalidatePath: jest.fn(),
}));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());

/** Issue 40, bounded public work: an unknown /teachers/<slug> or /courses/<slug> is answered without a cache entry. */
describe("unknown slugs", () => {
  it("leave no cache entry; known ones are cached", async () => {
    const sectionId = await newSection(database.db);
    const [known] = await database.db
      .select({ course: courses.slug, teacher: teacherProfiles.slug })
      .from(sections)
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .innerJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
      .where(eq(sections.id, sectionId));
    const course = { slug: known!.course };
    const teacher = { slug: known!.teacher };

    cacheKeys.length = 0;
    for (let i = 0; i < 20; i += 1) {
      expect(await cachedTeacherPage(`nobody-${i}`)).toBeNull();
      expect(await cachedCoursePage(`no-such-course-${i}`)).toBeNull();
    }
    expect(cacheKeys).toEqual([]);

    await cachedTeacherPage(teacher!.slug);
    await cachedCoursePage(course!.slug);
    expect(cacheKeys).toEqual([
      ["teacher-page", teacher!.slug],
      ["course-page", course!.slug],
    ]);
  });
});
