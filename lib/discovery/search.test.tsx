import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";

import ClassFinderPage from "@/app/(marketing)/class-finder/page";
import TeacherPage from "@/app/(marketing)/teachers/[slug]/page";
import { GET as searchRoute } from "@/app/api/v1/courses/search/route";
import { SearchResults } from "@/components/discovery/search-results";
import type { Database } from "@/lib/platform/db/client";
import { courseReviews, courses, learners, sections, teacherProfiles, users } from "@/lib/platform/db/schema";
import { actionTestDatabase } from "@/test/action-context";

import { sectionFacts } from "@/lib/scheduling/section-facts";

import { listCourseFacts } from "./catalogue-facts";
import { parseFilters, type RawParams } from "./filters";
import { searchSections } from "./search";
import { findTeacherPage } from "./teacher-page";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
// Next's data cache is at the boundary: the cached readers run straight through.
jest.mock("next/cache", () => ({ unstable_cache: (fn: () => unknown) => fn, revalidateTag: jest.fn(), revalidatePath: jest.fn() }));

const db = actionTestDatabase();

/** A Wednesday in March, before any clock change of the zones used here (they change on Mar 8 in the US, Mar 29 in Europe). */
const NOW = new Date("2026-03-11T12:00:00Z");

async function teacher(database: Database, name: string, timezone: string, approved = true) {
  const [user] = await database
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email: `t-${randomUUID().slice(0, 8)}@example.com`, role: "teacher" })
    .returning({ id: users.id });
  await database
    .insert(teacherProfiles)
    .values({ userId: user!.id, publicName: name, bio: "Teaches.", timezone, approvedAt: approved ? NOW : null });
  return user!.id;
}

async function course(database: Database, title: string, description: string, grades: [number, number] = [1, 12]) {
  const [row] = await database
    .insert(courses)
    .values({ slug: `c-${randomUUID().slice(0, 8)}`, title, category: "lifestyle", description, gradeMin: grades[0], gradeMax: grades[1] })
    .returning({ id: courses.id });
  return row!.id;
}

async function section(
  database: Database,
  values: { courseId: number; teacherId: number; timezone: string; startMinute: number; byday: string; priceMinor?: number },
) {
  const [row] = await database
    .insert(sections)
    .values({
      courseId: values.courseId,
      teacherId: values.teacherId,
      classType: "group",
      capacity: 8,
      priceMinor: values.priceMinor ?? 9000,
      currency: "USD",
      startsOn: "2026-03-01",
      endsOn: "2026-06-30",
      startMinute: values.startMinute,
      timezone: values.timezone,
      rrule: `FREQ=WEEKLY;BYDAY=${values.byday}`,
      durationMinutes: 60,
      status: "open",
    })
    .returning({ id: sections.id });
  return row!.id;
}

const foundIds = async (params: RawParams, zone: string) =>
  (await searchSections(parseFilters(params), zone, NOW)).courses.flatMap((c) => c.sections.map((s) => s.id));

let ny = 0;
let la = 0;
let nyTeacher = 0;

beforeAll(async () => {
  const words = `zq${randomUUID().slice(0, 6)}`;
  nyTeacher = await teacher(db(), `Ms. Quillfeather`, "America/New_York");
  const laTeacher = await teacher(db(), "Mr. Laurentis", "America/Los_Angeles");
  const nyCourse = await course(db(), "Origami Workshop", `Paper cranes, boats and ${words} lanterns, folded live.`);
  const laCourse = await course(db(), "Night Sky Club", "Stargazing for young astronomers.", [6, 9]);
  // 16:00 in New York on Tuesdays: 02:30 the next morning in Kolkata.
  ny = await section(db(), { courseId: nyCourse, teacherId: nyTeacher, timezone: "America/New_York", startMinute: 16 * 60, byday: "TU" });
  // Saturday 22:00 in Los Angeles (UTC-7 from Mar 8): Sunday 05:00 in London (UTC until Mar 29).
  la = await section(db(), {
    courseId: laCourse,
    teacherId: laTeacher,
    timezone: "America/Los_Angeles",
    startMinute: 22 * 60,
    byday: "SA",
  });
});

describe("times on the viewer's clock (issue 29)", () => {
  it("a 16:00 New York class is after school for a New York viewer, not for one in Kolkata", async () => {
    expect(await foundIds({ time: "after-school" }, "America/New_York")).toContain(ny);
    expect(await foundIds({ time: "after-school" }, "Asia/Kolkata")).not.toContain(ny);
    // In Kolkata it is a night class, early on Wednesday.
    expect(await foundIds({ day: "wed", from: "01:00", to: "04:00" }, "Asia/Kolkata")).toContain(ny);
  });

  it("weekdays follow the viewer's date: Saturday 22:00 in Los Angeles is Sunday in London", async () => {
    expect(await foundIds({ day: "sat" }, "America/Los_Angeles")).toContain(la);
    expect(await foundIds({ day: "sun" }, "Europe/London")).toContain(la);
    expect(await foundIds({ day: "sat" }, "Europe/London")).not.toContain(la);
    const result = await searchSections(parseFilters({ day: "sun" }), "Europe/London", NOW);
    const shown = result.courses.flatMap((c) => c.sections).find((s) => s.id === la)!;
    expect(shown.nextTimes[0]!.label).toBe("Sun, Mar 15, 2026, 5:00 AM United Kingdom Time (London)");
  });
});

describe("the price shown (issue 39)", () => {
  it("a running class shows what a seat costs now, as the cart charges it: 16 of 18 Tuesdays left at $5.00 each, $80.00 not $90.00", async () => {
    const result = await searchSections(parseFilters({ q: "Quillfeather" }), "UTC", NOW);
    const shown = result.courses.flatMap((c) => c.sections).find((s) => s.id === ny)!;
    const [row] = await db().select().from(sections).where(eq(sections.id, ny));
    // The same function the course page, the cart, the checkout and the receipt read.
    const facts = sectionFacts(row!, NOW);
    expect(facts).toMatchObject({ sessionCount: 18, sessionsLeft: 16, pricePerSessionMinor: 500, seatPriceMinor: 8_000 });
    expect(shown).toMatchObject({ price: "$80.00", priceMinor: 8_000 });
    const html = renderToStaticMarkup(<SearchResults result={result} />);
    expect(html).toContain("$80.00");
    expect(html).not.toContain("$90.00");
    // Before its first session, the whole price.
    const before = await searchSections(parseFilters({ q: "Quillfeather" }), "UTC", new Date("2026-02-20T12:00:00Z"));
    expect(before.courses.flatMap((c) => c.sections).find((s) => s.id === ny)).toMatchObject({ price: "$90.00" });
  });
});

describe("full-text search (issue 29)", () => {
  it("finds a teacher's sections by their name and a course by a word of its description", async () => {
    expect(await foundIds({ q: "Quillfeather" }, "UTC")).toEqual([ny]);
    expect(await foundIds({ q: "lanterns" }, "UTC")).toEqual([ny]);
    expect(await foundIds({ q: "origami quillfeather" }, "UTC")).toEqual([ny]);
  });

  it("a misspelled word finds nothing, and the empty state offers the free demo", async () => {
    const result = await searchSections(parseFilters({ q: "Quilfeathr" }), "UTC", NOW);
    expect(result.sectionCount).toBe(0);
    const html = renderToStaticMarkup(<SearchResults result={result} />);
    expect(html).toContain("No classes match");
    expect(html).toContain('href="/book-free-demo"');
  });

  it("an empty result suggests the nearest searches that find something: other times, other grades", async () => {
    const result = await searchSections(parseFilters({ q: "stargazing", grade: "3", day: "sun" }), "Europe/London", NOW);
    expect(result.sectionCount).toBe(0);
    expect(result.suggestions.map((s) => s.label)).toEqual(["for other grades"]);
    const times = await searchSections(parseFilters({ q: "stargazing", day: "mon" }), "Europe/London", NOW);
    expect(times.suggestions[0]).toMatchObject({ label: "at other times", count: 1 });
    expect(times.suggestions[0]!.href).toBe("/courses?q=stargazing&tz=Europe%2FLondon");
  });
});

describe("filters from the URL (issue 29)", () => {
  it("ignores unknown filters and values and keeps the rest; an upside-down price range is swapped", () => {
    expect(
      parseFilters({ grade: "99", day: ["sat", "funday"], colour: "red", time: "morning", min: "100", max: "20", type: "solo" }),
    ).toEqual({
      days: ["sat"],
      parts: ["morning"],
      minPrice: 20,
      maxPrice: 100,
    });
  });

  it("filters by price and grade in the database", async () => {
    expect(await foundIds({ max: "80" }, "UTC")).toEqual([]);
    expect(await foundIds({ min: "100", max: "95" }, "UTC")).toEqual([]);
    expect(await foundIds({ min: "95", max: "85" }, "UTC")).toEqual(expect.arrayContaining([ny, la]));
    expect(await foundIds({ grade: "3" }, "UTC")).toEqual([ny]);
  });
});

describe("hostile input never gives a 5xx (issue 29)", () => {
  const hostile = fc.oneof(
    fc.string(),
    fc.string({ unit: "grapheme" }),
    fc.constantFrom(`'; drop table courses; --`, `"unclosed`, "a & | ! <-> :*", "()()(", "🙂🚀", "\\", "%00", "-", "or or or", "!!!"),
  );

  it("the search route answers 200 for any text and any parameters", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostile,
        fc.dictionary(fc.constantFrom("q", "day", "time", "min", "max", "from", "to", "tz", "grade", "weeks", "x"), fc.string()),
        async (q, extra) => {
          const params = new URLSearchParams({ ...extra, q });
          const response = await searchRoute(new Request(`http://localhost/api/v1/courses/search?${params}`));
          expect(response.status).toBe(200);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("the /courses page renders for any text", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (q) => {
        const html = renderToStaticMarkup(await ClassFinderPage({ searchParams: Promise.resolve({ q, tz: "Asia/Kolkata" }) }));
        expect(html).toContain("Find a class");
      }),
      { numRuns: 25 },
    );
  });
});

describe("teacher pages (issue 29)", () => {
  it("an approved teacher's page shows their sections and approved comments, newest first, with the child's first name and grade", async () => {
    const [profile] = await db().select({ slug: teacherProfiles.slug }).from(teacherProfiles).where(eq(teacherProfiles.userId, nyTeacher));
    expect(profile!.slug).toBe(`ms-quillfeather-${nyTeacher}`);
    const [parent] = await db()
      .insert(users)
      .values({ firebaseUid: `test-${randomUUID()}`, email: `p-${randomUUID().slice(0, 8)}@example.com` })
      .returning({ id: users.id });
    const kids = await db()
      .insert(learners)
      .values([
        { parentId: parent!.id, firstName: "Ada", grade: 4 },
        { parentId: parent!.id, firstName: "Bo", grade: 5 },
        { parentId: parent!.id, firstName: "Cy", grade: 6 },
      ])
      .returning({ id: learners.id });
    const [nyCourse] = await db().select({ courseId: sections.courseId }).from(sections).where(eq(sections.id, ny));
    const review = (i: number, comment: string, status: "approved" | "pending", createdAt: string) => ({
      courseId: nyCourse!.courseId,
      learnerId: kids[i]!.id,
      parentId: parent!.id,
      teacherId: nyTeacher,
      rating: 5,
      comment,
      status,
      createdAt: new Date(createdAt),
    });
    await db()
      .insert(courseReviews)
      .values([
        review(0, "Older and approved.", "approved", "2026-03-01T00:00:00Z"),
        review(1, "Newer and approved.", "approved", "2026-03-05T00:00:00Z"),
        review(2, "Still waiting for support.", "pending", "2026-03-06T00:00:00Z"),
      ]);
    const page = await findTeacherPage(profile!.slug, NOW);
    expect(page!.sections.map((s) => s.id)).toEqual([ny]);
    // What a seat costs now, as the finder and the cart say (issue 39): 16 of 18 sessions left.
    expect(page!.sections[0]!.price).toBe("$80.00");
    expect(page!.reviews.map((r) => [r.comment, r.learnerFirstName, r.learnerGrade])).toEqual([
      ["Newer and approved.", "Bo", 5],
      ["Older and approved.", "Ada", 4],
    ]);
    expect(page!.rating).toEqual({ average: 5, count: 2 });
    const html = renderToStaticMarkup(await TeacherPage({ params: Promise.resolve({ slug: profile!.slug }) }));
    expect(html).toContain("Ms. Quillfeather");
    expect(html).toContain('"@type":"Person"');
    expect(html).toContain("For Bo, grade 5");
    expect(html).not.toContain("Still waiting");
  });

  it("an unapproved or unknown teacher is a 404", async () => {
    const hidden = await teacher(db(), "Mr. Notyet", "UTC", false);
    const [profile] = await db().select({ slug: teacherProfiles.slug }).from(teacherProfiles).where(eq(teacherProfiles.userId, hidden));
    expect(await findTeacherPage(profile!.slug, NOW)).toBeNull();
    for (const slug of [profile!.slug, "nobody-999999", "'; select 1; --"]) {
      await expect(TeacherPage({ params: Promise.resolve({ slug }) })).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    }
  });
});

describe("catalogue facts (issue 29)", () => {
  it("a course card's next class and lowest price come from its sections on sale", async () => {
    const [row] = await db().select({ courseId: sections.courseId }).from(sections).where(eq(sections.id, ny));
    await section(db(), {
      courseId: row!.courseId,
      teacherId: nyTeacher,
      timezone: "America/New_York",
      startMinute: 9 * 60,
      byday: "FR",
      priceMinor: 7500,
    });
    const facts = await listCourseFacts(NOW);
    // Friday 09:00 in New York (UTC-4 since Mar 8) comes before Tuesday's class, and costs less.
    expect(facts[row!.courseId]).toEqual({ nextStartsAt: "2026-03-13T13:00:00.000Z", fromPrice: "$75.00" });
  });
});
