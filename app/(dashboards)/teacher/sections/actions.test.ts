import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import type { SessionUser } from "@/lib/platform/auth/session-user";
import type { openTestDatabase } from "@/test/database";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
jest.mock("next/cache", () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

type Modules = {
  action: typeof import("./actions");
  admin: typeof import("@/lib/scheduling/section-admin");
  schema: typeof import("@/lib/platform/db/schema");
  messages: typeof import("@/lib/scheduling/schema");
  learners: typeof import("@/lib/scheduling/learners");
  fixtures: typeof import("@/test/scheduling-fixtures");
  testing: typeof import("@/test/database");
  context: typeof import("@/test/action-context");
  checkout: typeof import("@/lib/commerce/checkout/checkout");
  commerceFixtures: typeof import("@/test/commerce-fixtures");
  closing: typeof import("@/lib/commerce/refunds/section-close-schema");
};
let m: Modules;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  jest.resetModules();
  m = {
    action: await import("./actions"),
    admin: await import("@/lib/scheduling/section-admin"),
    schema: await import("@/lib/platform/db/schema"),
    messages: await import("@/lib/scheduling/schema"),
    learners: await import("@/lib/scheduling/learners"),
    fixtures: await import("@/test/scheduling-fixtures"),
    testing: await import("@/test/database"),
    context: await import("@/test/action-context"),
    checkout: await import("@/lib/commerce/checkout/checkout"),
    commerceFixtures: await import("@/test/commerce-fixtures"),
    closing: await import("@/lib/commerce/refunds/section-close-schema"),
  };
  database = await m.testing.openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  m.context.actionContext.user = null;
});

const signedInAs = (databaseId: number, role: SessionUser["role"]) => m.context.signedInAs(databaseId, role);

/** The section form as a browser sends it (the price in dollars, the days as repeated checkboxes). */
function sectionForm(values: Record<string, string | string[]>): FormData {
  const base: Record<string, string | string[]> = {
    classType: "group",
    capacity: "6",
    price: "149.50",
    currency: "USD",
    startsOn: "2030-03-04",
    endsOn: "",
    weekdays: ["2", "4"],
    startTime: "16:00",
    timezone: "Europe/London",
    durationMinutes: "60",
    meetingUrl: "",
    status: "open",
    ...values,
  };
  const data = new FormData();
  for (const [key, value] of Object.entries(base)) for (const item of [value].flat()) data.append(key, item);
  return data;
}

async function storedSections(teacherId: number) {
  return database.db.select().from(m.schema.sections).where(eq(m.schema.sections.teacherId, teacherId));
}

async function setup() {
  const teacherId = await m.fixtures.newTeacher(database.db, "Europe/London", []);
  const courseId = await m.fixtures.newCourse(database.db, teacherId);
  return { teacherId, courseId };
}

describe("a teacher's sections (issue 17)", () => {
  it("creates a section of an assigned course, the price entered in dollars and stored in cents", async () => {
    const { teacherId, courseId } = await setup();
    signedInAs(teacherId, "teacher");
    const result = await m.action.createSectionAction(sectionForm({ courseId: String(courseId), teacherId: String(teacherId) }));
    expect(result).toMatchObject({ ok: true });
    const [row] = await storedSections(teacherId);
    expect(row).toMatchObject({
      courseId,
      priceMinor: 14950,
      currency: "USD",
      rrule: "FREQ=WEEKLY;BYDAY=TU,TH",
      startMinute: 960,
      status: "open",
    });

    const [listed] = await m.admin.listSectionsFor(
      { id: teacherId, email: "t@example.com", role: "teacher" },
      new Date("2030-03-01T00:00:00Z"),
    );
    // Tuesday 5 March 2030, 16:00 in London (GMT).
    expect(listed).toMatchObject({ seatsBooked: 0, capacity: 6, priceMinor: 14950, nextSessionAt: "2030-03-05T16:00:00.000Z" });
  });

  it("refuses a course not assigned to the teacher, and a section for another teacher, with a clear message; nothing stored", async () => {
    const { teacherId } = await setup();
    const other = await setup();
    signedInAs(teacherId, "teacher");
    expect(await m.action.createSectionAction(sectionForm({ courseId: String(other.courseId), teacherId: String(teacherId) }))).toEqual({
      ok: false,
      message: m.admin.SECTION_ACCESS_MESSAGES.courseNotAssigned,
      fieldErrors: { courseId: m.admin.SECTION_ACCESS_MESSAGES.courseNotAssigned },
    });
    expect(
      await m.action.createSectionAction(sectionForm({ courseId: String(other.courseId), teacherId: String(other.teacherId) })),
    ).toMatchObject({ ok: false, message: m.admin.SECTION_ACCESS_MESSAGES.otherTeacher });
    expect(await storedSections(teacherId)).toEqual([]);
    expect(await storedSections(other.teacherId)).toEqual([]);
  });

  it("answers the section rules beside their fields: 1-on-1 capacity, ending before it starts, a price that is not an amount", async () => {
    const { teacherId, courseId } = await setup();
    signedInAs(teacherId, "teacher");
    const own = { courseId: String(courseId), teacherId: String(teacherId) };
    const { SCHEDULING_MESSAGES } = m.messages;
    expect(await m.action.createSectionAction(sectionForm({ ...own, classType: "one_on_one", capacity: "3" }))).toMatchObject({
      ok: false,
      fieldErrors: { capacity: SCHEDULING_MESSAGES.capacityOneOnOne },
    });
    expect(await m.action.createSectionAction(sectionForm({ ...own, endsOn: "2030-03-01" }))).toMatchObject({
      ok: false,
      fieldErrors: { endsOn: SCHEDULING_MESSAGES.sectionEndsBeforeStart },
    });
    expect(await m.action.createSectionAction(sectionForm({ ...own, price: "12.345" }))).toMatchObject({
      ok: false,
      fieldErrors: { price: "Enter the price as an amount, like 149.00." },
    });
    expect(await m.action.createSectionAction(sectionForm({ ...own, weekdays: [] }))).toMatchObject({
      ok: false,
      fieldErrors: { weekdays: SCHEDULING_MESSAGES.weekdaysRequired },
    });
    expect(await storedSections(teacherId)).toEqual([]);
  });

  it("prices in the shop's currency whatever the form sends, and an API write in another currency is refused (issue 31)", async () => {
    const { teacherId, courseId } = await setup();
    signedInAs(teacherId, "teacher");
    const own = { courseId: String(courseId), teacherId: String(teacherId) };
    expect(await m.action.createSectionAction(sectionForm({ ...own, currency: "DOL" }))).toMatchObject({ ok: true });
    expect(await storedSections(teacherId)).toEqual([expect.objectContaining({ currency: "USD", priceMinor: 14950 })]);
    const [section] = await storedSections(teacherId);
    const actor = { id: teacherId, email: "t@example.com", role: "teacher" as const };
    const input = await m.fixtures.storedSectionInput(database.db, section!.id, { currency: "EUR" });
    await expect(m.admin.updateSectionAs(actor, section!.id, input)).rejects.toMatchObject({
      message: m.messages.SCHEDULING_MESSAGES.currencyNotShop("USD"),
    });
    expect((await storedSections(teacherId))[0]).toMatchObject({ currency: "USD" });
  });

  it("an empty submit names every missing field at once, the days of the week too; nothing stored", async () => {
    const { teacherId, courseId } = await setup();
    signedInAs(teacherId, "teacher");
    const empty = sectionForm({
      courseId: String(courseId),
      teacherId: String(teacherId),
      capacity: "",
      price: "",
      startsOn: "",
      weekdays: [],
      startTime: "",
      durationMinutes: "",
    });
    const result = await m.action.createSectionAction(empty);
    expect(result.ok).toBe(false);
    const { SCHEDULING_MESSAGES } = m.messages;
    expect(!result.ok && result.fieldErrors).toMatchObject({
      price: "Enter the price as an amount, like 149.00.",
      startsOn: SCHEDULING_MESSAGES.dateInvalid,
      weekdays: SCHEDULING_MESSAGES.weekdaysRequired,
      startTime: SCHEDULING_MESSAGES.clockInvalid,
      durationMinutes: SCHEDULING_MESSAGES.durationInvalid,
    });
    expect(await storedSections(teacherId)).toEqual([]);
  });

  it("'full' is the seats' doing: saving Open with every seat taken keeps it full, a raised capacity opens it, and nobody stores full by hand", async () => {
    const { teacherId, courseId } = await setup();
    signedInAs(teacherId, "teacher");
    const own = { courseId: String(courseId), teacherId: String(teacherId) };
    await m.action.createSectionAction(sectionForm({ ...own, capacity: "1", status: "full" }));
    const [section] = await storedSections(teacherId);
    expect(section).toMatchObject({ status: "open" });
    const parentId = await m.fixtures.newParent(database.db);
    const learner = await m.learners.addLearner(parentId, { firstName: "Ada", grade: 5 });
    await database.db.insert(m.schema.bookings).values({
      kind: "seat",
      sectionId: section!.id,
      learnerId: learner.id,
      teacherId,
      courseId,
      startsAt: new Date("2030-03-05T16:00:00Z"),
      endsAt: new Date("2030-03-05T17:00:00Z"),
      status: "confirmed",
      token: randomUUID(),
    });
    expect(await m.action.updateSectionAction(section!.id, sectionForm({ ...own, capacity: "1", price: "120" }))).toMatchObject({
      ok: true,
    });
    expect((await storedSections(teacherId))[0]).toMatchObject({ status: "full", priceMinor: 12000 });
    expect(await m.action.updateSectionAction(section!.id, sectionForm({ ...own, capacity: "2" }))).toMatchObject({ ok: true });
    expect((await storedSections(teacherId))[0]).toMatchObject({ status: "open", capacity: 2 });
  });

  it("edits its own section but not below the seats booked, and another teacher's section does not exist for it", async () => {
    const { teacherId, courseId } = await setup();
    const other = await setup();
    signedInAs(teacherId, "teacher");
    const own = { courseId: String(courseId), teacherId: String(teacherId) };
    await m.action.createSectionAction(sectionForm(own));
    const [section] = await storedSections(teacherId);
    const parentId = await m.fixtures.newParent(database.db);
    for (const firstName of ["Ada", "Ben"]) {
      const learner = await m.learners.addLearner(parentId, { firstName, grade: 5 });
      await database.db.insert(m.schema.bookings).values({
        kind: "seat",
        sectionId: section!.id,
        learnerId: learner.id,
        teacherId,
        courseId,
        startsAt: new Date("2030-03-05T16:00:00Z"),
        endsAt: new Date("2030-03-05T17:00:00Z"),
        status: "confirmed",
        token: randomUUID(),
      });
    }
    expect(await m.action.updateSectionAction(section!.id, sectionForm({ ...own, capacity: "1" }))).toEqual({
      ok: false,
      message: m.messages.SCHEDULING_MESSAGES.capacityBelowBooked(2),
      fieldErrors: { capacity: m.messages.SCHEDULING_MESSAGES.capacityBelowBooked(2) },
    });
    expect(await m.action.updateSectionAction(section!.id, sectionForm({ ...own, capacity: "8", price: "99" }))).toMatchObject({
      ok: true,
    });
    expect((await storedSections(teacherId))[0]).toMatchObject({ capacity: 8, priceMinor: 9900 });

    signedInAs(other.teacherId, "teacher");
    expect(await m.action.updateSectionAction(section!.id, sectionForm({ ...own, capacity: "20" }))).toEqual({
      ok: false,
      message: m.admin.SECTION_ACCESS_MESSAGES.notFound,
    });
    expect((await storedSections(teacherId))[0]).toMatchObject({ capacity: 8 });
  });

  it("lets an admin create a section for any course and teacher; a parent may not", async () => {
    const { teacherId } = await setup();
    const unassigned = await m.fixtures.newCourse(database.db, null);
    const form = sectionForm({ courseId: String(unassigned), teacherId: String(teacherId) });
    signedInAs(await m.fixtures.newParent(database.db), "student");
    expect(await m.action.createSectionAction(form)).toEqual({ ok: false, message: "You are not allowed to do that." });
    signedInAs(await m.fixtures.newParent(database.db), "admin");
    expect(await m.action.createSectionAction(form)).toMatchObject({ ok: true });
    expect(await storedSections(teacherId)).toHaveLength(1);
  });

  it("closing a section with an enrolled learner: refused beside the confirmation with the count and total; confirmed, it is closed and refunded", async () => {
    const { teacherId, courseId } = await setup();
    signedInAs(teacherId, "teacher");
    const own = { courseId: String(courseId), teacherId: String(teacherId), startsOn: new Date().toISOString().slice(0, 10) };
    await m.action.createSectionAction(sectionForm({ ...own, price: "80.00" }));
    const [section] = await storedSections(teacherId);
    const family = await m.commerceFixtures.newFamily(database.db, 8_000);
    await m.checkout.placeOrder(family.parentId, [{ sectionId: section!.id, learnerId: family.learnerId }]);
    const message = m.closing.SECTION_CLOSE_MESSAGES.mustConfirm({
      learners: 1,
      paidMinor: 8_000,
      held: 0,
      delivered: 0,
      rule: "refund-policy",
    });
    expect(message).toBe(
      "1 learner is enrolled ($80.00 paid). To close this section or make it a draft, confirm that they are withdrawn with a full refund.",
    );

    signedInAs(await m.fixtures.newParent(database.db), "admin");
    expect(await m.action.updateSectionAction(section!.id, sectionForm({ ...own, price: "80.00", status: "closed" }))).toEqual({
      ok: false,
      message,
      fieldErrors: { withdrawEnrolled: message },
    });
    expect((await storedSections(teacherId))[0]).toMatchObject({ status: "open" });

    const confirmed = sectionForm({ ...own, price: "80.00", status: "closed", withdrawEnrolled: "1:8000" });
    expect(await m.action.updateSectionAction(section!.id, confirmed)).toEqual({
      ok: true,
      message: `Section ${section!.id} is saved. 1 learner was withdrawn and $80.00 refunded.`,
    });
    expect((await storedSections(teacherId))[0]).toMatchObject({ status: "closed" });
    const seats = await database.db.select().from(m.schema.bookings).where(eq(m.schema.bookings.sectionId, section!.id));
    expect(seats.map((seat) => seat.status)).toEqual(["cancelled"]);
  });
});
