import { eq } from "drizzle-orm";

import { bookings, demoRequests, users } from "@/lib/platform/db/schema";
import { listDemosNeedingOutcome } from "@/lib/scheduling/demo-outcomes";
import { openTestDatabase } from "@/test/database";
import { courseSection } from "@/test/demo-outcome-fixtures";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { PAST_DEMO, seedPastDemo } from "./past-demo";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

it("gives the demo teacher one demo of yesterday waiting for its outcome, booked signed out, once", async () => {
  const db = database.db;
  const teacherId = await newTeacher(db, "UTC", EVERY_DAY(0, 600));
  await db.update(users).set({ email: PAST_DEMO.teacherEmail }).where(eq(users.id, teacherId));
  const courseId = await newCourse(db, teacherId);
  const sectionId = await courseSection(db, courseId, teacherId);
  const now = new Date("2026-05-05T10:30:00Z");
  await seedPastDemo(now);
  await seedPastDemo(now);

  const rows = await db.select().from(bookings).innerJoin(demoRequests, eq(demoRequests.id, bookings.demoRequestId));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.bookings).toMatchObject({
    teacherId,
    courseId,
    status: "confirmed",
    learnerId: null,
    startsAt: new Date("2026-05-04T14:00:00Z"),
  });
  expect(rows[0]!.demo_requests).toMatchObject({ userEmail: PAST_DEMO.familyEmail, grade: 4, userId: null });
  const listed = await listDemosNeedingOutcome({ id: teacherId, email: PAST_DEMO.teacherEmail, role: "teacher" }, "UTC", now);
  expect(listed).toEqual([expect.objectContaining({ grade: 4, sections: [expect.objectContaining({ id: sectionId })] })]);
});
