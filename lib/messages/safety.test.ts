import { and, eq } from "drizzle-orm";

import { messagePairBlocks, messages, messageThreads, sections, users } from "@/lib/platform/db/schema";
import { MASK } from "@/lib/platform/security/screening";
import { updateSection } from "@/lib/scheduling/sections";
import { rerunMigration } from "@/test/data-migration";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";
import { familyWithSeat, seatForParent } from "@/test/message-fixtures";
import { storedSectionInput } from "@/test/scheduling-fixtures";
import { DODGES, ORDINARY } from "@/test/screening-cases";
import { actOnConcern } from "@/lib/safety/concern-actions";
import { reportConcern } from "@/lib/safety/concerns";

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

  it("stays with the family and the old teacher when an admin gives the blocked thread's section to another teacher, and does not block the new one", async () => {
    const family = await familyWithSeat(db());
    const support = await insertActor(db(), "support");
    const oldTeacher = family.teacher;
    const newTeacher = await insertActor(db(), "teacher");
    // Another child of the family, in another section the old teacher keeps (no thread yet).
    const kept = await seatForParent(db(), family.parent.id);
    await db().update(sections).set({ teacherId: oldTeacher.id }).where(eq(sections.id, kept.sectionId));
    // And one already with the new teacher.
    const withNew = await seatForParent(db(), family.parent.id);
    await db().update(sections).set({ teacherId: newTeacher.id }).where(eq(sections.id, withNew.sectionId));
    const moved = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
    const other = await startThread(family.parent, { bookingId: withNew.bookingId, body: "Hello, new teacher" });

    // Support blocks the family and the old teacher in their only thread, whose section then changes hands.
    await blockThread(support, moved.threadId);
    await updateSection(family.sectionId, await storedSectionInput(db(), family.sectionId, { teacherId: newTeacher.id }));

    // The pair's block holds: the family's thread about another class of the old teacher's is refused.
    await expect(startThread(family.parent, { bookingId: kept.bookingId, body: "Hello from the other class" })).rejects.toMatchObject({
      code: "conflict",
    });
    // The new teacher is not blocked: not in the thread that came to them, nor in the one they had.
    expect((await getThread(newTeacher, moved.threadId)).isBlocked).toBe(false);
    expect((await listThreads(family.parent)).find((t) => t.id === moved.threadId)?.isBlocked).toBe(false);
    await postMessage(newTeacher, moved.threadId, { body: "Hello, I teach the class now." });
    await postMessage(family.parent, moved.threadId, { body: "Welcome!" });
    await postMessage(newTeacher, other.threadId, { body: "See you Monday." });
  });

  it("holds in the pair's other threads after the blocked thread's section changes hands; reopened, it is lifted for that pair", async () => {
    const family = await familyWithSeat(db());
    const support = await insertActor(db(), "support");
    const oldTeacher = family.teacher;
    const newTeacher = await insertActor(db(), "teacher");
    const kept = await seatForParent(db(), family.parent.id);
    await db().update(sections).set({ teacherId: oldTeacher.id }).where(eq(sections.id, kept.sectionId));
    const moved = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
    const stays = await startThread(family.parent, { bookingId: kept.bookingId, body: "Hello from the other class" });
    await blockThread(support, moved.threadId);
    await updateSection(family.sectionId, await storedSectionInput(db(), family.sectionId, { teacherId: newTeacher.id }));

    await expect(postMessage(oldTeacher, stays.threadId, { body: "Still here" })).rejects.toMatchObject({ code: "conflict" });
    await expect(postMessage(family.parent, stays.threadId, { body: "Hello?" })).rejects.toMatchObject({ code: "conflict" });
    expect((await listThreads(oldTeacher)).find((t) => t.id === stays.threadId)?.isBlocked).toBe(true);
    await postMessage(newTeacher, moved.threadId, { body: "Hello, I teach the class now." });
    // Reopening the moved thread is about the new teacher's pair: the old pair stays blocked.
    await reopenThread(support, moved.threadId);
    expect((await getThread(family.parent, stays.threadId)).isBlocked).toBe(true);
    await reopenThread(support, stays.threadId);
    await postMessage(oldTeacher, stays.threadId, { body: "Thank you." });
  });

  it("a suspended teacher's conversations are blocked on their pairs: a section of theirs handed to another teacher brings no block", async () => {
    const family = await familyWithSeat(db());
    const support = await insertActor(db(), "support");
    const newTeacher = await insertActor(db(), "teacher");
    const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
    const { messageId } = await postMessage(family.teacher, threadId, { body: "Let's keep this our little secret." });
    const { concernId } = await reportConcern(family.parent, {
      subjectType: "message",
      subjectId: String(messageId),
      reason: "unsafe_contact",
      details: "The teacher asked Ada to keep a secret.",
    });
    await actOnConcern(support, { concernId, action: "suspend-teacher" });
    expect((await getThread(family.parent, threadId)).isBlocked).toBe(true);
    const later = await seatForParent(db(), family.parent.id);
    await db().update(sections).set({ teacherId: family.teacher.id }).where(eq(sections.id, later.sectionId));
    await expect(startThread(family.parent, { bookingId: later.bookingId, body: "Hello again" })).rejects.toMatchObject({
      code: "conflict",
    });

    // An admin gives the class to another teacher and puts it back on sale.
    await updateSection(family.sectionId, await storedSectionInput(db(), family.sectionId, { teacherId: newTeacher.id, status: "open" }));
    expect((await getThread(newTeacher, threadId)).isBlocked).toBe(false);
    await postMessage(newTeacher, threadId, { body: "Hello, I teach the class now." });
  });

  it("the data migration moves a block written on a thread to its pair, once", async () => {
    const family = await familyWithSeat(db());
    const other = await seatForParent(db(), family.parent.id);
    await db().update(sections).set({ teacherId: family.teacher.id }).where(eq(sections.id, other.sectionId));
    const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
    const blockedAt = new Date("2026-11-01T10:00:00Z");
    // As a block was stored before: on the thread.
    await db().update(messageThreads).set({ blockedAt }).where(eq(messageThreads.id, threadId));
    await rerunMigration(db(), "0051_message_pair_blocks_from_threads");
    await rerunMigration(db(), "0051_message_pair_blocks_from_threads");
    const pairs = await db().select().from(messagePairBlocks).where(eq(messagePairBlocks.familyId, family.parent.id));
    expect(pairs).toEqual([{ familyId: family.parent.id, teacherId: family.teacher.id, blockedAt, blockedById: null }]);
    const [thread] = await db().select({ blockedAt: messageThreads.blockedAt }).from(messageThreads).where(eq(messageThreads.id, threadId));
    expect(thread!.blockedAt).toBeNull();
    expect((await getThread(family.teacher, threadId)).isBlocked).toBe(true);
    await expect(startThread(family.parent, { bookingId: other.bookingId, body: "Hello again" })).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("reaches a thread whose section comes to a teacher the family is blocked with", async () => {
    const family = await familyWithSeat(db());
    const support = await insertActor(db(), "support");
    const blockedTeacher = await insertActor(db(), "teacher");
    const theirs = await seatForParent(db(), family.parent.id);
    await db().update(sections).set({ teacherId: blockedTeacher.id }).where(eq(sections.id, theirs.sectionId));
    const blocked = await startThread(family.parent, { bookingId: theirs.bookingId, body: "Hello" });
    const coming = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
    await blockThread(support, blocked.threadId);
    await updateSection(family.sectionId, await storedSectionInput(db(), family.sectionId, { teacherId: blockedTeacher.id }));
    await expect(postMessage(blockedTeacher, coming.threadId, { body: "Hello" })).rejects.toMatchObject({ code: "conflict" });
    expect((await getThread(family.parent, coming.threadId)).isBlocked).toBe(true);
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
