import { eq, sql } from "drizzle-orm";

import { postMessage, startThread } from "@/lib/messages/threads";
import { messageEmailWindows, messages } from "@/lib/platform/db/schema";
import { markReactionsUndelivered } from "@/test/events";
import { mailHarness } from "@/test/mail-harness";
import { familyWithSeat } from "@/test/message-fixtures";

/**
 * Issue 28: a new message is emailed to the other side of its thread through the outbox, batched:
 * at most one email per thread and recipient per MESSAGE_EMAIL_BATCH_MINUTES (15), with a link
 * back to the thread and none of the message's words. Real SMTP, read back with mailparser.
 */
const { db, mail, deliver, received } = mailHarness();
const MINUTE = 60_000;

describe("new-message email", () => {
  it("twenty messages in ten minutes in each of two threads send one email per thread per window, once however often delivered", async () => {
    await mail.clear();
    const a = await familyWithSeat(db(), { parent: "Priya Rao", teacher: "Ms Lopez" });
    const b = await familyWithSeat(db(), { parent: "Sam Okafor", teacher: "Mr Chen" });
    const t0 = new Date(Date.now() - 30 * MINUTE);
    const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);
    const threadA = (await startThread(a.parent, { bookingId: a.bookingId, body: "Call me on +1 555 0142 or mail a@b.com" }, at(0)))
      .threadId;
    const threadB = (await startThread(b.parent, { bookingId: b.bookingId, body: "Hello!" }, at(0))).threadId;
    for (let i = 1; i < 20; i += 1) {
      await postMessage(a.parent, threadA, { body: `Question ${i} about Ada's practice` }, at(i * 0.5));
      await postMessage(b.parent, threadB, { body: `Question ${i}` }, at(i * 0.5));
    }
    await deliver();
    expect(await markReactionsUndelivered(db(), "message.posted", "message-mail")).toBe(40);
    await deliver();

    const toA = await received(a.teacher.email);
    const toB = await received(b.teacher.email);
    expect(toA).toHaveLength(1);
    expect(toB).toHaveLength(1);
    expect(await received(a.parent.email)).toEqual([]);
    const email = toA[0]!;
    expect(email.subject).toMatch(/^New message from Priya Rao: .+, for Ada$/);
    const text = email.text ?? "";
    expect(text).toContain(`/messages/${threadA}`);
    expect(text).toContain("Hello Ms");
    // No words of any message, masked or not, and never the original's contact details.
    for (const words of ["555 0142", "0142", "a@b.com", "Question", "practice", "Call me"]) {
      expect(text).not.toContain(words);
      expect(email.html || "").not.toContain(words);
    }
    expect(email.headerLines.some((line) => line.key === "list-unsubscribe")).toBe(true);

    // The teacher answers: one email to the family. A family message 16 minutes after the first email opens a new window.
    await postMessage(a.teacher, threadA, { body: "Yes, a small keyboard is fine." }, at(11));
    await deliver();
    expect(await received(a.parent.email)).toHaveLength(1);
    await postMessage(a.parent, threadA, { body: "Thank you!" }, at(14));
    await deliver();
    expect(await received(a.teacher.email)).toHaveLength(1);
    // The window is timed by sending: 16 minutes on, the next family message is emailed again.
    await db()
      .update(messageEmailWindows)
      .set({ lastEmailedAt: sql`${messageEmailWindows.lastEmailedAt} - interval '16 minutes'` })
      .where(eq(messageEmailWindows.threadId, threadA));
    await postMessage(a.parent, threadA, { body: "Thank you again!" }, at(16));
    await postMessage(a.parent, threadA, { body: "One more thing" }, at(17));
    await deliver();
    expect(await received(a.parent.email)).toHaveLength(1);
    expect(await received(a.teacher.email)).toHaveLength(2);
  });

  it("sends nothing for a message hidden before delivery, or one its reader has already seen on the site", async () => {
    await mail.clear();
    const a = await familyWithSeat(db());
    const { threadId, messageId } = await startThread(a.parent, { bookingId: a.bookingId, body: "Hello" });
    await db().update(messages).set({ hiddenAt: new Date() }).where(eq(messages.id, messageId));
    await deliver();
    expect(await received(a.teacher.email)).toEqual([]);

    // The family reads the teacher's answer on the site before the worker gets to it: no email.
    await postMessage(a.teacher, threadId, { body: "Welcome!" });
    await postMessage(a.parent, threadId, { body: "Thanks" });
    await deliver();
    expect(await received(a.parent.email)).toEqual([]);
    expect(await received(a.teacher.email)).toHaveLength(1);
  });
});
