import { eq } from "drizzle-orm";

import { teacherStatements } from "@/lib/commerce/earnings/statements";
import { earningsStatements, sections, teacherProfiles, users } from "@/lib/platform/db/schema/index";
import { teachScratch } from "@/test/scheduling-fixtures";
import { openTestDatabase } from "@/test/database";

import { PAST_TEACHING, seedPastTeaching } from "./past-teaching";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());

const NOW = new Date("2030-03-06T20:00:00Z");

test("the demo teacher's past three months have statements: the first paid by hand, the others due, with a credit and a refund; once", async () => {
  const db = database.db;
  const [teacher] = await db
    .insert(users)
    .values({ firebaseUid: "demo-teacher", email: PAST_TEACHING.teacherEmail, role: "teacher" })
    .returning({ id: users.id });
  await db
    .insert(teacherProfiles)
    .values({ userId: teacher!.id, publicName: "Demo Teacher", timezone: "America/Chicago", approvedAt: NOW });
  await db.insert(users).values({ firebaseUid: "demo-admin", email: PAST_TEACHING.adminEmail, role: "admin" });
  await teachScratch(db, teacher!.id);

  await seedPastTeaching(NOW);
  await seedPastTeaching(new Date(NOW.getTime() + 40 * 86_400_000));
  expect(await db.select().from(sections).where(eq(sections.teacherId, teacher!.id))).toHaveLength(1);

  const [december, january, february] = await teacherStatements(teacher!.id, ["2029-12", "2030-01", "2030-02"], NOW);
  expect(december).toMatchObject({ status: "paid", payment: { method: "manual", reference: PAST_TEACHING.paidReference } });
  expect(december!.netMinor).toBeGreaterThan(0);
  for (const month of [january!, february!]) expect(month.status).toBe("unpaid");
  const all = [december!, january!, february!];
  expect(all.reduce((sum, s) => sum + s.creditsMinor, 0)).toBeGreaterThan(0);
  expect(all.reduce((sum, s) => sum + s.refundsMinor, 0)).toBeGreaterThan(0);
  expect(await db.select().from(earningsStatements)).toHaveLength(1);
});
