import { eq } from "drizzle-orm";

import { teacherFirstName } from "@/lib/homework/sections";
import { teacherNameForFamilies } from "@/lib/platform/db/queries";
import { teacherProfiles, users } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { familyWithSeat } from "@/test/message-fixtures";

import { messageForMail } from "./notify";
import { getThread, listThreads, postMessage, startThread } from "./threads";

/**
 * Issue 38: families see a teacher by the public name on their page ("Ms. Harper"), never by the
 * account's display name ("Demo Teacher"): in message threads, in the emails from them, on a
 * certificate; one rule (lib/platform/db/queries.ts, teacherNameForFamilies / teacherNameShown).
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
const db = () => database.db;

async function harperFamily() {
  const family = await familyWithSeat(db(), { parent: "Priya Rao" });
  await db().update(users).set({ displayName: "Demo Teacher" }).where(eq(users.id, family.teacher.id));
  await db().update(teacherProfiles).set({ publicName: "Ms. Harper" }).where(eq(teacherProfiles.userId, family.teacher.id));
  return family;
}

test("a thread, its messages and its email name the teacher by their public name, not the account's display name", async () => {
  const family = await harperFamily();
  const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello, is Monday's class on?" });
  const { messageId } = await postMessage(family.teacher, threadId, { body: "Yes, see you at 4 pm." });

  expect((await listThreads(family.parent)).find((t) => t.id === threadId)).toMatchObject({ teacherName: "Ms. Harper" });
  const view = await getThread(family.parent, threadId);
  expect(view.teacherName).toBe("Ms. Harper");
  expect(view.messages.map((m) => m.author)).toEqual(["You", "Ms. Harper"]);
  expect(JSON.stringify(view)).not.toContain("Demo Teacher");

  expect((await messageForMail(db(), messageId))?.senderName).toBe("Ms. Harper");
});

test("a certificate names the teacher as families know them; an account with no public name by its first name", async () => {
  const family = await harperFamily();
  expect(await teacherFirstName(db(), family.teacher.id)).toBe("Ms. Harper");
  await db().delete(teacherProfiles).where(eq(teacherProfiles.userId, family.teacher.id));
  await db().update(users).set({ displayName: "Asha Rao" }).where(eq(users.id, family.teacher.id));
  expect(await teacherFirstName(db(), family.teacher.id)).toBe("Asha");
});

test("the rule in SQL: the public name, else the display name, composable in a query over users itself", async () => {
  const family = await harperFamily();
  const name = async () =>
    (
      await db()
        .select({ name: teacherNameForFamilies(users.id) })
        .from(users)
        .where(eq(users.id, family.teacher.id))
    )[0]!.name;
  expect(await name()).toBe("Ms. Harper");
  await db().update(teacherProfiles).set({ publicName: "  " }).where(eq(teacherProfiles.userId, family.teacher.id));
  expect(await name()).toBe("Demo Teacher");
});
