import { eq } from "drizzle-orm";

import { issueCertificate } from "@/lib/homework/certificates";
import { attendance, bookings, learners, orders, seatSessions, sections, teacherProfiles, users } from "@/lib/platform/db/schema/index";
import { openTestDatabase } from "@/test/database";
import { teachScratch } from "@/test/scheduling-fixtures";

import { DEMO_FAMILY, seedDemoFamily } from "./demo-family";
import { ENDED_CLASS, seedEndedClass } from "./ended-class";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());

const NOW = new Date("2030-03-06T20:00:00Z");

test("the class Sam finished: ended, closed, Sam's paid seat present at every session, seeded once; its certificate can be issued", async () => {
  const db = database.db;
  const [teacher] = await db
    .insert(users)
    .values({ firebaseUid: "demo-teacher", email: ENDED_CLASS.teacherEmail, role: "teacher" })
    .returning({ id: users.id });
  await db
    .insert(teacherProfiles)
    .values({ userId: teacher!.id, publicName: "Demo Teacher", timezone: "America/New_York", approvedAt: NOW });
  await db.insert(users).values({ firebaseUid: "demo-student", email: DEMO_FAMILY.parentEmail });
  const course = await teachScratch(db, teacher!.id);
  await seedDemoFamily();

  await seedEndedClass(NOW);
  const count = async (table: typeof sections | typeof bookings | typeof attendance | typeof orders | typeof seatSessions) =>
    (await db.select().from(table)).length;
  const counts = await Promise.all([sections, bookings, attendance, orders, seatSessions].map(count));
  // Seeded again weeks later (every start seeds): nothing new, the class where it was first placed.
  await seedEndedClass(new Date(NOW.getTime() + 21 * 86_400_000));
  expect(await Promise.all([sections, bookings, attendance, orders, seatSessions].map(count))).toEqual(counts);
  expect(counts).toEqual([1, 1, ENDED_CLASS.weeks, 1, ENDED_CLASS.weeks]);

  const [section] = await db.select().from(sections).where(eq(sections.teacherId, teacher!.id));
  expect(section).toMatchObject({ courseId: course!.id, status: "closed", priceMinor: ENDED_CLASS.section.priceMinor });
  // Ended more than 84 days ago (out of /my-courses' past sessions), after 6 Saturdays.
  expect(Date.parse(`${section!.endsOn}T00:00:00Z`)).toBeLessThan(NOW.getTime() - 84 * 86_400_000);
  const [sam] = await db.select().from(learners).where(eq(learners.firstName, DEMO_FAMILY.child.firstName));
  const [seat] = await db.select().from(bookings).where(eq(bookings.learnerId, sam!.id));
  expect(seat).toMatchObject({ sectionId: section!.id, kind: "seat", status: "confirmed" });
  const marks = await db.select().from(attendance).where(eq(attendance.sectionId, section!.id));
  expect(new Set(marks.map((m) => m.status))).toEqual(new Set(["present"]));
  expect((await db.select().from(seatSessions).where(eq(seatSessions.bookingId, seat!.id))).every((r) => r.status === "open")).toBe(true);

  // Its teacher issues Sam's certificate (the section has ended).
  const certificate = await issueCertificate(
    db,
    { id: teacher!.id, email: ENDED_CLASS.teacherEmail, role: "teacher" },
    {
      sectionId: section!.id,
      learnerId: sam!.id,
    },
    NOW,
  );
  expect(certificate).toMatchObject({ learnerFirstName: "Sam", completedOn: section!.endsOn });
});
