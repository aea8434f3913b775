import { randomUUID } from "node:crypto";

import { bookings, demoRequests, learners, users } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { courseSection } from "@/test/demo-outcome-fixtures";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { getDemoConversion, share } from "./demo-conversion";

/**
 * Issue 27: the admin's funnel from demo booked → attended → enrolled, per course and per teacher.
 * Booked: past, not cancelled, in the last 90 days. Enrolled: the child or the family's account got
 * a paid seat (not held, not refunded) in the same course within 30 days of the demo.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const DAY = 86_400_000;
const now = new Date("2026-06-01T12:00:00Z");
const admin = { id: 1, email: "admin@example.com", role: "admin" as const };
const db = () => database.db;

async function family() {
  const [parent] = await db()
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email: `p-${randomUUID().slice(0, 8)}@example.com` })
    .returning({ id: users.id });
  const [child] = await db().insert(learners).values({ parentId: parent!.id, firstName: "Kid", grade: 3 }).returning({ id: learners.id });
  return { parentId: parent!.id, learnerId: child!.id };
}

type Status = "confirmed" | "attended" | "no_show" | "cancelled" | "held";
async function demo(
  teacherId: number,
  courseId: number,
  daysAgo: number,
  status: Status,
  who: { learnerId: number } | { demoRequestId: string },
) {
  const startsAt = new Date(now.getTime() - daysAgo * DAY);
  await db()
    .insert(bookings)
    .values({
      kind: "demo",
      teacherId,
      courseId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 1_800_000),
      status,
      token: randomUUID(),
      ...who,
    });
  return startsAt;
}

async function seat(
  sectionId: number,
  courseId: number,
  teacherId: number,
  learnerId: number,
  createdAt: Date,
  status: Status = "confirmed",
) {
  await db()
    .insert(bookings)
    .values({
      kind: "seat",
      sectionId,
      courseId,
      teacherId,
      learnerId,
      startsAt: new Date(createdAt.getTime() + 7 * DAY),
      endsAt: new Date(createdAt.getTime() + 7 * DAY + 3_600_000),
      status,
      token: randomUUID(),
      createdAt,
    });
}

it("counts each course's and teacher's past demos, those attended and those followed by a paid seat within 30 days", async () => {
  const t1 = await newTeacher(db(), "UTC", EVERY_DAY(0, 600));
  const t2 = await newTeacher(db(), "UTC", EVERY_DAY(0, 600));
  const courseA = await newCourse(db(), t1);
  const courseB = await newCourse(db(), t2);
  const sectionA = await courseSection(db(), courseA, t1);
  const sectionB = await courseSection(db(), courseB, t2);

  // Attended, then a seat 5 days later: enrolled.
  const f1 = await family();
  const d1 = await demo(t1, courseA, 20, "attended", f1);
  await seat(sectionA, courseA, t1, f1.learnerId, new Date(d1.getTime() + 5 * DAY));
  // Attended, a seat only held (card unpaid) and one refunded: not enrolled.
  const f2 = await family();
  const d2 = await demo(t1, courseA, 10, "attended", f2);
  await seat(sectionA, courseA, t1, f2.learnerId, new Date(d2.getTime() + DAY), "held");
  await seat(sectionA, courseA, t1, f2.learnerId, new Date(d2.getTime() + DAY), "cancelled");
  // A no-show whose seat came 40 days later, and a seat in another course: not enrolled.
  const f3 = await family();
  const d3 = await demo(t1, courseA, 60, "no_show", f3);
  await seat(sectionA, courseA, t1, f3.learnerId, new Date(d3.getTime() + 40 * DAY));
  await seat(sectionB, courseB, t2, f3.learnerId, new Date(d3.getTime() + DAY));
  // Booked signed in (no outcome yet): a sibling's seat on the same account counts.
  const f4 = await family();
  const [request] = await db()
    .insert(demoRequests)
    .values({ userEmail: "f4@example.com", course: String(courseA), courseId: courseA, userId: f4.parentId })
    .returning({ id: demoRequests.id });
  const d4 = await demo(t1, courseA, 3, "confirmed", { demoRequestId: request!.id });
  await seat(sectionA, courseA, t1, f4.learnerId, new Date(d4.getTime() + DAY));
  // Not counted: cancelled, in the future, older than 90 days.
  await demo(t1, courseA, 5, "cancelled", await family());
  await demo(t1, courseA, -2, "confirmed", await family());
  await demo(t1, courseA, 100, "attended", await family());
  // Course B, teacher 2: one attended, no seat.
  await demo(t2, courseB, 7, "attended", await family());

  const figures = await getDemoConversion(admin, now);
  expect(figures.byCourse).toEqual([
    { id: courseA, label: "Test course", booked: 4, attended: 2, enrolled: 2 },
    { id: courseB, label: "Test course", booked: 1, attended: 1, enrolled: 0 },
  ]);
  expect(figures.byTeacher).toEqual([
    { id: t1, label: "Teacher", booked: 4, attended: 2, enrolled: 2 },
    { id: t2, label: "Teacher", booked: 1, attended: 1, enrolled: 0 },
  ]);
  expect([share(2, 4), share(0, 1), share(0, 0)]).toEqual(["50%", "0%", "—"]);
  await expect(getDemoConversion({ ...admin, role: "support" }, now)).rejects.toMatchObject({ code: "forbidden" });
});
