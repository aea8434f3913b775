import { and, eq } from "drizzle-orm";

import { messages, messageThreads, sections, users } from "@/lib/platform/db/schema";
import { MASK } from "@/lib/platform/security/screening";
import { updateSection } from "@/lib/scheduling/sections";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";
import { familyWithSeat, seatForParent } from "@/test/message-fixtures";
import { storedSectionInput } from "@/test/scheduling-fixtures";
import { DODGES, ORDINARY } from "@/test/screening-cases";

import { blockThread, reopenThread } from "./moderation";
import { getThread, listThreads, postMessage, startThread } from "./threads";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});
const db = () => database.db;
const MINUTE = 60_000;

async function stored(messageId: number) {
  const [row] = await db().select().from(messages).where(eq(messages.id, messageId));
  return row!;
}

/** Issue 40: the screen in the message channel, the pair's block, and access that follows who teaches now. */
describe("messages: screening", () => {
  it("masks or flags each dodge of the table, keeping what was typed for support; the message is spaced out so no number is split", async () => {
    const family = await familyWithSeat(db());
    const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
    const t0 = Date.now() - 100 * 60 * MINUTE;
    for (const [i, dodge] of DODGES.entries()) {
      const { messageId } = await postMessage(family.teacher, threadId, { body: dodge.text }, new Date(t0 + i * 60 * MINUTE));
      const row = await stored(messageId);
      expect({ name: dodge.name, flagged: row.flagged, original: row.originalBody }).toEqual({
        name: dodge.name,
        flagged: true,
        original: dodge.text,
      });
      if (dodge.gone) expect(row.body).not.toContain(dodge.gone);
      expect(row.flagReasons.length).toBeGreaterThan(0);
    }
    const support = await insertActor(db(), "support");
    expect((await listThreads(support, { flaggedOnly: true })).find((t) => t.id === threadId)?.flagged).toBe(DODGES.length);
  });

  it("delivers ordinary class talk untouched and unflagged", async () => {
    const family = await familyWithSeat(db());
    const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
    const t0 = Date.now() - 100 * 60 * MINUTE;
    for (const [i, text] of ORDINARY.entries()) {
      const { messageId } = await postMessage(family.teacher, threadId, { body: text }, new Date(t0 + i * 60 * MINUTE));
      expect(await stored(messageId)).toMatchObject({ body: text, flagged: false, originalBody: null, flagReasons: [] });
    }
  });

  it("counts a number split over an author's consecutive messages, and masks and flags the part that completes it", async () => {
    const family = await familyWithSeat(db());
    const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "my number is 555" });
    const now = Date.now();
    const second = await postMessage(family.parent, threadId, { body: "014" }, new Date(now + MINUTE));
    // The teacher's own digits in between are theirs, not the family's.
    await postMessage(family.teacher, threadId, { body: "Room 204 at 4:15" }, new Date(now + 2 * MINUTE));
    const third = await postMessage(family.parent, threadId, { body: "2233" }, new Date(now + 3 * MINUTE));
    expect(await stored(second.messageId)).toMatchObject({ flagged: false });
    expect(third.isMasked).toBe(true);
    expect(await stored(third.messageId)).toMatchObject({ body: MASK, flagged: true, originalBody: "2233", flagReasons: ["split-number"] });
    // An hour later, digits stand on their own again.
    const later = await postMessage(family.parent, threadId, { body: "page 120" }, new Date(now + 60 * MINUTE));
    expect(await stored(later.messageId)).toMatchObject({ flagged: false });
  });
});

describe("messages: a block is on the pair", () => {
  it("a block in one thread stops the same family and teacher in every other thread of theirs, and a new one; reopening lifts it for all", async () => {
    const family = await familyWithSeat(db());
    const support = await insertActor(db(), "support");
    // A second child of the family, seated in another section of the same teacher.
    const other = await seatForParent(db(), family.parent.id);
    await db().update(sections).set({ teacherId: family.teacher.id }).where(eq(sections.id, other.sectionId));
    const first = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
    await blockThread(support, first.threadId);
    await expect(startThread(family.parent, { bookingId: other.bookingId, body: "Hi again, other thread" })).rejects.toMatchObject({
      code: "conflict",
    });
    await reopenThread(support, first.threadId);
    const second = await startThread(family.parent, { bookingId: other.bookingId, body: "Hi again, other thread" });
    await blockThread(support, first.threadId);
    await expect(postMessage(family.teacher, second.threadId, { body: "Hello?" })).rejects.toMatchObject({ code: "conflict" });
    expect((await getThread(family.parent, second.threadId)).isBlocked).toBe(true);
  });
});

describe("messages: access follows who teaches now", () => {
  it("after a reassignment the old teacher neither reads nor posts (404), the new teacher reads and posts, and the family's next thread goes to them", async () => {
    const family = await familyWithSeat(db());
    const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
    const newTeacher = await insertActor(db(), "teacher");
    await updateSection(family.sectionId, await storedSectionInput(db(), family.sectionId, { teacherId: newTeacher.id }));

    await expect(getThread(family.teacher, threadId)).rejects.toMatchObject({ code: "not-found" });
    await expect(postMessage(family.teacher, threadId, { body: "Still here" })).rejects.toMatchObject({ code: "not-found" });
    expect((await listThreads(family.teacher)).map((t) => t.id)).not.toContain(threadId);
    expect((await getThread(newTeacher, threadId)).side).toBe("teacher");
    expect((await listThreads(newTeacher)).map((t) => t.id)).toContain(threadId);
    await postMessage(newTeacher, threadId, { body: "Hello, I teach the class now." });
    const [thread] = await db().select({ teacherId: messageThreads.teacherId }).from(messageThreads).where(eq(messageThreads.id, threadId));
    expect(thread!.teacherId).toBe(newTeacher.id);
  });

  it("a thread's teacher demoted from the teacher role loses it, even before any reassignment", async () => {
    const family = await familyWithSeat(db());
    const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
    await db().update(users).set({ role: "student" }).where(eq(users.id, family.teacher.id));
    const demoted = { ...family.teacher, role: "student" as const };
    await expect(getThread(demoted, threadId)).rejects.toMatchObject({ code: "not-found" });
    await expect(postMessage(demoted, threadId, { body: "Hi" })).rejects.toMatchObject({ code: "not-found" });
    expect(await listThreads(demoted)).toEqual([]);
    // A session still carrying the old role (before its next page load re-reads the row) is refused too: the row decides.
    await expect(getThread(family.teacher, threadId)).rejects.toMatchObject({ code: "not-found" });
    const count = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.threadId, threadId)));
    expect(count).toHaveLength(1);
  });
});
