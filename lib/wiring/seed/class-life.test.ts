import { and, eq, inArray } from "drizzle-orm";

import { listEnrolments } from "@/lib/commerce/enrolments";
import {
  bookings,
  courses,
  demoOutcomes,
  sections,
  sessionChanges,
  teacherProfiles,
  users,
  waitlistEntries,
} from "@/lib/platform/db/schema/index";
import { teachScratch } from "@/test/scheduling-fixtures";
import { openTestDatabase } from "@/test/database";

import { CLASS_LIFE, seedClassLife } from "./class-life";
import { DEMO_FAMILY, seedDemoFamily } from "./demo-family";
import { LIVE_CLASS, seedLiveClass } from "./live-class";
import { seedSchedules } from "./schedules";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());

const NOW = new Date("2030-03-06T20:00:00Z");

test("npm start's class life: a moved session and a cancelled one with a make-up, a full class with a family in line, demos with outcomes; once", async () => {
  const db = database.db;
  await seedSchedules(NOW);
  const [teacher] = await db
    .insert(users)
    .values({ firebaseUid: "demo-teacher", email: LIVE_CLASS.teacherEmail, role: "teacher", timezone: "America/Chicago" })
    .returning({ id: users.id });
  await db
    .insert(teacherProfiles)
    .values({ userId: teacher!.id, publicName: "Demo Teacher", timezone: "America/Chicago", approvedAt: NOW });
  await db.insert(users).values({ firebaseUid: "demo-student", email: DEMO_FAMILY.parentEmail, timezone: "America/Los_Angeles" });
  await teachScratch(db, teacher!.id);
  await seedDemoFamily();
  await seedLiveClass(NOW);

  await seedClassLife(NOW);
  const snapshot = async () => ({
    changes: await db.select().from(sessionChanges),
    waitlist: await db.select().from(waitlistEntries),
    outcomes: await db.select().from(demoOutcomes),
    seats: (await db.select().from(bookings)).length,
  });
  const first = await snapshot();
  await seedClassLife(new Date(NOW.getTime() + 3 * 86_400_000));
  expect(await snapshot()).toEqual(first);

  expect(first.changes.map((c) => [c.kind, c.makeupStartsAt !== null])).toEqual([
    ["moved", false],
    ["cancelled", true],
  ]);
  // The demo student's /my-courses tells both, in their zone.
  const [parent] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_FAMILY.parentEmail));
  const [enrolment] = await listEnrolments(parent!.id, "America/Los_Angeles", NOW);
  expect(enrolment!.sessionChanges).toEqual([
    expect.stringMatching(/^Moved: the session of .* Pacific Time \(Los Angeles\) is now .*Pacific Time/),
    expect.stringMatching(/^Cancelled: the session of .*Make-up session: .*Pacific Time/),
  ]);

  const [full] = await db
    .select({ id: sections.id, status: sections.status })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(eq(courses.slug, CLASS_LIFE.fullCourseSlug), eq(sections.classType, "one_on_one")));
  expect(full!.status).toBe("full");
  expect(first.waitlist.map((e) => [e.sectionId, e.status])).toEqual([[full!.id, "waiting"]]);

  const demos = await db
    .select({ status: bookings.status, startsAt: bookings.startsAt })
    .from(bookings)
    .where(and(eq(bookings.kind, "demo"), inArray(bookings.status, ["attended", "no_show"])));
  expect(demos.map((d) => d.status).sort()).toEqual(["attended", "no_show"]);
  // After school in New York: 4 and 5 PM.
  const hours = demos
    .map((d) => new Intl.DateTimeFormat("en-US", { hour: "numeric", timeZone: "America/New_York" }).format(d.startsAt))
    .sort();
  expect(hours).toEqual(["4 PM", "5 PM"]);
  const attended = first.outcomes.find((o) => o.note.length > 0)!;
  expect(attended.recommendedSectionId).not.toBeNull();
  expect(first.outcomes).toHaveLength(2);
});
