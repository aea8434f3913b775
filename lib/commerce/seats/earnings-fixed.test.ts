import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { payStatement } from "@/lib/commerce/earnings/payouts";
import { teacherStatement } from "@/lib/commerce/earnings/statements";
import { sections } from "@/lib/platform/db/schema";
import { updateSectionWithRefundsAs } from "@/lib/commerce/refunds/section-close";
import { updateSection } from "@/lib/scheduling/sections";
import { moveSession } from "@/lib/scheduling/session-changes";
import type { Actor } from "@/lib/platform/auth/permissions";
import { newFamily } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";
import { EVERY_DAY, newCourse, newTeacher, storedSectionInput } from "@/test/scheduling-fixtures";

/**
 * Issue 39, "a teacher re-earns paid months by editing dates": moving a running section's first day
 * forward re-spread every seat's price over the months left, on top of the months already paid
 * ($2,200 paid out for $1,300 sold). Earnings come from each seat's recorded sessions: an edit
 * after a paid month changes no month's figures.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
const db = () => database.db;

test("a $1,300 seat, October paid ($900), then the running section's first day moved to November: $1,300 in all, not $2,200", async () => {
  // Mondays, Wednesdays and Fridays at 17:00 New York, 11 October to 8 November 2027: 9 sessions in October, 4 in November.
  const teacherId = await newTeacher(db(), "America/New_York", EVERY_DAY(8 * 60, 22 * 60));
  const courseId = await newCourse(db(), teacherId);
  const [section] = await db()
    .insert(sections)
    .values({
      courseId,
      teacherId,
      classType: "group",
      capacity: 10,
      priceMinor: 130_000,
      currency: "USD",
      startsOn: "2027-10-11",
      endsOn: "2027-11-08",
      startMinute: 17 * 60,
      timezone: "America/New_York",
      rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR",
      durationMinutes: 60,
      status: "open",
    })
    .returning();
  const family = await newFamily(db(), 130_000);
  await placeOrder(family.parentId, [{ sectionId: section!.id, learnerId: family.learnerId }], { now: new Date("2027-10-01T00:00:00Z") });
  const admin = await insertActor(db(), "admin");
  const november = new Date("2027-11-02T12:00:00Z");

  const october = await teacherStatement(teacherId, "2027-10", november);
  expect(october.grossMinor).toBe(90_000);
  await payStatement(admin, { teacherId, month: "2027-10", method: "manual", reference: "BANK-2027-10" }, november);

  // The teacher moves the running section's first day forward to 1 November.
  await updateSection(section!.id, await storedSectionInput(db(), section!.id, { startsOn: "2027-11-01" }));

  const after = new Date("2027-12-02T12:00:00Z");
  const [paid, novemberStatement] = [
    await teacherStatement(teacherId, "2027-10", after),
    await teacherStatement(teacherId, "2027-11", after),
  ];
  expect(paid).toMatchObject({ status: "paid", grossMinor: 90_000 });
  expect(novemberStatement.grossMinor).toBe(40_000);
  expect(paid.grossMinor + novemberStatement.grossMinor).toBe(130_000);
});

test("an admin reassigning a running section hands the new teacher only the sessions not yet held: October stays the first teacher's", async () => {
  const first = await newTeacher(db(), "America/New_York", EVERY_DAY(0, 24 * 60 - 1));
  const second = await newTeacher(db(), "America/New_York", EVERY_DAY(0, 24 * 60 - 1));
  const courseId = await newCourse(db(), first);
  const [section] = await db()
    .insert(sections)
    .values({
      courseId,
      teacherId: first,
      classType: "group",
      capacity: 10,
      priceMinor: 130_000,
      currency: "USD",
      startsOn: "2027-10-11",
      endsOn: "2027-11-08",
      startMinute: 17 * 60,
      timezone: "America/New_York",
      rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR",
      durationMinutes: 60,
      status: "open",
    })
    .returning();
  const family = await newFamily(db(), 130_000);
  await placeOrder(family.parentId, [{ sectionId: section!.id, learnerId: family.learnerId }], { now: new Date("2027-10-01T00:00:00Z") });
  const admin = await insertActor(db(), "admin");

  // 1 November: the admin hands the section to the second teacher.
  const handedOver = new Date("2027-11-01T12:00:00Z");
  await updateSectionWithRefundsAs(admin, section!.id, await storedSectionInput(db(), section!.id, { teacherId: second }), "", handedOver);

  const after = new Date("2027-12-02T12:00:00Z");
  expect((await teacherStatement(first, "2027-10", after)).grossMinor).toBe(90_000);
  expect((await teacherStatement(second, "2027-10", after)).grossMinor).toBe(0);
  // November's four sessions (the 1st at 17:00 New York, after the handover at noon UTC, and the 3rd, 5th and 8th) are the second teacher's.
  const firstNovember = (await teacherStatement(first, "2027-11", after)).grossMinor;
  const secondNovember = (await teacherStatement(second, "2027-11", after)).grossMinor;
  expect(firstNovember + secondNovember).toBe(40_000);
  expect(secondNovember).toBe(40_000);
});

test("a session moved from Sunday 31 October to Tuesday 2 November earns in November, the month it was held", async () => {
  // Sundays at 17:00 New York, 3 October to 28 November 2027: 9 sessions of a $100 seat (1,111 each, the last 1,112).
  const teacherId = await newTeacher(db(), "America/New_York", EVERY_DAY(8 * 60, 22 * 60));
  const courseId = await newCourse(db(), teacherId);
  const [section] = await db()
    .insert(sections)
    .values({
      courseId,
      teacherId,
      classType: "group",
      capacity: 10,
      priceMinor: 10_000,
      currency: "USD",
      startsOn: "2027-10-03",
      endsOn: "2027-11-28",
      startMinute: 17 * 60,
      timezone: "America/New_York",
      rrule: "FREQ=WEEKLY;BYDAY=SU",
      durationMinutes: 60,
      status: "open",
    })
    .returning();
  const family = await newFamily(db(), 10_000);
  await placeOrder(family.parentId, [{ sectionId: section!.id, learnerId: family.learnerId }], { now: new Date("2027-10-01T00:00:00Z") });
  const after = new Date("2027-12-02T12:00:00Z");
  // As scheduled: October's five sessions 5 × 1,111; November's four 3 × 1,111 + 1,112.
  expect((await teacherStatement(teacherId, "2027-10", after)).grossMinor).toBe(5_555);
  expect((await teacherStatement(teacherId, "2027-11", after)).grossMinor).toBe(4_445);

  const teacher: Actor = { id: teacherId, email: "t@example.com", role: "teacher" };
  await moveSession(
    teacher,
    section!.id,
    { occurrence: "2027-10-31T21:00:00.000Z", startsAt: "2027-11-02T17:00" },
    new Date("2027-10-20T12:00:00Z"),
  );

  const october = await teacherStatement(teacherId, "2027-10", after);
  const november = await teacherStatement(teacherId, "2027-11", after);
  expect(october.grossMinor).toBe(4_444);
  expect(october.sessions).toBe(4);
  expect(november.grossMinor).toBe(5_556);
  expect(november.sessions).toBe(5);
});
