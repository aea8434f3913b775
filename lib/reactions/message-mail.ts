import "server-only";

import { eq, sql } from "drizzle-orm";

import { claimEmailWindow, messageForMail } from "@/lib/messages/notify";
import { titleOf } from "@/lib/messages/threads";
import { enqueueEmail } from "@/lib/notifications/email";
import { newMessageEmail } from "@/lib/notifications/messages/new-message";
import { isUnsubscribed, listUnsubscribeHeaders, unsubscribePageUrl, unsubscribeTokenFor } from "@/lib/notifications/preferences";
import { brand } from "@/lib/platform/brand";
import { bookings, courses, learners, messageThreads, sections } from "@/lib/platform/db/schema";
import type { Database } from "@/lib/platform/db/client";
import { env } from "@/lib/platform/env";
import type { Handler } from "@/lib/platform/events/reactions";

export const threadUrl = (threadId: string) => `${brand.siteUrl}/messages/${threadId}`;

async function threadTitle(db: Database, threadId: string): Promise<string> {
  const [about] = await db
    .select({ kind: bookings.kind, courseTitle: courses.title, learnerName: learners.firstName })
    .from(messageThreads)
    .innerJoin(bookings, eq(bookings.id, messageThreads.bookingId))
    .leftJoin(sections, eq(sections.id, bookings.sectionId))
    .leftJoin(courses, sql`${courses.id} = coalesce(${bookings.courseId}, ${sections.courseId})`)
    .leftJoin(learners, eq(learners.id, messageThreads.learnerId))
    .where(eq(messageThreads.id, threadId));
  return about ? titleOf(about) : "your conversation";
}

/**
 * message.posted: "a new message" to the other side of the thread (the teacher for a family's
 * message, the family for the teacher's, both for support's), rendered at delivery: a message
 * hidden by then, or one the reader has already seen on the site, sends nothing. Batched: at most
 * one email per thread and reader per MESSAGE_EMAIL_BATCH_MINUTES (claimEmailWindow, timed by
 * sending), so twenty messages in ten minutes are one email. The email has no words of the
 * message, only who wrote and a link back. Non-essential, as the demo follow-up: an address that
 * unsubscribed gets none (the thread and the header's count still show it), others get
 * List-Unsubscribe. The window and the email are written together, so a retry sends nothing twice.
 */
export const messageMail: Handler<{ messageId: number }> = {
  name: "message-mail",
  async handle(db, { messageId }) {
    const message = await messageForMail(db, messageId);
    if (!message) return;
    let title: string | null = null;
    for (const recipient of message.recipients) {
      if (recipient.hasRead || (await isUnsubscribed(db, recipient.email))) continue;
      title ??= await threadTitle(db, message.threadId);
      const about = title;
      await db.transaction(async (tx) => {
        const isFirstInWindow = await claimEmailWindow(tx, message.threadId, recipient.userId, env.MESSAGE_EMAIL_BATCH_MINUTES);
        if (!isFirstInWindow) return;
        const token = await unsubscribeTokenFor(tx, recipient.email);
        const content = newMessageEmail({
          readerName: recipient.name,
          senderName: message.senderName,
          title: about,
          threadUrl: threadUrl(message.threadId),
          batchMinutes: env.MESSAGE_EMAIL_BATCH_MINUTES,
          unsubscribeUrl: unsubscribePageUrl(token),
        });
        await enqueueEmail(tx, `message:${message.threadId}:${recipient.userId}:${messageId}`, {
          ...content,
          headers: listUnsubscribeHeaders(token),
          to: recipient.email,
        });
      });
    }
  },
};
