import { eq } from "drizzle-orm";

import { bookings, demoRequests, users } from "@/lib/platform/db/schema";
import { listDemosNeedingOutcome } from "@/lib/scheduling/demo-outcomes";
import { openTestDatabase } from "@/test/database";
import { courseSection } from "@/test/demo-outcome-fixtures";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { MISSED_DEMO, PAST_DEMO, seedPastDemo } from "./past-demo";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

it("gives the demo teacher two demos of yesterday waiting for their outcome, booked signed out, once", async () => {
  const db = database.db;
  const teacherId = await newTeacher(db, "UTC", EVERY_DAY(0, 600));
  await db.update(users).set({ email: PAST_DEMO.teacherEmail }).where(eq(users.id, teacherId));
  const courseId = await newCourse(db, teacherId);
  const sectionId = await courseSection(db, courseId, teacherId);
  const now = new Date("2026-05-05T10:30:00Z");
  await seedPastDemo(now);
  await seedPastDemo(now);

  const rows = await db
    .select()
    .from(bookings)
    .innerJoin(demoRequests, eq(demoRequests.id, bookings.demoRequestId))
    .orderBy(bookings.startsAt);
  expect(rows.map((r) => [r.demo_requests.userEmail, r.demo_requests.grade, r.demo_requests.userId, r.bookings.startsAt])).toEqual([
    [MISSED_DEMO.familyEmail, 6, null, new Date("2026-05-04T13:00:00Z")],
    [PAST_DEMO.familyEmail, 4, null, new Date("2026-05-04T14:00:00Z")],
  ]);
  for (const row of rows) expect(row.bookings).toMatchObject({ teacherId, courseId, status: "confirmed", learnerId: null });
  const listed = await listDemosNeedingOutcome({ id: teacherId, email: PAST_DEMO.teacherEmail, role: "teacher" }, "UTC", now);
  expect(listed.map((d) => d.grade)).toEqual([6, 4]);
  expect(listed[0]!.sections).toEqual([expect.objectContaining({ id: sectionId })]);
});
