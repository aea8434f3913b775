import { countUnreadMessages, getThread, listThreads } from "@/lib/messages/threads";
import { messages, teacherProfiles, users } from "@/lib/platform/db/schema/index";
import { teachScratch } from "@/test/scheduling-fixtures";
import { openTestDatabase } from "@/test/database";

import { DEMO_FAMILY, seedDemoFamily } from "./demo-family";
import { LIVE_CLASS, seedLiveClass } from "./live-class";
import { seedMessages } from "./messages";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());

const NOW = new Date("2030-03-06T20:00:00Z");

test("npm start's conversations: the student has an answer waiting, the teacher and support a masked, flagged message; once", async () => {
  const db = database.db;
  const [teacher] = await db
    .insert(users)
    .values({ firebaseUid: "demo-teacher", email: LIVE_CLASS.teacherEmail, role: "teacher" })
    .returning({ id: users.id });
  await db
    .insert(teacherProfiles)
    .values({ userId: teacher!.id, publicName: "Demo Teacher", timezone: "America/New_York", approvedAt: NOW });
  const [parent] = await db
    .insert(users)
    .values({ firebaseUid: "demo-student", email: DEMO_FAMILY.parentEmail })
    .returning({ id: users.id });
  const [support] = await db
    .insert(users)
    .values({ firebaseUid: "demo-support", email: LIVE_CLASS.supportEmail, role: "support" })
    .returning({ id: users.id });
  await teachScratch(db, teacher!.id);
  await seedDemoFamily();
  await seedLiveClass(NOW);

  await seedMessages(NOW);
  await seedMessages(NOW);
  expect(await db.select({ id: messages.id }).from(messages)).toHaveLength(5);

  const asStudent = { id: parent!.id, email: DEMO_FAMILY.parentEmail, role: "student" as const };
  const asTeacher = { id: teacher!.id, email: LIVE_CLASS.teacherEmail, role: "teacher" as const };
  const asSupport = { id: support!.id, email: LIVE_CLASS.supportEmail, role: "support" as const };
  expect(await countUnreadMessages(asStudent)).toBe(1);
  expect(await countUnreadMessages(asTeacher)).toBe(1);
  expect(await countUnreadMessages(asSupport)).toBe(1);
  const [flagged] = await listThreads(asSupport, { flaggedOnly: true });
  const thread = await getThread(asSupport, flagged!.id);
  expect(thread.messages[0]).toMatchObject({ isFlagged: true, originalBody: expect.stringContaining("+1 555 0142") });
  expect(thread.messages[0]!.body).not.toContain("555");
});
