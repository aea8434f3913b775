import "server-only";

import { and, eq, ne } from "drizzle-orm";

import { getThread, startThread, type Posted, type ThreadMessage } from "@/lib/messages/threads";
import { getDb } from "@/lib/platform/db/client";
import { bookings, messageThreads } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";

import { LEARNER_ACCESS_MESSAGES } from "./schema";
import type { LearnerSession } from "./session";

/**
 * A child writes to their teacher about one of their own bookings (a seat or a demo). The message
 * goes into the family's thread of that booking, as the family's (the parent reads it in the family
 * inbox like their own) and marked as the child's; it is screened as every family message is
 * (lib/messages: contact details masked, suspicious ones flagged for support), and rate-limited on
 * the family's account. A booking of another child, even a sibling's, is refused like one that
 * does not exist.
 */
async function ownBooking(learner: LearnerSession, bookingId: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.learnerId, learner.learnerId), ne(bookings.status, "held")));
  if (!row) throw new AppError("not-found", LEARNER_ACCESS_MESSAGES.notYourClass);
  return row.id;
}

const isUuid = (value: unknown): value is string =>
  typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export interface LearnerConversation {
  bookingId: string;
  teacherName: string;
  title: string;
  isBlocked: boolean;
  messages: Array<
    Pick<ThreadMessage, "id" | "body" | "isHidden" | "createdAt"> & { from: "me" | "teacher" | "family" | "support"; author: string }
  >;
}

/** The conversation of one of the child's bookings (empty until someone writes). */
export async function getLearnerConversation(learner: LearnerSession, bookingId: unknown): Promise<LearnerConversation> {
  if (!isUuid(bookingId)) throw new AppError("not-found", LEARNER_ACCESS_MESSAGES.notYourClass);
  const id = await ownBooking(learner, bookingId);
  const db = await getDb();
  const [thread] = await db.select({ id: messageThreads.id }).from(messageThreads).where(eq(messageThreads.bookingId, id));
  if (!thread) return { bookingId: id, teacherName: "", title: "", isBlocked: false, messages: [] };
  const view = await getThread(learner.parent, thread.id);
  return {
    bookingId: id,
    teacherName: view.teacherName,
    title: view.title,
    isBlocked: view.isBlocked,
    messages: view.messages.map((message) => ({
      id: message.id,
      body: message.body,
      isHidden: message.isHidden,
      createdAt: message.createdAt,
      from: message.authorLearnerId === learner.learnerId ? "me" : message.authorRole === "family" ? "family" : message.authorRole,
      author: message.authorLearnerId === learner.learnerId ? "You" : message.authorRole === "family" ? "Your family" : message.author,
    })),
  };
}

/** The child's message about one of their bookings: opens the thread or adds to it. */
export async function sendLearnerMessage(learner: LearnerSession, bookingId: unknown, body: unknown, now = new Date()): Promise<Posted> {
  if (!isUuid(bookingId)) throw new AppError("not-found", LEARNER_ACCESS_MESSAGES.notYourClass);
  const id = await ownBooking(learner, bookingId);
  return startThread(learner.parent, { bookingId: id, body }, now, learner.learnerId);
}
