import { and, eq } from "drizzle-orm";

import { auditEvents, messages, outbox } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";
import { familyWithSeat } from "@/test/message-fixtures";

import { blockThread, hideMessage, reopenThread, restoreMessage } from "./moderation";
import { teacherReplyTimes } from "./reply-times";
import { countUnreadMessages, getThread, listThreads, markThreadRead, postMessage, startThread } from "./threads";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});
const db = () => database.db;
const MINUTE = 60_000;

/** The moderation steps audited on a thread, oldest first. */
async function auditActionsOf(threadId: string): Promise<string[]> {
  const rows = await db()
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, "message_thread"), eq(auditEvents.targetId, threadId)))
    .orderBy(auditEvents.id);
  return rows.map((row) => row.action);
}

/** Issue 28: threads, masking, unread counts, moderation and reply times, against the database. */
describe("message threads", () => {
  it("stores a message with contact details masked and flagged, the original kept, and writes message.posted with it", async () => {
    const family = await familyWithSeat(db());
    const { threadId, messageId, isMasked } = await startThread(family.parent, {
      bookingId: family.bookingId,
      body: "Call me on +1 555 0142 or mail a@b.com",
    });
    expect(isMasked).toBe(true);
    const [row] = await db().select().from(messages).where(eq(messages.id, messageId));
    expect(row).toMatchObject({
      threadId,
      authorRole: "family",
      body: "Call me on [contact details removed] or mail [contact details removed]",
      originalBody: "Call me on +1 555 0142 or mail a@b.com",
      flagged: true,
    });
    const events = await db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.topic, "event:message.posted"));
    expect(events.map((e) => e.payload)).toContainEqual({ messageId });
    // The teacher sees it masked; support sees the original and the flag.
    const asTeacher = await getThread(family.teacher, threadId);
    expect(asTeacher.messages[0]).toMatchObject({ body: row!.body, originalBody: null, isFlagged: false });
    const asSupport = await getThread(await insertActor(db(), "support"), threadId);
    expect(asSupport.messages[0]).toMatchObject({ originalBody: "Call me on +1 555 0142 or mail a@b.com", isFlagged: true });
  });

  it("refuses a booking that is not the family's, and writes nothing for a refused message", async () => {
    const mine = await familyWithSeat(db());
    const theirs = await familyWithSeat(db());
    await expect(startThread(mine.parent, { bookingId: theirs.bookingId, body: "Hi" })).rejects.toMatchObject({ code: "not-found" });
    const { threadId } = await startThread(mine.parent, { bookingId: mine.bookingId, body: "Hi" });
    const before = await db().select({ id: outbox.id }).from(outbox);
    await blockThread(await insertActor(db(), "support"), threadId);
    await expect(postMessage(mine.teacher, threadId, { body: "Hello" })).rejects.toMatchObject({ code: "conflict" });
    expect(await db().select({ id: outbox.id }).from(outbox)).toEqual(before);
  });

  it("counts unread messages per role: the other side's, until read; support's flagged ones and those of threads they wrote in", async () => {
    const family = await familyWithSeat(db());
    const support = await insertActor(db(), "support");
    const supportBefore = await countUnreadMessages(support);
    const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Is there homework?" });
    expect(await countUnreadMessages(family.teacher)).toBe(1);
    expect(await countUnreadMessages(family.parent)).toBe(0);
    // Not flagged and not theirs: support is not asked.
    expect(await countUnreadMessages(support)).toBe(supportBefore);
    await postMessage(family.parent, threadId, { body: "My email is me@example.com" });
    expect(await countUnreadMessages(family.teacher)).toBe(2);
    expect(await countUnreadMessages(support)).toBe(supportBefore + 1);
    expect((await listThreads(family.teacher))[0]).toMatchObject({ id: threadId, unread: 2, flagged: 0 });
    expect((await listThreads(support, { flaggedOnly: true })).map((t) => t.id)).toContain(threadId);
    await markThreadRead(family.teacher, threadId);
    await markThreadRead(support, threadId);
    expect(await countUnreadMessages(family.teacher)).toBe(0);
    expect(await countUnreadMessages(support)).toBe(supportBefore);
    await postMessage(family.teacher, threadId, { body: "Yes: scales." });
    expect(await countUnreadMessages(family.parent)).toBe(1);
  });

  it("hides a message (audited): the family and teacher see it was hidden, support still reads it", async () => {
    const family = await familyWithSeat(db());
    const support = await insertActor(db(), "support");
    const { threadId, messageId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Something unkind" });
    await expect(hideMessage(family.teacher, { messageId })).rejects.toMatchObject({ code: "forbidden" });
    await hideMessage(support, { messageId });
    await hideMessage(support, { messageId });
    expect((await getThread(family.teacher, threadId)).messages[0]).toMatchObject({ body: null, isHidden: true });
    expect((await getThread(support, threadId)).messages[0]).toMatchObject({ body: "Something unkind", isHidden: true });
    const audit = await db()
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "message_thread"), eq(auditEvents.targetId, threadId)));
    expect(audit).toEqual([{ action: "message.hidden", details: { messageId } }]);
  });

  it("shows a hidden message again (audited once, support and admins only); a message that is not hidden is left as it is", async () => {
    const family = await familyWithSeat(db());
    const support = await insertActor(db(), "support");
    const { threadId, messageId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hidden by mistake" });
    await restoreMessage(support, { messageId });
    await hideMessage(support, { messageId });
    await expect(restoreMessage(family.parent, { messageId })).rejects.toMatchObject({ code: "forbidden" });
    await expect(restoreMessage(support, { messageId: "x" })).rejects.toMatchObject({ code: "invalid" });
    await expect(restoreMessage(support, { messageId: 2_000_000_000 })).rejects.toMatchObject({ code: "not-found" });
    await restoreMessage(support, { messageId });
    await restoreMessage(support, { messageId });
    expect((await getThread(family.teacher, threadId)).messages[0]).toMatchObject({ body: "Hidden by mistake", isHidden: false });
    const [row] = await db().select({ hiddenById: messages.hiddenById }).from(messages).where(eq(messages.id, messageId));
    expect(row!.hiddenById).toBeNull();
    expect(await auditActionsOf(threadId)).toEqual(["message.hidden", "message.restored"]);
  });

  it("reopens a blocked thread (audited once): both sides post again; nobody else may", async () => {
    const family = await familyWithSeat(db());
    const admin = await insertActor(db(), "admin");
    const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hi" });
    await blockThread(admin, threadId);
    await expect(reopenThread(family.teacher, threadId)).rejects.toMatchObject({ code: "forbidden" });
    await expect(reopenThread(admin, "not-a-thread")).rejects.toMatchObject({ code: "not-found" });
    await expect(postMessage(family.parent, threadId, { body: "Still there?" })).rejects.toMatchObject({ code: "conflict" });
    await reopenThread(admin, threadId);
    await reopenThread(admin, threadId);
    expect((await getThread(family.parent, threadId)).isBlocked).toBe(false);
    await postMessage(family.parent, threadId, { body: "Still there?" });
    await postMessage(family.teacher, threadId, { body: "Yes." });
    expect(await auditActionsOf(threadId)).toEqual(["thread.blocked", "thread.reopened"]);
  });

  it("reports each teacher's median reply time: from the first family message of a run to the teacher's next reply", async () => {
    const family = await familyWithSeat(db(), { teacher: "Mr Median" });
    const admin = await insertActor(db(), "admin");
    const t0 = new Date(Date.now() - 5 * 86_400_000);
    const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);
    const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Q1" }, at(0));
    await postMessage(family.parent, threadId, { body: "Q1, more" }, at(5));
    await postMessage(await insertActor(db(), "support"), threadId, { body: "Support here" }, at(6));
    await postMessage(family.teacher, threadId, { body: "A1" }, at(10)); // waited 10
    await postMessage(family.parent, threadId, { body: "Q2" }, at(100));
    await postMessage(family.teacher, threadId, { body: "A2" }, at(130)); // waited 30
    await postMessage(family.parent, threadId, { body: "Q3" }, at(200));
    await postMessage(family.teacher, threadId, { body: "A3" }, at(300)); // waited 100
    await postMessage(family.parent, threadId, { body: "Q4, unanswered" }, at(400));
    await expect(teacherReplyTimes(family.teacher)).rejects.toMatchObject({ code: "forbidden" });
    const row = (await teacherReplyTimes(admin)).find((r) => r.teacherId === family.teacher.id);
    expect(row).toEqual({ teacherId: family.teacher.id, teacherName: "Mr Median", medianMinutes: 30, replies: 3, waiting: 1 });
  });
});
