import { eq } from "drizzle-orm";

import { bookings, courses, learners, sections, teacherProfiles, users } from "@/lib/platform/db/schema";
import { seedSchedules } from "@/lib/wiring/seed/schedules";
import { openTestDatabase } from "@/test/database";

import { courseJsonLd } from "./course-json-ld";
import { findCoursePage, listPublishedCourseSlugs } from "./course-page";
import { formatPrice, weeklyTimesLabel } from "./weekly-times";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
// A Monday; the seed's sections start on this day.
const now = new Date("2026-03-02T12:00:00Z");

beforeAll(async () => {
  database = await openTestDatabase();
  await seedSchedules(now);
});
afterAll(() => database.dispose());

async function bookSeats(sectionId: number, statuses: Array<"held" | "confirmed" | "cancelled">) {
  const db = database.db;
  const [section] = await db.select().from(sections).where(eq(sections.id, sectionId));
  const [parent] = await db
    .insert(users)
    .values({ firebaseUid: `parent-${sectionId}`, email: `parent-${sectionId}@example.com`, role: "student" })
    .returning({ id: users.id });
  const [learner] = await db.insert(learners).values({ parentId: parent!.id, firstName: "Sam", grade: 5 }).returning({ id: learners.id });
  await db.insert(bookings).values(
    statuses.map((status, index) => ({
      kind: "seat" as const,
      learnerId: learner!.id,
      teacherId: section!.teacherId,
      sectionId,
      courseId: section!.courseId,
      startsAt: new Date("2026-03-03T21:00:00Z"),
      endsAt: new Date("2026-03-03T22:00:00Z"),
      status,
      token: `token-${sectionId}-${index}`,
    })),
  );
}

describe("the course page's data (findCoursePage)", () => {
  it("shows a seeded course's approved teacher, its section's weekly times in the section's zone, price and seats left", async () => {
    const [python] = await database.db.select().from(sections).where(eq(sections.timezone, "America/New_York")).limit(1);
    await bookSeats(python!.id, ["held", "confirmed", "cancelled"]);

    const page = await findCoursePage("python-for-young-coders", now);
    expect(page).toMatchObject({ slug: "python-for-young-coders", title: "Python for Young Coders", classTypes: ["group"] });
    expect(page!.teachers).toEqual([
      { name: "Ms. Rivera", bio: expect.stringContaining("coding clubs"), slug: expect.stringMatching(/^ms-rivera-\d+$/) },
    ]);
    expect(page!.sections).toHaveLength(1);
    expect(page!.sections[0]).toMatchObject({
      teacherName: "Ms. Rivera",
      classType: "group",
      weeklyTimes: "Tuesdays and Thursdays 4:00 PM Eastern Time (New York)",
      timezone: "America/New_York",
      weekdays: [2, 4],
      startTime: "16:00",
      startsOn: "2026-03-02",
      price: "$149.00",
      // Capacity 6, one seat held and one confirmed; the cancelled one is free again.
      seatsLeft: 4,
      nextStartsAt: "2026-03-03T21:00:00.000Z",
      // What the price buys (issue 31): twelve weeks of Tuesdays and Thursdays, each session's share of $149.00.
      facts: "Mar 2, 2026 to May 25, 2026 · 24 sessions · $6.21 a session",
    });
    // The instants behind the label, for the viewer's zone: Tuesday and Thursday 16:00 in New York,
    // each weekday once (New York's clocks go forward on March 8: the next Tuesday is at 20:00Z).
    expect(page!.sections[0]!.weekInstants).toEqual(["2026-03-03T21:00:00.000Z", "2026-03-05T21:00:00.000Z"]);
  });

  it("describes the course for search engines: a Course with each section a CourseInstance, its weekly schedule and offer", async () => {
    const page = await findCoursePage("python-for-young-coders", now);
    const data = JSON.parse(courseJsonLd(page!));
    expect(data).toMatchObject({ "@type": "Course", name: "Python for Young Coders" });
    expect(data.hasCourseInstance).toEqual([
      expect.objectContaining({
        "@type": "CourseInstance",
        courseMode: "online",
        startDate: "2026-03-03T21:00:00.000Z",
        courseSchedule: expect.objectContaining({
          repeatFrequency: "P1W",
          byDay: ["https://schema.org/Tuesday", "https://schema.org/Thursday"],
          startTime: "16:00",
          scheduleTimezone: "America/New_York",
        }),
        offers: expect.objectContaining({ "@type": "Offer", price: "149.00", priceCurrency: "USD" }),
      }),
    ]);
  });

  it("leaves out sections of a teacher who is not approved, and their name", async () => {
    const [math] = await database.db.select().from(sections).where(eq(sections.timezone, "Europe/London")).limit(1);
    await database.db.update(teacherProfiles).set({ approvedAt: null }).where(eq(teacherProfiles.userId, math!.teacherId));
    const page = await findCoursePage("math-foundations", now);
    expect(page).not.toBeNull();
    expect(page!.sections).toEqual([]);
    expect(page!.teachers).toEqual([]);
    expect(page!.classTypes).toEqual([]);
    await database.db.update(teacherProfiles).set({ approvedAt: now }).where(eq(teacherProfiles.userId, math!.teacherId));
    expect((await findCoursePage("math-foundations", now))!.sections[0]).toMatchObject({
      teacherName: "Mr. Hughes",
      weeklyTimes: "Mondays and Wednesdays 5:00 PM United Kingdom Time (London)",
      price: "$119.00",
      seatsLeft: 8,
    });
  });

  it("leaves out draft sections and those with no session left; a course without sections has an empty list", async () => {
    const after = new Date("2026-09-01T00:00:00Z"); // past the seed's 12 weeks
    expect((await findCoursePage("piano-for-beginners", after))!.sections).toEqual([]);
    const [piano] = await database.db.select().from(sections).where(eq(sections.timezone, "Asia/Kolkata")).limit(1);
    await database.db.update(sections).set({ status: "draft" }).where(eq(sections.id, piano!.id));
    expect((await findCoursePage("piano-for-beginners", now))!.sections).toEqual([]);
  });

  it("answers null for an unknown or unpublished course, and lists published slugs only", async () => {
    expect(await findCoursePage("no-such-course", now)).toBeNull();
    await database.db.update(courses).set({ isPublished: false }).where(eq(courses.slug, "spanish-for-kids"));
    expect(await findCoursePage("spanish-for-kids", now)).toBeNull();
    const slugs = await listPublishedCourseSlugs();
    expect(slugs).toContain("python-for-young-coders");
    expect(slugs).not.toContain("spanish-for-kids");
  });
});

describe("weekly times and prices (Intl, shared with the browser)", () => {
  it("reads the same instants in another zone, where the day can change", () => {
    // Kolkata 19:00 on Tuesday and Friday is 5:30 AM in Los Angeles (PST) the same days.
    const instants = ["2026-03-03T13:30:00.000Z", "2026-03-06T13:30:00.000Z"];
    expect(weeklyTimesLabel(instants, "Asia/Kolkata")).toBe("Tuesdays and Fridays 7:00 PM India Standard Time (Kolkata)");
    expect(weeklyTimesLabel(instants, "America/Los_Angeles")).toBe("Tuesdays and Fridays 5:30 AM Pacific Time (Los Angeles)");
    expect(weeklyTimesLabel(["2026-03-03T02:00:00.000Z"], "America/New_York")).toBe("Mondays 9:00 PM Eastern Time (New York)");
  });

  it("formats integer minor units in the currency's own decimals", () => {
    expect(formatPrice(14900, "USD")).toBe("$149.00");
    expect(formatPrice(8950, "EUR")).toBe("€89.50");
    expect(formatPrice(5000, "JPY")).toBe("¥5,000");
  });
});
