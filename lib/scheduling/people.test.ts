import { eq } from "drizzle-orm";

import { bookings, users } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { EVERY_DAY, newCourse, newDemoRequest, newParent, newTeacher } from "@/test/scheduling-fixtures";

import { bookDemoSlot } from "./bookings";
import { attachDemoBookingToParent, listLearners } from "./learners";
import { SCHEDULING_MESSAGES } from "./schema";
import {
  approveTeacherProfile,
  findOwnTeacherProfile,
  findPublicTeacherProfile,
  findUserTimezone,
  saveTeacherProfile,
  setUserTimezone,
  setUserTimezoneIfUnset,
} from "@/lib/teachers/profiles";
import { refusal } from "@/test/refusal";
import { timezoneOfUser } from "@/lib/accounts/user-directory";

import { familyZone } from "./family-zone";
import { teacherTimezone } from "./teacher-zone";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe("teacher profiles and time zones", () => {
  it("keeps a profile private until an admin approves it, and refuses an unknown zone", async () => {
    const userId = await newParent(database.db);
    const bad = await refusal(saveTeacherProfile(userId, { publicName: "Ms. Ada", timezone: "Mars/Olympus" }));
    expect(bad.fieldErrors).toEqual({ timezone: SCHEDULING_MESSAGES.timezoneInvalid });
    await saveTeacherProfile(userId, { publicName: "Ms. Ada", bio: "Hi", subjects: ["Math"], timezone: "Europe/London" });
    expect(await findPublicTeacherProfile(userId)).toBeNull();
    await approveTeacherProfile(userId);
    expect(await findPublicTeacherProfile(userId)).toEqual({
      userId,
      publicName: "Ms. Ada",
      bio: "Hi",
      subjects: ["Math"],
      timezone: "Europe/London",
    });
  });

  it("stores a user's zone (none until given), and refuses one that does not exist", async () => {
    const [row] = await database.db.insert(users).values({ firebaseUid: "tz-user", email: "tz@example.com" }).returning();
    expect(row!.timezone).toBeNull();
    expect(await findUserTimezone(row!.id)).toBeNull();
    // The browser's zone is taken only while there is none: a chosen zone is never overwritten.
    expect(await setUserTimezoneIfUnset(row!.id, "Asia/Kolkata")).toBe(true);
    expect(await setUserTimezoneIfUnset(row!.id, "Europe/London")).toBe(false);
    expect(await findUserTimezone(row!.id)).toBe("Asia/Kolkata");
    await setUserTimezone(row!.id, "America/Los_Angeles");
    const error = await refusal(setUserTimezone(row!.id, "PST8PDT-ish"));
    expect(error.message).toBe(SCHEDULING_MESSAGES.timezoneInvalid);
    const [stored] = await database.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, row!.id));
    expect(stored!.timezone).toBe("America/Los_Angeles");
  });

  it("gives a teacher one clock: the profile's zone wherever their pages read one, and either change moves both", async () => {
    const db = database.db;
    // A teacher whose profile says Chicago and whose account took Kolkata from the browser: the
    // dashboard read Chicago and the threads Kolkata. Now every page reads the profile's zone.
    const [row] = await db
      .insert(users)
      .values({ firebaseUid: "tz-teacher", email: "tz-teacher@example.com", role: "teacher" })
      .returning();
    await saveTeacherProfile(row!.id, { publicName: "Ms. Rao", timezone: "America/Chicago" });
    await db.update(users).set({ timezone: "Asia/Kolkata" }).where(eq(users.id, row!.id));
    expect(await findUserTimezone(row!.id)).toBe("America/Chicago");
    expect(await timezoneOfUser(row!.id)).toBe("America/Chicago");
    expect(await teacherTimezone(row!.id)).toBe("America/Chicago");

    // The notice's "Use" and the profile page's zone: the teaching profile follows.
    await setUserTimezone(row!.id, "Asia/Kolkata");
    expect(await findUserTimezone(row!.id)).toBe("Asia/Kolkata");
    expect((await findOwnTeacherProfile(row!.id))!.timezone).toBe("Asia/Kolkata");

    // The availability page's zone: the account follows.
    await saveTeacherProfile(row!.id, { publicName: "Ms. Rao", timezone: "Europe/Berlin" });
    const [stored] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, row!.id));
    expect(stored!.timezone).toBe("Europe/Berlin");
    expect(await timezoneOfUser(row!.id)).toBe("Europe/Berlin");
  });

  it("reads a staff account's own zone, and UTC (named on the page) until one is known", async () => {
    const [row] = await database.db
      .insert(users)
      .values({ firebaseUid: "tz-admin", email: "tz-admin@example.com", role: "admin" })
      .returning();
    expect(await timezoneOfUser(row!.id)).toBe("UTC");
    expect(await setUserTimezoneIfUnset(row!.id, "Europe/Paris")).toBe(true);
    expect(await timezoneOfUser(row!.id)).toBe("Europe/Paris");
  });
});

describe("a family's zone for a demo's follow-up (page and email alike)", () => {
  it("is the parent account's, else the requesting account's, else where the demo was booked, else UTC; old names read as today's", () => {
    expect(familyZone({ parentZone: "America/New_York", requestAccountZone: "Europe/Paris", bookedZone: "Asia/Tokyo" })).toBe(
      "America/New_York",
    );
    expect(familyZone({ parentZone: null, requestAccountZone: "Europe/Paris", bookedZone: "Asia/Tokyo" })).toBe("Europe/Paris");
    expect(familyZone({ bookedZone: "Asia/Calcutta" })).toBe("Asia/Kolkata");
    expect(familyZone({ parentZone: "Mars/Olympus" })).toBe("UTC");
  });
});

describe("a signed-out family's demo, attached at sign-up", () => {
  it("adds the child (first name, the request's grade) to the account and gives the booking its learner", async () => {
    const db = database.db;
    const teacherId = await newTeacher(db, "UTC", EVERY_DAY(9 * 60, 17 * 60));
    const courseId = await newCourse(db, teacherId);
    const demoRequestId = await newDemoRequest(db, courseId);
    const booking = await bookDemoSlot(
      { courseId, teacherId, startsAt: "2026-03-05T10:00:00Z", demoRequestId },
      { actorId: null, now: new Date("2026-03-02T00:00:00Z"), slotMinutes: 30, leadTimeHours: 12 },
    );
    expect(booking.learnerId).toBeNull();
    const parent = await newParent(db);
    const learnerId = await attachDemoBookingToParent(demoRequestId, parent, "Mia");
    expect(await listLearners(parent)).toEqual([{ id: learnerId, firstName: "Mia", grade: 4, birthYear: null }]);
    const [stored] = await db.select({ learnerId: bookings.learnerId }).from(bookings).where(eq(bookings.id, booking.id));
    expect(stored!.learnerId).toBe(learnerId);
    // Twice: nothing more to attach, no second child.
    expect(await attachDemoBookingToParent(demoRequestId, parent, "Mia")).toBeNull();
    expect(await listLearners(parent)).toHaveLength(1);
  });
});
