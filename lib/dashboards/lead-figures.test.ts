import { courses, demoRequests } from "@/lib/platform/db/schema/index";
import { getAdminFigures, splitTopGroups } from "@/lib/dashboards/lead-figures";
import { openTestDatabase } from "@/test/database";
import { insertActor, insertDemoRequests } from "@/test/fixtures";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const NOW = new Date("2026-11-20T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe("admin figures (issue 4)", () => {
  it("counts requests per UTC day, the 24-hour contact share, and conversion by course and grade", async () => {
    const admin = await insertActor(database.db, "admin");
    await database.db.delete(demoRequests);
    const [course] = await database.db.select({ id: courses.id, title: courses.title }).from(courses).limit(1);
    await insertDemoRequests(database.db, [
      // Contacted after 2 hours, converted.
      {
        createdAt: at("2026-11-18T10:00:00Z"),
        firstContactedAt: at("2026-11-18T12:00:00Z"),
        status: "converted",
        grade: 3,
        courseId: course!.id,
        course: String(course!.id),
      },
      // Contacted after 30 hours: late.
      {
        createdAt: at("2026-11-18T23:59:00Z"),
        firstContactedAt: at("2026-11-20T05:59:00Z"),
        status: "contacted",
        grade: 3,
        courseId: course!.id,
        course: String(course!.id),
      },
      // Never contacted, and over 24 hours old: overdue.
      { createdAt: at("2026-11-17T08:00:00Z"), grade: 5 },
      // Spam: left out of the share and the conversion.
      { createdAt: at("2026-11-17T09:00:00Z"), status: "spam", grade: 5 },
      // Less than 24 hours old: too young to judge.
      { createdAt: at("2026-11-20T06:00:00Z"), grade: 5 },
      // Older than 30 days: outside the window.
      { createdAt: at("2026-10-01T06:00:00Z"), status: "converted", grade: 3 },
    ]);
    const figures = await getAdminFigures(admin, NOW);
    expect(figures.requestsPerDay).toHaveLength(30);
    expect(figures.requestsPerDay[0]?.day).toBe("2026-10-22");
    expect(figures.requestsPerDay.at(-1)).toEqual({ day: "2026-11-20", requests: 1 });
    expect(figures.requestsPerDay.find((d) => d.day === "2026-11-18")?.requests).toBe(2);
    expect(figures.requestsPerDay.find((d) => d.day === "2026-11-17")?.requests).toBe(2);
    expect(figures.promise).toEqual({ judged: 3, contactedInTime: 1 });
    expect(figures.overdue).toBe(1);
    expect(figures.byCourse).toEqual({
      top: [
        { label: course!.title, requests: 2, converted: 1 },
        { label: "Not sure yet", requests: 2, converted: 0 },
      ],
      rest: null,
    });
    expect(figures.byGrade).toEqual([
      { label: "Grade 3", requests: 2, converted: 1 },
      { label: "Grade 5", requests: 2, converted: 0 },
    ]);
    expect(figures.usersByRole.admin).toBe(1);
    expect(figures.publishedCourses).toBeGreaterThanOrEqual(25);
  });

  it("counts the days of the admin's clock when given their zone (issue 41: one clock), the same requests", async () => {
    const admin = await insertActor(database.db, "admin");
    await database.db.delete(demoRequests);
    await insertDemoRequests(database.db, [
      // Tue, Nov 17, 11:30 PM in Los Angeles; Nov 18 in UTC and in Kolkata (Nov 18, 1:00 PM).
      { createdAt: at("2026-11-18T07:30:00Z"), grade: 3 },
      // Wed, Nov 18, 12:30 AM in Los Angeles.
      { createdAt: at("2026-11-18T08:30:00Z"), grade: 3 },
      // Thu, Nov 19, 11:45 PM in Kolkata; Nov 19, 6:15 PM UTC.
      { createdAt: at("2026-11-19T18:15:00Z"), grade: 3 },
      // Fri, Nov 20, 12:15 AM in Kolkata; Nov 19 in UTC and in Los Angeles.
      { createdAt: at("2026-11-19T18:45:00Z"), grade: 3 },
    ]);
    const perDay = async (zone?: string) =>
      Object.fromEntries(
        (await getAdminFigures(admin, NOW, zone)).requestsPerDay.filter((d) => d.requests > 0).map((d) => [d.day, d.requests]),
      );
    expect(await perDay()).toEqual({ "2026-11-18": 2, "2026-11-19": 2 });
    expect(await perDay("America/Los_Angeles")).toEqual({ "2026-11-17": 1, "2026-11-18": 1, "2026-11-19": 2 });
    expect(await perDay("Asia/Kolkata")).toEqual({ "2026-11-18": 2, "2026-11-19": 1, "2026-11-20": 1 });
    // 30 days ending with the admin's today: at NOW (Nov 20, 12:00 UTC) it is Nov 20 in Los Angeles and in Kolkata.
    const la = await getAdminFigures(admin, NOW, "America/Los_Angeles");
    expect(la.requestsPerDay).toHaveLength(30);
    expect([la.requestsPerDay[0]?.day, la.requestsPerDay.at(-1)?.day]).toEqual(["2026-10-22", "2026-11-20"]);
    // Early in the UTC morning it is still the day before in Los Angeles; the window ends there.
    const early = await getAdminFigures(admin, at("2026-11-20T05:00:00Z"), "America/Los_Angeles");
    expect(early.requestsPerDay.at(-1)?.day).toBe("2026-11-19");
    // Nov 1, 2026 is 25 hours long in Los Angeles (clocks go back): its day is still one bar.
    expect(early.requestsPerDay.filter((d) => d.day === "2026-11-01")).toHaveLength(1);
    // A zone that is none reads as UTC.
    expect(await perDay("Not/AZone")).toEqual({ "2026-11-18": 2, "2026-11-19": 2 });
  });

  it("are for admins only", async () => {
    const support = await insertActor(database.db, "support");
    const teacher = await insertActor(database.db, "teacher");
    await expect(getAdminFigures(support, NOW)).rejects.toMatchObject({ status: 403 });
    await expect(getAdminFigures(teacher, NOW)).rejects.toMatchObject({ status: 403 });
  });

  it("keeps every course: two courses with one title stay apart, and beyond the busiest ten the rest are summed", async () => {
    const admin = await insertActor(database.db, "admin");
    await database.db.delete(demoRequests);
    const published = await database.db.select({ id: courses.id, title: courses.title }).from(courses).limit(13);
    expect(published.length).toBe(13);
    // Course i gets 13 - i requests, the first of each converted.
    await insertDemoRequests(
      database.db,
      published.flatMap((course, i) =>
        Array.from({ length: 13 - i }, (_, n) => ({
          createdAt: at("2026-11-18T10:00:00Z"),
          status: n === 0 ? ("converted" as const) : ("new" as const),
          courseId: course.id,
          course: String(course.id),
        })),
      ),
    );
    const { byCourse } = await getAdminFigures(admin, NOW);
    expect(byCourse.top).toHaveLength(10);
    expect(byCourse.top[0]).toEqual({ label: published[0]!.title, requests: 13, converted: 1 });
    // Courses 11..13 had 3, 2 and 1 requests.
    expect(byCourse.rest).toEqual({ groups: 3, requests: 6, converted: 3 });
    expect(byCourse.top.reduce((sum, row) => sum + row.requests, 0) + byCourse.rest!.requests).toBe(91);
  });

  it("sums the rest only when more than one group is left over", () => {
    const group = (label: string, requests: number) => ({ label, requests, converted: 0 });
    const eleven = Array.from({ length: 11 }, (_, i) => group(`c${i}`, 20 - i));
    expect(splitTopGroups(eleven, 10)).toEqual({ top: eleven, rest: null });
    expect(splitTopGroups([...eleven, group("c11", 1)], 10).rest).toEqual({ groups: 2, requests: 11, converted: 0 });
  });
});
