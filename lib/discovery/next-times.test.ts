import { randomUUID } from "node:crypto";

import { courses, sessionChanges, teacherProfiles, users, sections } from "@/lib/platform/db/schema";
import { findCoursePage } from "@/lib/scheduling/course-page";
import { actionTestDatabase } from "@/test/action-context";

import { listCourseFacts } from "./catalogue-facts";
import { parseFilters, type RawParams } from "./filters";
import { searchSections } from "./search";
import { findTeacherPage } from "./teacher-page";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
jest.mock("next/cache", () => ({ unstable_cache: (fn: () => unknown) => fn, revalidateTag: jest.fn(), revalidatePath: jest.fn() }));

/**
 * Issue 29's gap: the next times that discovery shows (search results, the course cards' "Next
 * class", the course and teacher pages) are the sessions as held: a cancelled session is never the
 * next class, a moved one shows at its new time (sectionSessionsWithChanges), while the weekday and
 * hour filters match a recurring class by its regular schedule.
 */

const db = actionTestDatabase();

/** A Wednesday; New York is on daylight time (UTC-4) since Mar 8, London on UTC until Mar 29. */
const NOW = new Date("2026-03-11T12:00:00Z");
/** The section's next two Tuesdays at 16:00 in New York. */
const NEXT_TUESDAY = "2026-03-17T20:00:00.000Z";
const TUESDAY_AFTER = "2026-03-24T20:00:00.000Z";

/** A course with one teacher's section: Tuesdays 16:00 in New York, from Mar 1 to the end of June. */
async function tuesdayClass() {
  const tag = randomUUID().slice(0, 8);
  const [user] = await db()
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email: `t-${tag}@example.com`, role: "teacher" })
    .returning({ id: users.id });
  const [profile] = await db()
    .insert(teacherProfiles)
    .values({ userId: user!.id, publicName: `Ms. Teacher ${tag}`, bio: "Teaches.", timezone: "America/New_York", approvedAt: NOW })
    .returning({ slug: teacherProfiles.slug });
  const words = `zk${tag}`;
  const [course] = await db()
    .insert(courses)
    .values({
      slug: `c-${tag}`,
      title: `Pottery ${tag}`,
      category: "lifestyle",
      description: `Clay and ${words}.`,
      gradeMin: 1,
      gradeMax: 12,
    })
    .returning({ id: courses.id, slug: courses.slug });
  const [section] = await db()
    .insert(sections)
    .values({
      courseId: course!.id,
      teacherId: user!.id,
      classType: "group",
      capacity: 8,
      priceMinor: 9000,
      currency: "USD",
      startsOn: "2026-03-01",
      endsOn: "2026-06-30",
      startMinute: 16 * 60,
      timezone: "America/New_York",
      rrule: "FREQ=WEEKLY;BYDAY=TU",
      durationMinutes: 60,
      status: "open",
    })
    .returning({ id: sections.id });
  return { sectionId: section!.id, courseId: course!.id, courseSlug: course!.slug, teacherSlug: profile!.slug, words };
}

async function cancel(sectionId: number, originalStartsAt: string, makeup?: [string, string]) {
  await db()
    .insert(sessionChanges)
    .values({
      sectionId,
      originalStartsAt: new Date(originalStartsAt),
      kind: "cancelled",
      makeupStartsAt: makeup ? new Date(makeup[0]) : null,
      makeupEndsAt: makeup ? new Date(makeup[1]) : null,
      sequence: 1,
    });
}

async function move(sectionId: number, originalStartsAt: string, startsAt: string) {
  await db()
    .insert(sessionChanges)
    .values({
      sectionId,
      originalStartsAt: new Date(originalStartsAt),
      kind: "moved",
      startsAt: new Date(startsAt),
      endsAt: new Date(Date.parse(startsAt) + 3_600_000),
      sequence: 1,
    });
}

/** The section as the class finder shows it, for a viewer in `zone`; undefined when not found. */
async function found(sectionId: number, params: RawParams, zone: string) {
  const result = await searchSections(parseFilters(params), zone, NOW);
  return result.courses.flatMap((c) => c.sections).find((s) => s.id === sectionId);
}

describe("next times as the sessions are held (issue 29)", () => {
  it("a cancelled next session is not shown as the next class anywhere", async () => {
    const c = await tuesdayClass();
    await cancel(c.sectionId, NEXT_TUESDAY);

    const shown = await found(c.sectionId, { q: c.words }, "America/New_York");
    expect(shown!.nextTimes.map((t) => t.instant)).not.toContain(NEXT_TUESDAY);
    expect(shown!.nextTimes[0]).toEqual({ instant: TUESDAY_AFTER, label: "Tue, Mar 24, 2026, 4:00 PM Eastern Time (New York)" });
    // Its weekly times are still its regular schedule.
    expect(shown!.weeklyTimes).toContain("Tuesdays 4:00 PM");

    expect((await listCourseFacts(NOW))[c.courseId]).toEqual({ nextStartsAt: TUESDAY_AFTER, fromPrice: "$90.00" });
    const teacherPage = await findTeacherPage(c.teacherSlug, NOW);
    expect(teacherPage!.sections.find((s) => s.id === c.sectionId)!.nextStartsAt).toBe(TUESDAY_AFTER);
    const coursePage = await findCoursePage(c.courseSlug, NOW);
    expect(coursePage!.sections.find((s) => s.id === c.sectionId)!.nextStartsAt).toBe(TUESDAY_AFTER);
  });

  it("a moved session shows its new time, on the viewer's clock", async () => {
    const c = await tuesdayClass();
    // Tuesday's class moved to Thursday 18:00 in New York: 22:00 in London.
    const moved = "2026-03-19T22:00:00.000Z";
    await move(c.sectionId, NEXT_TUESDAY, moved);

    const shown = await found(c.sectionId, { q: c.words }, "Europe/London");
    expect(shown!.nextTimes.map((t) => t.instant)).toEqual([moved, TUESDAY_AFTER]);
    expect(shown!.nextTimes[0]!.label).toBe("Thu, Mar 19, 2026, 10:00 PM United Kingdom Time (London)");

    expect((await listCourseFacts(NOW))[c.courseId]!.nextStartsAt).toBe(moved);
    const teacherPage = await findTeacherPage(c.teacherSlug, NOW);
    expect(teacherPage!.sections.find((s) => s.id === c.sectionId)!.nextStartsAt).toBe(moved);
    const coursePage = await findCoursePage(c.courseSlug, NOW);
    expect(coursePage!.sections.find((s) => s.id === c.sectionId)!.nextStartsAt).toBe(moved);
  });

  it("a cancelled session's make-up is a next time; a class whose next weeks are all cancelled shows the first held after them", async () => {
    const withMakeup = await tuesdayClass();
    // The make-up: Saturday Mar 14, 10:00 in New York.
    await cancel(withMakeup.sectionId, NEXT_TUESDAY, ["2026-03-14T14:00:00.000Z", "2026-03-14T15:00:00.000Z"]);
    expect((await found(withMakeup.sectionId, { q: withMakeup.words }, "America/New_York"))!.nextTimes.map((t) => t.instant)).toEqual([
      "2026-03-14T14:00:00.000Z",
      TUESDAY_AFTER,
    ]);
    expect((await listCourseFacts(NOW))[withMakeup.courseId]!.nextStartsAt).toBe("2026-03-14T14:00:00.000Z");

    const onBreak = await tuesdayClass();
    for (const occurrence of [NEXT_TUESDAY, TUESDAY_AFTER, "2026-03-31T20:00:00.000Z"]) await cancel(onBreak.sectionId, occurrence);
    const shown = await found(onBreak.sectionId, { q: onBreak.words }, "America/New_York");
    expect(shown!.nextTimes[0]!.instant).toBe("2026-04-07T20:00:00.000Z");
    expect((await listCourseFacts(NOW))[onBreak.courseId]!.nextStartsAt).toBe("2026-04-07T20:00:00.000Z");
  });

  it("the weekday and hour filters match a recurring class by its regular schedule; the times shown are those held", async () => {
    const c = await tuesdayClass();
    const moved = "2026-03-19T22:00:00.000Z"; // Thursday 18:00 in New York
    await move(c.sectionId, NEXT_TUESDAY, moved);
    // Still a Tuesday after-school class: found, with its real Tuesday sessions only (the moved one is not on a Tuesday any more).
    const tuesday = await found(c.sectionId, { q: c.words, day: "tue", time: "after-school" }, "America/New_York");
    expect(tuesday!.nextTimes.map((t) => t.instant)).toEqual([TUESDAY_AFTER]);
    // One session moved to a Thursday evening does not make it a Thursday class.
    expect(await found(c.sectionId, { q: c.words, day: "thu" }, "America/New_York")).toBeUndefined();
    // "Starts within a week" counts its first session as held: the Thursday, eight days away.
    expect(await found(c.sectionId, { q: c.words, weeks: "1" }, "America/New_York")).toBeUndefined();
    expect(await found(c.sectionId, { q: c.words, weeks: "2" }, "America/New_York")).toBeDefined();
  });

  it("changes of other sections, and past changes, leave a section's times as its rule says", async () => {
    const c = await tuesdayClass();
    const other = await tuesdayClass();
    await cancel(other.sectionId, NEXT_TUESDAY);
    await cancel(c.sectionId, "2026-03-10T20:00:00.000Z");
    const shown = await found(c.sectionId, { q: c.words }, "America/New_York");
    expect(shown!.nextTimes.map((t) => t.instant)).toEqual([NEXT_TUESDAY, TUESDAY_AFTER]);
  });
});
