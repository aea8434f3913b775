import { eq } from "drizzle-orm";

import { teacherApplications, teacherChecks, users } from "@/lib/platform/db/schema/index";
import { listApplications } from "@/lib/teachers/applications/queries";
import { decideApplication } from "@/lib/teachers/applications/service";
import { listChecksForReview, runBackgroundCheck } from "@/lib/teachers/vetting/checks";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";

import { SEED_APPLICATION, seedTeacherApplication } from "./teacher-application";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const NOW = new Date("2030-03-06T20:00:00Z");

test("npm start's admin finds one pending teacher application, its checks mixed; seeded once, and a decided one is not seeded again", async () => {
  const db = database.db;
  const admin = await insertActor(db, "admin");
  await seedTeacherApplication(NOW);
  await seedTeacherApplication(new Date(NOW.getTime() + 86_400_000));

  const [applicant] = await db.select().from(users).where(eq(users.firebaseUid, SEED_APPLICATION.firebaseUid));
  expect(applicant).toMatchObject({ role: "student", email: SEED_APPLICATION.email });
  const listed = (await listApplications(admin, { status: "pending" })).filter((a) => a.email === SEED_APPLICATION.email);
  expect(listed).toEqual([expect.objectContaining({ name: SEED_APPLICATION.name, status: "pending" })]);
  expect(listed[0]!.createdAt.getTime()).toBe(NOW.getTime() - 3 * 86_400_000);

  // Some passed (each with its date and expiry), the background check still pending.
  const checks = await listChecksForReview(admin, applicant!.id);
  expect(checks.map((c) => [c.kind, c.status])).toEqual([
    ["identity", "passed"],
    ["background", "pending"],
    ["sample_lesson", "passed"],
    ["safety_policy", "passed"],
  ]);
  for (const check of checks.filter((c) => c.status === "passed")) {
    expect(check.checkedAt).not.toBeNull();
    expect(check.expiresAt!.getTime()).toBeGreaterThan(NOW.getTime());
  }
  expect(await db.select().from(teacherChecks).where(eq(teacherChecks.userId, applicant!.id))).toHaveLength(4);

  // The admin's road works on it: approval waits for the background check, which the stand-in passes.
  const applicationId = listed[0]!.id;
  await expect(decideApplication(admin, { applicationId, decision: "approve" })).rejects.toMatchObject({
    status: 409,
    message: expect.stringContaining("Still to pass: Background check."),
  });
  expect(await runBackgroundCheck(admin, { applicationId })).toBe("The background check passed.");
  await decideApplication(admin, { applicationId, decision: "approve" });
  expect((await db.select({ role: users.role }).from(users).where(eq(users.id, applicant!.id)))[0]?.role).toBe("teacher");

  // Decided: the next start leaves it alone (no second application).
  await seedTeacherApplication(NOW);
  expect(await db.select().from(teacherApplications).where(eq(teacherApplications.userId, applicant!.id))).toHaveLength(1);
});
