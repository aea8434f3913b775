import { randomUUID } from "node:crypto";

import { eq, sql } from "drizzle-orm";

import type { SessionUser } from "@/lib/platform/auth/session-user";
import { bookings, demoRequests, learners, users } from "@/lib/platform/db/schema";
import { bookDemoSlot } from "@/lib/scheduling/bookings";
import { actionContext, actionTestDatabase } from "@/test/action-context";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import MyCoursesPage from "./page";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

const db = actionTestDatabase();

/** Every row of the tables a visit could change, as text: equal before and after means nothing written. */
async function snapshot() {
  const tables = ["users", "learners", "bookings", "demo_requests", "booking_history", "outbox", "audit_events"];
  const rows: string[] = [];
  for (const table of tables) {
    const result = (await db().execute(
      sql.raw(`select coalesce(json_agg(t order by t::text), '[]')::text as rows from "${table}" t`),
    )) as unknown as {
      rows: Array<{ rows: string }>;
    };
    rows.push(`${table}: ${result.rows[0]!.rows}`);
  }
  return rows;
}

describe("/my-courses (issue 17 review: a GET writes nothing)", () => {
  it("shows a verified family's page without attaching its waiting demo, or changing any row", async () => {
    const email = `family.${randomUUID().slice(0, 8)}@example.com`;
    const [row] = await db()
      .insert(users)
      .values({ firebaseUid: `test-${randomUUID()}`, email })
      .returning({ id: users.id });
    const user: SessionUser = {
      id: `uid-${row!.id}`,
      name: null,
      email,
      displayName: null,
      photoURL: null,
      role: "student",
      databaseId: row!.id,
      emailVerified: true,
    };
    // Booked signed out with the email; the session's announcement has not run (no listener here),
    // so before this change the visit itself attached it.
    const teacherId = await newTeacher(db(), "UTC", EVERY_DAY(9 * 60, 17 * 60));
    const courseId = await newCourse(db(), teacherId);
    const [request] = await db()
      .insert(demoRequests)
      .values({ userEmail: email, course: String(courseId), courseId, grade: 3 })
      .returning({ id: demoRequests.id });
    const booked = await bookDemoSlot(
      { courseId, teacherId, startsAt: "2026-03-05T10:00:00Z", demoRequestId: request!.id },
      { actorId: null, now: new Date("2026-03-02T00:00:00Z"), slotMinutes: 30, leadTimeHours: 12 },
    );
    actionContext.user = user;

    const before = await snapshot();
    expect(await MyCoursesPage()).toBeTruthy();
    expect(await snapshot()).toEqual(before);
    const [stored] = await db().select({ learnerId: bookings.learnerId }).from(bookings).where(eq(bookings.id, booked.id));
    expect(stored!.learnerId).toBeNull();
    expect(await db().select().from(learners).where(eq(learners.parentId, user.databaseId))).toEqual([]);
  });
});
