import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import type { SessionUser } from "@/lib/platform/auth/session-user";
import { bookings, learners, users } from "@/lib/platform/db/schema";
import { SCHEDULING_MESSAGES } from "@/lib/scheduling/schema";
import { actionContext, actionTestDatabase } from "@/test/action-context";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { addLearnerAction, removeLearnerAction, updateLearnerAction } from "./actions";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

const db = actionTestDatabase();

/** A parent account as the session carries it (the row exists; Firebase is not needed for these actions). */
async function newParentSession(): Promise<SessionUser> {
  const email = `parent.${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await db()
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email })
    .returning({ id: users.id });
  return {
    id: `uid-${row!.id}`,
    name: null,
    email,
    displayName: null,
    photoURL: null,
    role: "student",
    databaseId: row!.id,
    emailVerified: true,
  };
}

const learnersOf = (parentId: number) =>
  db()
    .select({ firstName: learners.firstName, grade: learners.grade, birthYear: learners.birthYear })
    .from(learners)
    .where(eq(learners.parentId, parentId));

describe("the learner actions of /my-courses", () => {
  it("need a session", async () => {
    actionContext.user = null;
    expect(await addLearnerAction({ firstName: "Mia", grade: "4" })).toEqual({ ok: false, message: "Please sign in first." });
    expect(await removeLearnerAction(1)).toEqual({ ok: false, message: "Please sign in first." });
  });

  it("add a child, and refuse a bad first name, grade or birth year with each field's message, storing nothing", async () => {
    const parent = await newParentSession();
    actionContext.user = parent;
    const bad = await addLearnerAction({ firstName: "  ", grade: "13", birthYear: "twenty" });
    expect(bad).toMatchObject({
      ok: false,
      fieldErrors: {
        firstName: SCHEDULING_MESSAGES.firstNameRequired,
        grade: SCHEDULING_MESSAGES.gradeInvalid,
        birthYear: SCHEDULING_MESSAGES.birthYearInvalid,
      },
    });
    expect(await addLearnerAction({ firstName: "Mia", grade: "" })).toMatchObject({
      ok: false,
      fieldErrors: { grade: SCHEDULING_MESSAGES.gradeInvalid },
    });
    expect(await learnersOf(parent.databaseId)).toEqual([]);

    expect(await addLearnerAction({ firstName: " Mia ", grade: "4", birthYear: "" })).toEqual({ ok: true, message: "Mia has been added." });
    expect(await addLearnerAction({ firstName: "Leo", grade: 7, birthYear: "2013" })).toMatchObject({ ok: true });
    expect(await learnersOf(parent.databaseId)).toEqual([
      { firstName: "Mia", grade: 4, birthYear: null },
      { firstName: "Leo", grade: 7, birthYear: 2013 },
    ]);
  });

  it("edit and remove only the parent's own children: another family's child is refused, nothing changed", async () => {
    const owner = await newParentSession();
    actionContext.user = owner;
    await addLearnerAction({ firstName: "Ada", grade: "3" });
    const [ada] = await db().select({ id: learners.id }).from(learners).where(eq(learners.parentId, owner.databaseId));

    actionContext.user = await newParentSession();
    const notYours = { ok: false, message: SCHEDULING_MESSAGES.learnerNotYours };
    expect(await updateLearnerAction(ada!.id, { firstName: "Hacked", grade: "9" })).toEqual(notYours);
    expect(await removeLearnerAction(ada!.id)).toEqual(notYours);
    // An id that is no child at all answers the same: nothing is revealed.
    expect(await removeLearnerAction(999_999)).toEqual(notYours);
    expect(await updateLearnerAction(Number.NaN, { firstName: "X", grade: "1" })).toEqual(notYours);
    expect(await learnersOf(owner.databaseId)).toEqual([{ firstName: "Ada", grade: 3, birthYear: null }]);

    actionContext.user = owner;
    expect(await updateLearnerAction(ada!.id, { firstName: "", grade: "3" })).toMatchObject({
      ok: false,
      fieldErrors: { firstName: SCHEDULING_MESSAGES.firstNameRequired },
    });
    expect(await updateLearnerAction(ada!.id, { firstName: "Adele", grade: "5", birthYear: "2016" })).toEqual({
      ok: true,
      message: "Adele's details have been saved.",
    });
    expect(await learnersOf(owner.databaseId)).toEqual([{ firstName: "Adele", grade: 5, birthYear: 2016 }]);
    expect(await removeLearnerAction(ada!.id)).toEqual({ ok: true, message: "The child has been removed from your account." });
    expect(await learnersOf(owner.databaseId)).toEqual([]);
  });

  it("refuse to remove a child with a live booking until it is cancelled", async () => {
    const parent = await newParentSession();
    actionContext.user = parent;
    await addLearnerAction({ firstName: "Noor", grade: "6" });
    const [noor] = await db().select({ id: learners.id }).from(learners).where(eq(learners.parentId, parent.databaseId));
    const teacherId = await newTeacher(db(), "UTC", EVERY_DAY(9 * 60, 17 * 60));
    const courseId = await newCourse(db(), teacherId);
    const [booking] = await db()
      .insert(bookings)
      .values({
        kind: "demo",
        learnerId: noor!.id,
        teacherId,
        courseId,
        startsAt: new Date("2030-01-07T10:00:00Z"),
        endsAt: new Date("2030-01-07T10:30:00Z"),
        status: "confirmed",
        token: randomUUID().replaceAll("-", ""),
      })
      .returning({ id: bookings.id });

    expect(await removeLearnerAction(noor!.id)).toEqual({ ok: false, message: SCHEDULING_MESSAGES.learnerHasBookings });
    expect(await learnersOf(parent.databaseId)).toHaveLength(1);

    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, booking!.id));
    expect(await removeLearnerAction(noor!.id)).toMatchObject({ ok: true });
    expect(await learnersOf(parent.databaseId)).toEqual([]);
  });
});
