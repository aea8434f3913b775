import { randomUUID } from "node:crypto";

import { and, eq, like } from "drizzle-orm";

import { registerAccount } from "@/lib/accounts/accounts";
import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import type { Actor } from "@/lib/platform/auth/permissions";
import type { Role } from "@/lib/platform/auth/roles";
import { auditEvents, teacherApplications, users } from "@/lib/platform/db/schema/index";
import { openTestDatabase } from "@/test/database";

import { findOwnApplication, listApplications } from "./queries";
import { APPLICATION_MESSAGES } from "./schema";
import { decideApplication, submitApplication } from "./service";
import { recordCheck, runBackgroundCheck } from "@/lib/teachers/vetting/checks";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`;

/** A users row only (no Firebase user): enough for everything but a role change. */
async function actorWithRole(role: Role): Promise<Actor> {
  const email = uniqueEmail(role);
  const [row] = await database.db.insert(users).values({ firebaseUid: randomUUID(), email, role }).returning({ id: users.id });
  return { id: row!.id, email, role };
}

/** A real account on the Auth Emulator with its users row, as sign-up makes it. */
async function registeredApplicant(): Promise<Actor & { uid: string }> {
  const email = uniqueEmail("applicant");
  const user = await registerAccount({ displayName: "Asha Applicant", email, password: "correct-horse-1" });
  return { id: user.databaseId, email, role: user.role, uid: user.id };
}

const application = (email: string) => ({
  name: "Asha Applicant",
  email,
  subjects: "Python, Scratch",
  experience: "Five years of after-school coding clubs for grades 4 to 8.",
  availability: "Weekdays 4-8 pm Eastern",
  acceptsSafetyPolicy: true,
});

/** Issue 38: the admin's checks, all passed (the stand-in passes an ordinary name). */
async function passChecks(admin: Actor, applicationId: number) {
  await recordCheck(admin, { applicationId, kind: "identity", status: "passed" });
  await recordCheck(admin, { applicationId, kind: "sample_lesson", status: "passed" });
  await runBackgroundCheck(admin, { applicationId });
}

const applicationsOf = (userId: number) => database.db.select().from(teacherApplications).where(eq(teacherApplications.userId, userId));
const auditFor = (applicationId: number) =>
  database.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.targetType, "teacher_application"),
        eq(auditEvents.targetId, String(applicationId)),
        // The decision's own records, not the checks' (teacher_check.*).
        like(auditEvents.action, "teacher_application.%"),
      ),
    );

async function pendingApplicationOf(actor: Actor): Promise<number> {
  await submitApplication(actor, application(actor.email));
  const [row] = await applicationsOf(actor.id);
  return row!.id;
}

describe("submitting a teacher application", () => {
  it("stores a pending application with every field", async () => {
    const student = await actorWithRole("student");
    await expect(submitApplication(student, application(student.email))).resolves.toMatch(/we have your application/i);
    const rows = await applicationsOf(student.id);
    expect(rows).toHaveLength(1);
    const { acceptsSafetyPolicy: _accepted, ...stored } = application(student.email);
    expect(rows[0]).toMatchObject({ ...stored, status: "pending", decidedById: null });
    expect(await findOwnApplication(student.id)).toMatchObject({ status: "pending", createdAt: expect.any(Date) });
  });

  it("refuses a second application while one is pending", async () => {
    const student = await actorWithRole("student");
    await submitApplication(student, application(student.email));
    await expect(submitApplication(student, application(student.email))).rejects.toMatchObject({
      status: 409,
      message: APPLICATION_MESSAGES.alreadyPending,
    });
    expect(await applicationsOf(student.id)).toHaveLength(1);
  });

  it("refuses invalid input with the field's message and stores nothing", async () => {
    const student = await actorWithRole("student");
    const invalid = { ...application("not-an-email"), subjects: " ", experience: "short" };
    await expect(submitApplication(student, invalid)).rejects.toMatchObject({
      issues: expect.arrayContaining([
        expect.objectContaining({ path: ["email"], message: APPLICATION_MESSAGES.emailInvalid }),
        expect.objectContaining({ path: ["subjects"], message: APPLICATION_MESSAGES.subjectsRequired }),
        expect.objectContaining({ path: ["experience"], message: APPLICATION_MESSAGES.experienceShort }),
      ]),
    });
    expect(await applicationsOf(student.id)).toHaveLength(0);
  });

  it("tells a teacher or an admin they need not apply, and a visitor to sign in", async () => {
    const teacher = await actorWithRole("teacher");
    const admin = await actorWithRole("admin");
    await expect(submitApplication(teacher, application(teacher.email))).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/already a teacher/),
    });
    await expect(submitApplication(admin, application(admin.email))).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/admin role/),
    });
    await expect(submitApplication(null, application("x@example.com"))).rejects.toMatchObject({ status: 401 });
    expect([...(await applicationsOf(teacher.id)), ...(await applicationsOf(admin.id))]).toHaveLength(0);
  });
});

describe("deciding a teacher application", () => {
  it("refuses support and teacher actors with 403 and changes nothing", async () => {
    const student = await actorWithRole("student");
    const id = await pendingApplicationOf(student);
    for (const role of ["support", "teacher", "student"] as const) {
      await expect(decideApplication(await actorWithRole(role), { applicationId: id, decision: "approve" })).rejects.toMatchObject({
        status: 403,
      });
    }
    await expect(listApplications(await actorWithRole("support"))).rejects.toMatchObject({ status: 403 });
    const [row] = await applicationsOf(student.id);
    expect(row).toMatchObject({ status: "pending", decidedById: null, decidedAt: null });
    expect(await auditFor(id)).toHaveLength(0);
    const [account] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, student.id));
    expect(account?.role).toBe("student");
  });

  it("approving makes the applicant a teacher in the users row and the Firebase claims, with an audit record", async () => {
    const admin = await actorWithRole("admin");
    const applicant = await registeredApplicant();
    const id = await pendingApplicationOf(applicant);
    await passChecks(admin, id);

    await expect(decideApplication(admin, { applicationId: String(id), decision: "approve" })).resolves.toBe(
      "Asha Applicant is now a teacher, with a public page.",
    );

    const [row] = await applicationsOf(applicant.id);
    expect(row).toMatchObject({ status: "approved", decidedById: admin.id, decidedAt: expect.any(Date) });
    const [account] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, applicant.id));
    expect(account?.role).toBe("teacher");
    expect((await adminAuth().getUser(applicant.uid)).customClaims).toEqual({ role: "teacher", databaseId: applicant.id });
    expect(await auditFor(id)).toEqual([
      expect.objectContaining({
        action: "teacher_application.approve",
        actorId: admin.id,
        actorEmail: admin.email,
        details: { userId: applicant.id, email: applicant.email },
      }),
    ]);
    expect((await listApplications(admin, { status: "approved" })).map((a) => a.id)).toContain(id);
  });

  it("declining leaves the role, records the decision, and the person may apply again", async () => {
    const admin = await actorWithRole("admin");
    const applicant = await registeredApplicant();
    const id = await pendingApplicationOf(applicant);

    await expect(decideApplication(admin, { applicationId: id, decision: "decline", reason: "Not this term." })).resolves.toMatch(
      /declined/,
    );

    const [row] = await applicationsOf(applicant.id);
    expect(row).toMatchObject({ status: "declined", decidedById: admin.id });
    const [account] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, applicant.id));
    expect(account?.role).toBe("student");
    expect((await adminAuth().getUser(applicant.uid)).customClaims).toEqual({ role: "student", databaseId: applicant.id });
    expect(await auditFor(id)).toEqual([expect.objectContaining({ action: "teacher_application.decline", actorId: admin.id })]);
    await expect(submitApplication(applicant, application(applicant.email))).resolves.toMatch(/we have your application/i);
    expect(await findOwnApplication(applicant.id)).toMatchObject({ status: "pending" });
  });

  it("refuses to decide an application twice", async () => {
    const admin = await actorWithRole("admin");
    const applicant = await registeredApplicant();
    const id = await pendingApplicationOf(applicant);
    await decideApplication(admin, { applicationId: id, decision: "decline", reason: "Not this term." });

    await expect(decideApplication(admin, { applicationId: id, decision: "approve" })).rejects.toMatchObject({
      status: 409,
      message: "This application was already declined.",
    });
    const [account] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, applicant.id));
    expect(account?.role).toBe("student");
    expect(await auditFor(id)).toHaveLength(1);
    await expect(decideApplication(admin, { applicationId: 999_999, decision: "approve" })).rejects.toMatchObject({ status: 404 });
  });

  it("when Firebase refuses the role change, or the applicant became staff, nothing is written", async () => {
    const admin = await actorWithRole("admin");
    // A users row whose Firebase user does not exist: setting the claims fails.
    const orphan = await actorWithRole("student");
    const orphanApplication = await pendingApplicationOf(orphan);
    await passChecks(admin, orphanApplication);
    await expect(decideApplication(admin, { applicationId: orphanApplication, decision: "approve" })).rejects.toThrow();

    const staff = await actorWithRole("student");
    const staffApplication = await pendingApplicationOf(staff);
    await passChecks(admin, staffApplication);
    await database.db.update(users).set({ role: "support" }).where(eq(users.id, staff.id));
    await expect(decideApplication(admin, { applicationId: staffApplication, decision: "approve" })).rejects.toMatchObject({ status: 409 });

    for (const [person, id, role] of [
      [orphan, orphanApplication, "student"],
      [staff, staffApplication, "support"],
    ] as const) {
      const [row] = await applicationsOf(person.id);
      expect(row).toMatchObject({ status: "pending", decidedById: null });
      const [account] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, person.id));
      expect(account?.role).toBe(role);
      expect(await auditFor(id)).toHaveLength(0);
    }
  });

  it("lists pending applications first, and filters by status", async () => {
    const admin = await actorWithRole("admin");
    const declinedId = await pendingApplicationOf(await actorWithRole("student"));
    await decideApplication(admin, { applicationId: declinedId, decision: "decline", reason: "Not this term." });
    const pendingId = await pendingApplicationOf(await actorWithRole("student"));

    const all = await listApplications(admin);
    const firstDecided = all.findIndex((a) => a.status !== "pending");
    expect(all.slice(firstDecided).some((a) => a.status === "pending")).toBe(false);
    expect(all.find((a) => a.id === declinedId)).toMatchObject({ status: "declined", decidedByEmail: admin.email });
    expect((await listApplications(admin, { status: "pending" })).map((a) => a.id)).toContain(pendingId);
    expect((await listApplications(admin, { status: "pending" })).map((a) => a.id)).not.toContain(declinedId);
  });
});
