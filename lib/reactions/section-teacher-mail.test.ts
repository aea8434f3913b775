import { postMessage, startThread } from "@/lib/messages/threads";
import { updateSection } from "@/lib/scheduling/sections";
import { insertActor } from "@/test/fixtures";
import { mailHarness } from "@/test/mail-harness";
import { familyWithSeat } from "@/test/message-fixtures";
import { storedSectionInput } from "@/test/scheduling-fixtures";
import { users } from "@/lib/platform/db/schema";
import { eq } from "drizzle-orm";

/**
 * Issue 40: a section given to another teacher takes its threads with it. The family is told who
 * teaches now; their next message emails the new teacher and never the old one. Real SMTP.
 */
const { db, mail, deliver, received } = mailHarness();

describe("section.teacher-changed", () => {
  it("tells the family who teaches now, and message emails go to the new teacher, not the old", async () => {
    await mail.clear();
    const family = await familyWithSeat(db(), { parent: "Priya Rao", teacher: "Ms Lopez" });
    const { threadId } = await startThread(
      family.parent,
      { bookingId: family.bookingId, body: "Hello" },
      new Date(Date.now() - 60 * 60_000),
    );
    await deliver();
    expect(await received(family.teacher.email)).toHaveLength(1);
    await mail.clear();

    const newTeacher = await insertActor(db(), "teacher");
    await db().update(users).set({ displayName: "Mr Okafor" }).where(eq(users.id, newTeacher.id));
    await updateSection(family.sectionId, await storedSectionInput(db(), family.sectionId, { teacherId: newTeacher.id }));
    await postMessage(family.parent, threadId, { body: "Is there homework this week?" });
    await deliver();
    await deliver();

    const toFamily = await received(family.parent.email);
    expect(toFamily.map((m) => m.subject)).toEqual([expect.stringMatching(/^Mr Okafor now teaches /)]);
    expect(toFamily[0]!.text).toContain("Your conversations about this class now go to");
    expect(await received(family.teacher.email)).toEqual([]);
    expect((await received(newTeacher.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^New message from Priya Rao/)]);
  });
});
