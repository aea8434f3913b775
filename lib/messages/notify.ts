import "server-only";

import { eq, sql } from "drizzle-orm";

import type { Database } from "@/lib/platform/db/client";
import { messageEmailWindows, messages, messageThreads, users } from "@/lib/platform/db/schema";
import { teacherNameForFamilies } from "@/lib/platform/db/queries";

/**
 * What the new-message email (lib/reactions/message-mail.ts) reads at delivery: the message as it
 * is then (hidden since: no email), its thread, and who is on the other side. It never carries the
 * message's words: the email says who wrote and links back to the thread.
 */
export interface MessageRecipient {
  userId: number;
  email: string;
  name: string | null;
  /** They have read the thread past this message already (they were on the page): no email. */
  hasRead: boolean;
}

export interface MessageForMail {
  messageId: number;
  threadId: string;
  postedAt: Date;
  /** How the sender is named to the reader: the teacher's public name (lib/teachers/family-name.ts), the family's display name, or "Support". */
  senderName: string;
  recipients: MessageRecipient[];
}

export async function messageForMail(db: Database, messageId: number): Promise<MessageForMail | null> {
  const [row] = await db
    .select({
      threadId: messages.threadId,
      authorRole: messages.authorRole,
      authorName: users.displayName,
      // Issue 38: a teacher is named to the family as families see them (their public name).
      teacherName: teacherNameForFamilies(messages.authorId),
      hiddenAt: messages.hiddenAt,
      createdAt: messages.createdAt,
      familyId: messageThreads.familyId,
      teacherId: messageThreads.teacherId,
    })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(eq(messages.id, messageId));
  if (!row || row.hiddenAt) return null;
  const to = row.authorRole === "family" ? [row.teacherId] : row.authorRole === "teacher" ? [row.familyId] : [row.familyId, row.teacherId];
  const recipients: MessageRecipient[] = [];
  for (const userId of to) {
    const [person] = await db
      .select({
        email: users.email,
        name: users.displayName,
        role: users.role,
        readTo: sql<
          number | null
        >`(select r.last_read_message_id from message_reads r where r.thread_id = ${row.threadId}::uuid and r.user_id = ${userId})`,
      })
      .from(users)
      .where(eq(users.id, userId));
    // Issue 40: a teacher demoted since is no longer the thread's teacher, and is not emailed about it.
    if (userId === row.teacherId && person?.role !== "teacher") continue;
    if (person) recipients.push({ userId, email: person.email, name: person.name, hasRead: Number(person.readTo ?? 0) >= messageId });
  }
  const senderName =
    row.authorRole === "support"
      ? "Support"
      : row.authorRole === "teacher"
        ? (row.teacherName ?? "Your teacher")
        : (row.authorName ?? "A family");
  return { messageId, threadId: row.threadId, postedAt: row.createdAt, senderName, recipients };
}

/**
 * Takes the recipient's email window for a thread now (the database's clock, at delivery): true
 * when nobody was emailed about this thread in the last `minutes`, and then records now. Timed by
 * sending, not by posting, so the order in which the worker delivers the messages (in parallel, or
 * a backlog after an outage) changes nothing: however many arrive, one email per window. One
 * conditional upsert, so two deliveries at once (instances, a retry) take it once.
 */
export async function claimEmailWindow(
  db: Pick<Database, "insert">,
  threadId: string,
  recipientId: number,
  minutes: number,
): Promise<boolean> {
  const taken = await db
    .insert(messageEmailWindows)
    .values({ threadId, recipientId, lastEmailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [messageEmailWindows.threadId, messageEmailWindows.recipientId],
      set: { lastEmailedAt: sql`excluded.last_emailed_at` },
      setWhere: sql`${messageEmailWindows.lastEmailedAt} <= excluded.last_emailed_at - make_interval(mins => ${minutes}::int)`,
    })
    .returning({ recipientId: messageEmailWindows.recipientId });
  return taken.length > 0;
}
