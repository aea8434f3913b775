import { eq } from "drizzle-orm";

import { countUnreadMessages, getThread, listThreads, markThreadRead } from "@/lib/messages/threads";
import { messages } from "@/lib/platform/db/schema";
import { addChild } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { familyWithSeat, seatForParent } from "@/test/message-fixtures";

import { listLearnerWeek, resolveLearnerJoinUrl } from "./classes";
import { getLearnerConversation, sendLearnerMessage } from "./messages";
import type { LearnerSession } from "./session";

/**
 * The child's space: their own week of classes (not a sibling's) and their messages to their
 * teachers, which are the family's (the parent reads them in the family inbox) and screened as every
 * family message is.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});
const db = () => database.db;

function sessionOf(family: Awaited<ReturnType<typeof familyWithSeat>>, learnerId = family.learnerId): LearnerSession {
  return {
    learnerId,
    parentId: family.parent.id,
    firstName: "Ada",
    username: `ada${learnerId}`,
    timezone: "America/Los_Angeles",
    parent: family.parent,
  };
}

describe("the child's messages", () => {
  it("go into the family's thread, named as the child's, screened, and read by the parent and the teacher", async () => {
    const family = await familyWithSeat(db());
    const child = sessionOf(family);
    const posted = await sendLearnerMessage(child, family.bookingId, "Can we do fractions? my number is 555 0142 1234");
    expect(posted.isMasked).toBe(true);
    const [row] = await db().select().from(messages).where(eq(messages.id, posted.messageId));
    expect(row).toMatchObject({ authorId: family.parent.id, authorRole: "family", authorLearnerId: family.learnerId, flagged: true });
    expect(row?.body).not.toContain("555");

    // New to the parent: unread in the family inbox until they open it.
    expect(await countUnreadMessages(family.parent)).toBe(1);
    await markThreadRead(family.parent, posted.threadId);
    expect(await countUnreadMessages(family.parent)).toBe(0);
    const parentView = await getThread(family.parent, posted.threadId);
    expect(parentView.messages).toEqual([expect.objectContaining({ author: "Ada", authorLearnerId: family.learnerId })]);
    expect((await listThreads(family.parent)).map((thread) => thread.id)).toContain(posted.threadId);
    const teacherView = await getThread(family.teacher, posted.threadId);
    expect(teacherView.messages[0]).toMatchObject({ author: "Ada", body: expect.stringContaining("fractions") });

    const conversation = await getLearnerConversation(child, family.bookingId);
    expect(conversation.messages).toEqual([expect.objectContaining({ from: "me", author: "You" })]);
    expect(conversation.teacherName).toBe("Ms Lopez");
  });

  it("refuse a sibling's class and another family's, like a class that does not exist", async () => {
    const family = await familyWithSeat(db());
    const siblingId = await addChild(db(), family.parent.id, "Ben");
    const sibling = await seatForParent(db(), family.parent.id, siblingId);
    const other = await familyWithSeat(db());
    const child = sessionOf(family);
    for (const bookingId of [sibling.bookingId, other.bookingId, "not-a-uuid"]) {
      await expect(sendLearnerMessage(child, bookingId, "hello")).rejects.toMatchObject({ code: "not-found" });
      await expect(getLearnerConversation(child, bookingId)).rejects.toMatchObject({ code: "not-found" });
    }
    await expect(resolveLearnerJoinUrl(child, { section: sibling.sectionId })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("the child's week", () => {
  it("lists the sessions of the child's own seats in the next seven days of the family's clock, not a sibling's", async () => {
    const family = await familyWithSeat(db());
    const siblingId = await addChild(db(), family.parent.id, "Ben");
    await seatForParent(db(), family.parent.id, siblingId);
    // The fixture's section meets Mondays and Thursdays at 16:00 New York: two sessions in any seven days.
    const now = new Date();
    const week = await listLearnerWeek(sessionOf(family), now);
    expect(week.length).toBeGreaterThanOrEqual(1);
    expect(week.length).toBeLessThanOrEqual(2);
    expect(new Set(week.map((item) => item.bookingId))).toEqual(new Set([family.bookingId]));
    for (const item of week) {
      expect(Date.parse(item.endsAt)).toBeGreaterThan(now.getTime());
      expect(Date.parse(item.startsAt)).toBeLessThan(now.getTime() + 8 * 86_400_000);
      expect(item.joinHref).toBe(`/api/classes/join?section=${family.sectionId}`);
    }
  });
});
