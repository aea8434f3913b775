import { randomUUID } from "node:crypto";

import { demoRequests, users } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { bookDemoSlot, cancelBooking } from "./bookings";
import { listFamilyDemoBookings } from "./family-bookings";
import { attachFamilyDemoBookings, listLearners, UNNAMED_CHILD } from "./learners";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const now = new Date("2026-03-02T00:00:00Z");
const context = { actorId: null, now, slotMinutes: 30, leadTimeHours: 12 };

async function account(emailVerified: boolean) {
  const email = `family.${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await database.db
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email })
    .returning({ id: users.id });
  return { databaseId: row!.id, email, emailVerified };
}

/** A family's demo request (made signed out unless `userId`) with a booked demo time. */
async function bookedDemo(email: string, startsAt: string, userId: number | null = null) {
  const teacherId = await newTeacher(database.db, "UTC", EVERY_DAY(9 * 60, 17 * 60));
  const courseId = await newCourse(database.db, teacherId);
  const [request] = await database.db
    .insert(demoRequests)
    .values({ userEmail: email.toUpperCase(), course: String(courseId), courseId, grade: 5, userId })
    .returning({ id: demoRequests.id });
  return bookDemoSlot({ courseId, teacherId, startsAt, demoRequestId: request!.id }, context);
}

describe("a family's demo bookings on /my-courses", () => {
  it("are matched by a verified email only, get a child once, and never show another family's", async () => {
    const family = await account(false);
    const booked = await bookedDemo(family.email, "2026-03-05T10:00:00Z");
    const otherFamily = await account(true);
    await bookedDemo(otherFamily.email, "2026-03-05T11:00:00Z");

    // Unverified: anyone can sign up with another family's address, so nothing matches yet.
    expect(await attachFamilyDemoBookings(family)).toBe(0);
    expect(await listFamilyDemoBookings(family)).toEqual([]);

    const verified = { ...family, emailVerified: true };
    expect(await attachFamilyDemoBookings(verified)).toBe(1);
    expect(await attachFamilyDemoBookings(verified)).toBe(0);
    const children = await listLearners(family.databaseId);
    expect(children).toEqual([{ id: expect.any(Number), firstName: UNNAMED_CHILD, grade: 5, birthYear: null }]);
    expect(await listFamilyDemoBookings(verified)).toEqual([
      {
        id: booked.id,
        token: booked.token,
        courseTitle: "Test course",
        teacherName: "Teacher",
        learnerFirstName: UNNAMED_CHILD,
        startsAt: "2026-03-05T10:00:00.000Z",
        status: "confirmed",
      },
    ]);
  });

  it("include the requests made signed in to the account before its email is verified, whose bookings come with their child", async () => {
    const family = await account(false);
    const booked = await bookedDemo(`someone.else.${randomUUID().slice(0, 6)}@example.com`, "2026-03-06T10:00:00Z", family.databaseId);
    const children = await listLearners(family.databaseId);
    expect(children).toEqual([{ id: expect.any(Number), firstName: UNNAMED_CHILD, grade: 5, birthYear: null }]);
    expect(booked.learnerId).toBe(children[0]!.id);
    expect(await listFamilyDemoBookings(family)).toEqual([expect.objectContaining({ id: booked.id, learnerFirstName: UNNAMED_CHILD })]);
    // Nothing left for a page or a sign-in to attach.
    expect(await attachFamilyDemoBookings(family)).toBe(0);

    // Cancelled and booked again for the same request: the same child, not a second one.
    await cancelBooking({ token: booked.token }, context);
    const again = await bookDemoSlot(
      { courseId: booked.courseId!, teacherId: booked.teacherId, startsAt: "2026-03-07T10:00:00Z", demoRequestId: booked.demoRequestId! },
      context,
    );
    expect(again.learnerId).toBe(children[0]!.id);
    expect(await listLearners(family.databaseId)).toHaveLength(1);
  });
});
