import { users, teacherProfiles } from "@/lib/platform/db/schema/index";
import { listConcerns } from "@/lib/safety/concerns";
import { teachScratch } from "@/test/scheduling-fixtures";
import { openTestDatabase } from "@/test/database";

import { concernReports } from "@/lib/platform/db/schema";
import { seedConcerns } from "./concerns";
import { DEMO_FAMILY, seedDemoFamily } from "./demo-family";
import { LIVE_CLASS, seedLiveClass } from "./live-class";
import { seedMessages } from "./messages";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());

const NOW = new Date("2030-03-06T20:00:00Z");

test("npm start's safety queue: two open reports, one past its 24-hour first response; seeded once", async () => {
  const db = database.db;
  const [teacher] = await db
    .insert(users)
    .values({ firebaseUid: "demo-teacher", email: LIVE_CLASS.teacherEmail, role: "teacher" })
    .returning({ id: users.id });
  await db.insert(teacherProfiles).values({ userId: teacher!.id, publicName: "Maya Patel", timezone: "America/New_York", approvedAt: NOW });
  await db.insert(users).values({ firebaseUid: "demo-student", email: DEMO_FAMILY.parentEmail });
  const [support] = await db
    .insert(users)
    .values({ firebaseUid: "demo-support", email: LIVE_CLASS.supportEmail, role: "support" })
    .returning({ id: users.id });
  await teachScratch(db, teacher!.id);
  await seedDemoFamily();
  await seedLiveClass(NOW);
  await seedMessages(NOW);

  await seedConcerns(NOW);
  await seedConcerns(NOW);
  expect(await db.select({ id: concernReports.id }).from(concernReports)).toHaveLength(2);

  const queue = await listConcerns({ id: support!.id, email: LIVE_CLASS.supportEmail, role: "support" }, { now: NOW });
  expect(queue.map((c) => ({ status: c.status, reason: c.reason, isOverdue: c.isOverdue }))).toEqual(
    expect.arrayContaining([
      { status: "new", reason: "unsafe_contact", isOverdue: true },
      { status: "new", reason: "privacy", isOverdue: false },
    ]),
  );
});
