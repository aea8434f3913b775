import { courses, demoRequests } from "@/lib/db/schema";
import { getAdminFigures } from "@/lib/dashboards/figures";
import { openTestDatabase } from "@/lib/testing/database";
import { insertActor, insertDemoRequests } from "@/lib/testing/fixtures";

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
      { createdAt: at("2026-11-18T10:00:00Z"), firstContactedAt: at("2026-11-18T12:00:00Z"), status: "converted", grade: 3, courseId: course!.id, course: String(course!.id) },
      // Contacted after 30 hours: late.
      { createdAt: at("2026-11-18T23:59:00Z"), firstContactedAt: at("2026-11-20T05:59:00Z"), status: "contacted", grade: 3, courseId: course!.id, course: String(course!.id) },
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
    expect(figures.byCourse).toEqual([
      { label: course!.title, requests: 2, converted: 1 },
      { label: "Not sure yet", requests: 2, converted: 0 },
    ]);
    expect(figures.byGrade).toEqual([
      { label: "Grade 3", requests: 2, converted: 1 },
      { label: "Grade 5", requests: 2, converted: 0 },
    ]);
    expect(figures.usersByRole.admin).toBe(1);
    expect(figures.publishedCourses).toBeGreaterThanOrEqual(25);
  });

  it("are for admins only", async () => {
    const support = await insertActor(database.db, "support");
    const teacher = await insertActor(database.db, "teacher");
    await expect(getAdminFigures(support, NOW)).rejects.toMatchObject({ status: 403 });
    await expect(getAdminFigures(teacher, NOW)).rejects.toMatchObject({ status: 403 });
  });
});
