import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";

import { registerAccount } from "@/lib/accounts/accounts";
import { addToCart } from "@/lib/commerce/cart/cart";
import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { findTeacherPage } from "@/lib/discovery/teacher-page";
import { EMAIL_TOPIC } from "@/lib/notifications/email";
import type { Actor } from "@/lib/platform/auth/permissions";
import { bookings, courses, outbox, teacherApplications, teacherChecks, teacherProfiles, users } from "@/lib/platform/db/schema";
import { findCoursePage } from "@/lib/scheduling/course-page";
import { courseTeacherIds } from "@/lib/scheduling/slots";
import { createSectionAs, listSectionsFor } from "@/lib/scheduling/section-admin";
import { findOwnApplication } from "@/lib/teachers/applications/queries";
import { APPLICATION_MESSAGES } from "@/lib/teachers/applications/schema";
import { decideApplication, submitApplication } from "@/lib/teachers/applications/service";
import { teachCourse } from "@/lib/teachers/course-teaching";
import { LISTING_REVIEW_MESSAGES, listListingsInReview, reviewListing } from "@/lib/teachers/listing-review";
import { newFamily } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { deliverEvents } from "@/test/events";
import { insertActor } from "@/test/fixtures";
import { newCourse } from "@/test/scheduling-fixtures";

import { CHECK_VALID_DAYS } from "./check-rules";
import { recordCheck, runBackgroundCheck } from "./checks";
import { listExpiringChecks } from "./expiry";
import { queueCheckExpiryWarnings } from "@/lib/reactions/check-expiry-mail";

/**
 * Issue 38, the road from application to a class families can buy: the acknowledgement, the checks
 * (the background check's stand-in passes, flags or fails by test name), approval only once every
 * check passed (teacher role, public page, email), a refusal with its reason, the first listing
 * reviewed and then self-serve, and an expired check taking the sections off sale while sold seats run.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let admin: Actor;
beforeAll(async () => {
  database = await openTestDatabase();
  admin = await insertActor(database.db, "admin");
});
afterAll(() => database.dispose());
const db = () => database.db;

async function applicant(name: string): Promise<Actor> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${randomUUID().slice(0, 6)}@example.com`;
  const user = await registerAccount({ displayName: name, email, password: "correct-horse-1" });
  await db().update(users).set({ timezone: "America/Denver" }).where(eq(users.id, user.databaseId));
  return { id: user.databaseId, email, role: "student" };
}

const form = (person: Actor, name: string) => ({
  name,
  email: person.email,
  subjects: "Piano, grades 2 to 6",
  experience: "Eight years teaching piano to children at a community music school.",
  availability: "Weekday afternoons, Mountain time",
  acceptsSafetyPolicy: true,
});

async function applicationIdOf(person: Actor): Promise<number> {
  return (await findOwnApplication(person.id))!.id;
}

async function passOwnChecks(applicationId: number) {
  await recordCheck(admin, { applicationId, kind: "identity", status: "passed" });
  await recordCheck(admin, { applicationId, kind: "sample_lesson", status: "passed", note: "Clear, warm, well paced." });
}

/** The emails queued for an address once the events are delivered: subject and text. */
async function mailTo(address: string) {
  await deliverEvents(db());
  const rows = await db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.topic, EMAIL_TOPIC));
  return rows.map((r) => r.payload as { to: string; subject: string; text: string }).filter((m) => m.to === address);
}

const roleOf = async (id: number) => (await db().select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
const profileOf = async (id: number) => (await db().select().from(teacherProfiles).where(eq(teacherProfiles.userId, id)))[0];

const sectionInput = (courseId: number, teacherId: number) => ({
  courseId,
  teacherId,
  classType: "group" as const,
  capacity: 5,
  priceMinor: 12_000,
  currency: "USD",
  startsOn: "2027-03-01",
  // Open-ended, so it still has sessions when the checks run out a year from now.
  weekdays: [1],
  startTime: "16:00",
  timezone: "America/Denver",
  durationMinutes: 45,
  status: "open" as const,
});

const BEFORE = new Date("2027-02-20T12:00:00Z");

describe("applying", () => {
  it("acknowledges the application by email and records the safety policy as accepted", async () => {
    const person = await applicant("Paula Pianist");
    await submitApplication(person, form(person, "Paula Pianist"));
    const [check] = await db()
      .select()
      .from(teacherChecks)
      .where(and(eq(teacherChecks.userId, person.id), eq(teacherChecks.kind, "safety_policy")));
    expect(check).toMatchObject({ status: "passed", checkedAt: expect.any(Date), expiresAt: expect.any(Date) });
    const mail = await mailTo(person.email);
    expect(mail).toEqual([expect.objectContaining({ subject: expect.stringMatching(/We have your application/) })]);
    expect(mail[0]!.text).toMatch(/background check/);
  });

  it("refuses a second application while one is open, and one without the safety policy; nothing changes", async () => {
    const person = await applicant("Owen Organist");
    await submitApplication(person, form(person, "Owen Organist"));
    await expect(submitApplication(person, form(person, "Owen Organist"))).rejects.toMatchObject({
      status: 409,
      message: APPLICATION_MESSAGES.alreadyPending,
    });
    const other = await applicant("Nia Noaccept");
    await expect(submitApplication(other, { ...form(other, "Nia Noaccept"), acceptsSafetyPolicy: false })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["acceptsSafetyPolicy"], message: APPLICATION_MESSAGES.safetyPolicyRequired })],
    });
    expect(await db().select().from(teacherApplications).where(eq(teacherApplications.userId, person.id))).toHaveLength(1);
    expect(await db().select().from(teacherApplications).where(eq(teacherApplications.userId, other.id))).toHaveLength(0);
    expect(await db().select().from(teacherChecks).where(eq(teacherChecks.userId, other.id))).toHaveLength(0);
  });
});

describe("the checks and the decision", () => {
  it("refuses approval while a check is missing, with the missing checks named; nothing changes", async () => {
    const person = await applicant("Mia Missing");
    await submitApplication(person, form(person, "Mia Missing"));
    const id = await applicationIdOf(person);
    await recordCheck(admin, { applicationId: id, kind: "identity", status: "passed" });
    await expect(decideApplication(admin, { applicationId: id, decision: "approve" })).rejects.toMatchObject({
      status: 409,
      message: "Every check must pass before approval. Still to pass: Background check, Sample lesson reviewed.",
    });
    expect(await roleOf(person.id)).toBe("student");
    expect(await profileOf(person.id)).toBeUndefined();
    expect((await findOwnApplication(person.id))?.status).toBe("pending");
  });

  it("a flagged background check blocks approval, and a failed one too", async () => {
    for (const name of ["Fran Flagged", "Finn Failed"]) {
      const person = await applicant(name);
      await submitApplication(person, form(person, name));
      const id = await applicationIdOf(person);
      await passOwnChecks(id);
      await expect(runBackgroundCheck(admin, { applicationId: id })).resolves.toMatch(name.includes("Flagged") ? /flagged/ : /failed/);
      await expect(decideApplication(admin, { applicationId: id, decision: "approve" })).rejects.toMatchObject({
        status: 409,
        message: expect.stringContaining("Still to pass: Background check."),
      });
      expect(await roleOf(person.id)).toBe("student");
    }
  });

  it("approving, every check passed, makes a teacher with a public page and tells them by email", async () => {
    const person = await applicant("Tara Treble");
    await submitApplication(person, form(person, "Tara Treble"));
    const id = await applicationIdOf(person);
    await passOwnChecks(id);
    await expect(runBackgroundCheck(admin, { applicationId: id })).resolves.toBe("The background check passed.");
    await expect(decideApplication(admin, { applicationId: id, decision: "approve" })).resolves.toMatch(/now a teacher/);

    expect(await roleOf(person.id)).toBe("teacher");
    const profile = await profileOf(person.id);
    expect(profile).toMatchObject({ publicName: "Tara Treble", timezone: "America/Denver", listingReviewPending: true });
    const checks = await db().select().from(teacherChecks).where(eq(teacherChecks.userId, person.id));
    expect(checks.map((c) => c.status)).toEqual(["passed", "passed", "passed", "passed"]);
    // Cleared until the earliest expiry: the background check's and the policy's year.
    const earliest = Math.min(...checks.map((c) => c.expiresAt!.getTime()));
    expect(profile?.clearedUntil?.getTime()).toBe(earliest);
    const background = checks.find((c) => c.kind === "background")!;
    expect(background.expiresAt!.getTime() - background.checkedAt!.getTime()).toBe(CHECK_VALID_DAYS.background * 86_400_000);

    const page = await findTeacherPage(profile!.slug);
    expect(page?.name).toBe("Tara Treble");
    const mail = await mailTo(person.email);
    const approved = mail.find((m) => /you are a teacher now/.test(m.subject));
    expect(approved?.text).toContain(`/teachers/${profile!.slug}`);
  });

  it("a refusal needs a reason, which the email carries; the refused applicant cannot publish", async () => {
    const person = await applicant("Rex Refused");
    await submitApplication(person, form(person, "Rex Refused"));
    const id = await applicationIdOf(person);
    await expect(decideApplication(admin, { applicationId: id, decision: "decline", reason: "  " })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { reason: APPLICATION_MESSAGES.reasonRequired },
    });
    expect((await findOwnApplication(person.id))?.status).toBe("pending");
    await decideApplication(admin, { applicationId: id, decision: "decline", reason: "We need teachers with a music degree for piano." });
    const declined = (await mailTo(person.email)).find((m) => /Your application to teach/.test(m.subject));
    expect(declined?.text).toContain("We need teachers with a music degree for piano.");

    const courseId = await newCourse(db(), null);
    await expect(createSectionAs(person, sectionInput(courseId, person.id))).rejects.toMatchObject({ status: 403 });
    await expect(teachCourse(person, { courseId })).rejects.toMatchObject({ status: 403 });
  });
});

describe("the first listing, then self-serve, then a check expiring", () => {
  it("keeps a new teacher's first section in review until an admin approves it; later ones sell at once; an expired check takes them off sale and sold seats run", async () => {
    const person = await applicant("Lena Lister");
    await submitApplication(person, form(person, "Lena Lister"));
    const id = await applicationIdOf(person);
    await passOwnChecks(id);
    await runBackgroundCheck(admin, { applicationId: id });
    await decideApplication(admin, { applicationId: id, decision: "approve" });
    const teacher: Actor = { ...person, role: "teacher" };

    const courseId = await newCourse(db(), null);
    const [course] = await db().select({ slug: courses.slug }).from(courses).where(eq(courses.id, courseId));
    await teachCourse(teacher, { courseId });
    const first = await createSectionAs(teacher, sectionInput(courseId, teacher.id));

    // In review: the teacher sees it so, families cannot see or buy it, the admin has it in the queue.
    expect((await listSectionsFor(teacher, BEFORE)).find((s) => s.id === first.id)).toMatchObject({ status: "open", inReview: true });
    expect((await findCoursePage(course!.slug, BEFORE))?.sections).toEqual([]);
    const family = await newFamily(db(), 50_000);
    await expect(addToCart(family.parentId, { sectionId: first.id, learnerId: family.learnerId }, BEFORE)).rejects.toMatchObject({
      status: 409,
    });
    expect((await listListingsInReview(admin)).map((l) => l.sectionId)).toContain(first.id);

    // Returning needs a note; approving puts it on sale.
    await expect(reviewListing(admin, { sectionId: first.id, decision: "return" })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { note: LISTING_REVIEW_MESSAGES.noteRequired },
    });
    await reviewListing(admin, { sectionId: first.id, decision: "approve" }, BEFORE);
    expect((await listListingsInReview(admin)).map((l) => l.sectionId)).not.toContain(first.id);
    expect((await mailTo(person.email)).some((m) => /is on sale/.test(m.subject))).toBe(true);
    const second = await createSectionAs(teacher, { ...sectionInput(courseId, teacher.id), weekdays: [3] });
    expect((await findCoursePage(course!.slug, BEFORE))?.sections.map((s) => s.id)).toEqual([first.id, second.id]);
    await addToCart(family.parentId, { sectionId: first.id, learnerId: family.learnerId }, BEFORE);
    await placeOrder(family.parentId, [{ sectionId: first.id, learnerId: family.learnerId }], { now: BEFORE });

    // The clock moves past the earliest check's expiry: off sale everywhere, the sold seat still confirmed.
    const profile = await profileOf(teacher.id);
    const after = new Date(profile!.clearedUntil!.getTime() + 60_000);
    const justBefore = new Date(profile!.clearedUntil!.getTime() - 60_000);
    expect((await findCoursePage(course!.slug, justBefore))?.sections.map((s) => s.id)).toEqual([first.id, second.id]);
    expect((await findCoursePage(course!.slug, after))?.sections ?? []).toEqual([]);
    expect((await listSectionsFor(teacher, after)).find((s) => s.id === second.id)).toMatchObject({ checkExpired: true });
    expect((await listSectionsFor(teacher, justBefore)).find((s) => s.id === second.id)).toMatchObject({ checkExpired: false });
    const late = await newFamily(db(), 50_000);
    await expect(placeOrder(late.parentId, [{ sectionId: second.id, learnerId: late.learnerId }], { now: after })).rejects.toMatchObject({
      status: 409,
    });
    const [seat] = await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.learnerId, family.learnerId));
    expect(seat?.status).toBe("confirmed");

    // Nor does the teacher offer free demos of the course once a check has run out (the database's clock).
    expect((await courseTeacherIds(db(), courseId)).map((t) => t.teacherId)).toContain(teacher.id);
    await db()
      .update(teacherProfiles)
      .set({ clearedUntil: new Date(Date.now() - 60_000) })
      .where(eq(teacherProfiles.userId, teacher.id));
    expect((await courseTeacherIds(db(), courseId)).map((t) => t.teacherId)).not.toContain(teacher.id);
  });
});

describe("checks running out", () => {
  it("warns the teacher once, 30 days ahead, lists it on the admin dashboard, and a renewal puts the sections back on sale", async () => {
    const person = await applicant("Wes Warned");
    await submitApplication(person, form(person, "Wes Warned"));
    const id = await applicationIdOf(person);
    await passOwnChecks(id);
    await runBackgroundCheck(admin, { applicationId: id });
    await decideApplication(admin, { applicationId: id, decision: "approve" });
    const cleared = (await profileOf(person.id))!.clearedUntil!;

    // 31 days before: nothing yet. 29 days before: one warning, however often the scan runs.
    expect(await queueCheckExpiryWarnings(db(), new Date(cleared.getTime() - 31 * 86_400_000))).toBe(0);
    const warnAt = new Date(cleared.getTime() - 29 * 86_400_000);
    expect(await queueCheckExpiryWarnings(db(), warnAt)).toBeGreaterThanOrEqual(1);
    expect(await queueCheckExpiryWarnings(db(), warnAt)).toBe(0);
    const warnings = (await mailTo(person.email)).filter((m) => /expires on/.test(m.subject));
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings[0]!.text).toMatch(/sections come off sale/);

    const listed = await listExpiringChecks(admin, warnAt);
    expect(listed.filter((c) => c.teacherId === person.id).every((c) => c.warnedAt !== null)).toBe(true);
    expect(await listExpiringChecks(admin, new Date(cleared.getTime() - 40 * 86_400_000))).not.toContainEqual(
      expect.objectContaining({ teacherId: person.id }),
    );

    // Renewing every check moves cleared-until a term on.
    const later = new Date(cleared.getTime() + 86_400_000);
    await recordCheck(admin, { applicationId: id, kind: "identity", status: "passed" }, later);
    await recordCheck(admin, { applicationId: id, kind: "sample_lesson", status: "passed" }, later);
    await runBackgroundCheck(admin, { applicationId: id }, later);
    // The safety policy is still the one accepted at application: past its year, so not cleared yet.
    expect((await profileOf(person.id))!.clearedUntil!.getTime()).toBe(later.getTime());
    await recordCheck(admin, { applicationId: id, kind: "safety_policy", status: "passed", note: "Re-accepted by email." }, later);
    expect((await profileOf(person.id))!.clearedUntil!.getTime()).toBe(later.getTime() + 365 * 86_400_000);
  });
});
