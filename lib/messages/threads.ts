import "server-only";

import { and, desc, eq, gte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Actor } from "@/lib/platform/auth/permissions";
import { can } from "@/lib/platform/auth/permissions";
import { getDb, type Database, type Transaction } from "@/lib/platform/db/client";
import { teacherNameForFamilies } from "@/lib/platform/db/queries";
import {
  bookings,
  courses,
  demoRequests,
  learners,
  messagePairBlocks,
  messages,
  messageThreads,
  sections,
  users,
} from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";
import { parseInput } from "@/lib/platform/http/responses";
import { screenShared } from "@/lib/platform/security/screen";

import { messagePosted } from "./events";
import { postMessageSchema, startThreadSchema, threadIdSchema } from "./schema";

/**
 * Talk between a family and a teacher (issue 28), one thread per booking: a seat in a section (an
 * enrolment) or a demo. Who may read a thread is decided here, on every read and post: its family
 * (the learner's parent: a parent sees every message about their children), the teacher who
 * teaches it now (issue 40: the section's current teacher, or the demo's, and only while their
 * account has the teacher role), and support and admins (every thread; they post as support).
 * Anyone else gets the same 404 as for a thread that does not exist, so ids reveal nothing.
 * `message_threads.teacher_id` is kept equal to the current teacher by the reassignment itself
 * (lib/scheduling/sections.ts), so lists and emails read one column; the access check does not trust it.
 */

export type ThreadSide = "family" | "teacher" | "staff";

export const NOT_FOUND_MESSAGE = "We could not find that conversation.";
export const BLOCKED_MESSAGE =
  "Our support team has closed this conversation, so no more messages can be sent. Questions? Contact support.";

type Db = Database | Transaction;

interface ThreadRow {
  id: string;
  familyId: number;
  teacherId: number;
  blockedAt: Date | null;
}

/** How `actor` takes part in `thread`, or null (not theirs). The teacher or family side wins over a staff role. */
export function sideOf(actor: Pick<Actor, "id" | "role">, thread: Pick<ThreadRow, "familyId" | "teacherId">): ThreadSide | null {
  // A teacher demoted since keeps no access to the threads of the classes they taught.
  if (thread.teacherId === actor.id && actor.role === "teacher") return "teacher";
  if (thread.familyId === actor.id) return "family";
  if (can(actor.role, "messages.moderate")) return "staff";
  return null;
}

async function loadThreadFor(db: Db, actor: Actor, threadId: unknown, lock = false): Promise<{ thread: ThreadRow; side: ThreadSide }> {
  const parsed = threadIdSchema.safeParse(threadId);
  if (!parsed.success) throw new AppError("not-found", NOT_FOUND_MESSAGE);
  // Locked first, then read in a statement of its own: a block committed while this waited for
  // the lock (lib/messages/moderation.ts locks the pair's threads) is read, not missed.
  if (lock) await db.select({ id: messageThreads.id }).from(messageThreads).where(eq(messageThreads.id, parsed.data)).for("update");
  const [row] = await db
    .select({
      id: messageThreads.id,
      familyId: messageThreads.familyId,
      teacherId: currentTeacherId,
      teacherRole: sql<string | null>`(select u.role from users u where u.id = ${currentTeacherId})`,
      blockedAt: pairBlockedAt,
    })
    .from(messageThreads)
    // A kept thread (lib/messages/kept-conversations.ts) has no booking: no teacher side, only staff read it.
    .leftJoin(bookings, eq(bookings.id, messageThreads.bookingId))
    .leftJoin(sections, eq(sections.id, bookings.sectionId))
    .where(eq(messageThreads.id, parsed.data));
  const thread = row && {
    id: row.id,
    familyId: row.familyId,
    // Nobody is the teacher side of a thread whose teacher is no longer a teacher.
    teacherId: row.teacherRole === "teacher" ? Number(row.teacherId) : -1,
    blockedAt: row.blockedAt ? new Date(row.blockedAt) : null,
  };
  const side = thread ? sideOf(actor, thread) : null;
  if (!thread || !side) throw new AppError("not-found", NOT_FOUND_MESSAGE);
  return { thread, side };
}

/** Who teaches a thread's booking now: the section's teacher for a seat, the demo's teacher for a demo. */
const currentTeacherId = sql<number>`coalesce(${sections.teacherId}, ${bookings.teacherId})`;

/**
 * The teacher of a thread's pair (its family and its teacher): who teaches its booking now; a kept
 * thread's (no booking), the one it was kept with. Read with message_threads, bookings and sections in scope.
 */
export const pairTeacherId = sql<number>`coalesce(${sections.teacherId}, ${bookings.teacherId}, ${messageThreads.teacherId})`;

/**
 * Issue 40: a block is on the pair (the family and the teacher who teaches the thread now), not one
 * thread (message_pair_blocks): when the thread is closed on its own (a kept conversation), then,
 * or when support blocked the pair, or null. A thread whose section went to another teacher is
 * blocked by that teacher's pair, no longer by the old one's. Read as pairTeacherId is.
 */
const pairBlockedAt = sql<Date | string | null>`coalesce(${messageThreads.blockedAt}, (select p.blocked_at from ${messagePairBlocks} p
  where p.family_id = ${messageThreads.familyId} and p.teacher_id = ${pairTeacherId}))`;

/** The messages table's limit on a delivered body (a masked 2,000-character message can grow past 2,000). */
const STORED_BODY_MAX = 4_000;

/** How long and how many of an author's messages count towards a number split over messages. */
const SPLIT_NUMBER_WINDOW_MINUTES = 15;
const SPLIT_NUMBER_MESSAGES = 4;

/** The author's last few messages in the thread, oldest first, as typed: the screen counts digits across them. */
async function recentTextsOf(tx: Transaction, threadId: string, authorId: number, now: Date): Promise<string[]> {
  const rows = await tx
    .select({ body: messages.body, originalBody: messages.originalBody })
    .from(messages)
    .where(
      and(
        eq(messages.threadId, threadId),
        eq(messages.authorId, authorId),
        gte(messages.createdAt, new Date(now.getTime() - SPLIT_NUMBER_WINDOW_MINUTES * 60_000)),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(SPLIT_NUMBER_MESSAGES);
  return rows.reverse().map((row) => row.originalBody ?? row.body);
}

const authorRoleOf = (side: ThreadSide) => (side === "staff" ? "support" : side);

/**
 * Writes one message and its event, in the caller's transaction. The screen (issue 40) masks
 * contact details, counting digits across the author's recent messages here; a masked or
 * suspicious message is flagged for support with the original kept. Support's own messages are not screened.
 */
async function insertMessage(
  tx: Transaction,
  threadId: string,
  actor: Actor,
  side: ThreadSide,
  body: string,
  now: Date,
  asLearnerId?: number,
) {
  const screened =
    side === "staff"
      ? { text: body, isMasked: false, isFlagged: false, reasons: [] }
      : await screenShared(tx, body, { recentTexts: await recentTextsOf(tx, threadId, actor.id, now) });
  const [row] = await tx
    .insert(messages)
    .values({
      threadId,
      authorId: actor.id,
      authorRole: authorRoleOf(side),
      authorLearnerId: side === "family" ? (asLearnerId ?? null) : null,
      // A text of many short contact details grows when masked; the stored body stays within its limit.
      body: screened.text.slice(0, STORED_BODY_MAX),
      originalBody: screened.isFlagged ? body : null,
      flagged: screened.isFlagged,
      flagReasons: screened.reasons,
      createdAt: now,
    })
    .returning({ id: messages.id });
  if (!row) throw new Error("the message insert returned no row");
  await tx.update(messageThreads).set({ lastMessageAt: now }).where(eq(messageThreads.id, threadId));
  // A child's message is new to their parent (it is in the family's name, but the parent did not write it).
  if (asLearnerId === undefined) await markReadTo(tx, threadId, actor.id, row.id, now);
  await emit(tx, messagePosted, { messageId: row.id });
  return { messageId: row.id, isMasked: screened.isMasked };
}

export interface Posted {
  threadId: string;
  messageId: number;
  /** Contact details were taken out: the form says so, as support will see the message. */
  isMasked: boolean;
}

/**
 * A message to a thread the actor may read (family, teacher, or support and admins as support).
 * Refused with a message: not theirs (404), empty or over 2,000 characters (400), a blocked thread
 * (409), too many messages from this account (429). Nothing is written then.
 */
export async function postMessage(
  actor: Actor,
  threadId: unknown,
  input: unknown,
  now = new Date(),
  asLearnerId?: number,
): Promise<Posted> {
  const { body } = parseInput(postMessageSchema, input);
  const db = await getDb();
  // Access first, so the limit does not tell a stranger anything either.
  await loadThreadFor(db, actor, threadId);
  await enforceRateLimit(RATE_LIMITS.messagesPerAccount, `account:${actor.id}`);
  return db.transaction(async (tx) => {
    // Under the thread's row lock: a block and a post cannot cross.
    const { thread, side } = await loadThreadFor(tx, actor, threadId, true);
    if (thread.blockedAt) throw new AppError("conflict", BLOCKED_MESSAGE);
    const posted = await insertMessage(tx, thread.id, actor, side, body, now, asLearnerId);
    return { threadId: thread.id, ...posted };
  });
}

/**
 * The family's first message about one of their bookings (an enrolment's seat or a demo): opens
 * the booking's thread with its teacher (one per booking, decided by a unique index), or adds to it.
 */
export async function startThread(actor: Actor, input: unknown, now = new Date(), asLearnerId?: number): Promise<Posted> {
  const { bookingId, body } = parseInput(startThreadSchema, input);
  const db = await getDb();
  const booking = await familyBooking(db, actor.id, bookingId);
  if (!booking) throw new AppError("not-found", "We could not find that enrolment or demo among yours.");
  await enforceRateLimit(RATE_LIMITS.messagesPerAccount, `account:${actor.id}`);
  const [existing] = await db.select({ id: messageThreads.id }).from(messageThreads).where(eq(messageThreads.bookingId, bookingId));
  if (!existing) await enforceRateLimit(RATE_LIMITS.threadsPerAccount, `account:${actor.id}`);
  return db.transaction(async (tx) => {
    await tx
      .insert(messageThreads)
      .values({
        bookingId,
        familyId: actor.id,
        teacherId: booking.currentTeacherId,
        learnerId: booking.learnerId,
        createdAt: now,
        lastMessageAt: now,
      })
      .onConflictDoNothing({ target: messageThreads.bookingId });
    const [row] = await tx.select({ id: messageThreads.id }).from(messageThreads).where(eq(messageThreads.bookingId, bookingId));
    if (!row) throw new Error("the thread vanished after its insert");
    const { thread, side } = await loadThreadFor(tx, actor, row.id, true);
    if (thread.blockedAt) throw new AppError("conflict", BLOCKED_MESSAGE);
    const posted = await insertMessage(tx, thread.id, actor, side, body, now, asLearnerId);
    return { threadId: thread.id, ...posted };
  });
}

/** One of the family's bookings (a seat of their child, or a demo of their child or their own demo request), or null. */
async function familyBooking(db: Db, parentId: number, bookingId: string) {
  const [row] = await db
    .select({ id: bookings.id, currentTeacherId, learnerId: bookings.learnerId, status: bookings.status })
    .from(bookings)
    .leftJoin(sections, eq(sections.id, bookings.sectionId))
    .leftJoin(learners, eq(learners.id, bookings.learnerId))
    .leftJoin(demoRequests, eq(demoRequests.id, bookings.demoRequestId))
    .where(and(eq(bookings.id, bookingId), sql`coalesce(${learners.parentId}, ${demoRequests.userId}) = ${parentId}`));
  return row && row.status !== "held" ? { ...row, currentTeacherId: Number(row.currentTeacherId) } : null;
}

/** The thread of one of the family's bookings, if they have written about it: where "Message the teacher" leads. */
export async function findThreadOfBooking(actor: Actor, bookingId: string): Promise<string | null> {
  if (!threadIdSchema.safeParse(bookingId).success) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(and(eq(messageThreads.bookingId, bookingId), eq(messageThreads.familyId, actor.id)));
  return row?.id ?? null;
}

/** What a family is about to write about: the booking's course, child and teacher, or null when it is not theirs. */
export async function describeFamilyBooking(actor: Actor, bookingId: string) {
  if (!threadIdSchema.safeParse(bookingId).success) return null;
  const db = await getDb();
  const booking = await familyBooking(db, actor.id, bookingId);
  if (!booking) return null;
  const [about] = await db
    .select(aboutColumns)
    .from(bookings)
    .leftJoin(sections, eq(sections.id, bookings.sectionId))
    .leftJoin(courses, sql`${courses.id} = coalesce(${bookings.courseId}, ${sections.courseId})`)
    .leftJoin(learners, eq(learners.id, bookings.learnerId))
    .innerJoin(teacherUser, eq(teacherUser.id, currentTeacherId))
    .where(eq(bookings.id, bookingId));
  return about ? { bookingId, title: titleOf(about), teacherName: about.teacherName ?? "your teacher" } : null;
}

const teacherUser = alias(users, "teacher_user");
const familyUser = alias(users, "family_user");

const aboutColumns = {
  kind: bookings.kind,
  courseTitle: courses.title,
  learnerName: learners.firstName,
  // Issue 38: the teacher as families see them (their public name), for everyone reading the thread.
  teacherName: teacherNameForFamilies(teacherUser.id),
};

/** "Piano for beginners, for Ada" or "Free demo: Piano for beginners, for Ada". */
export function titleOf(about: { kind: "demo" | "seat" | null; courseTitle: string | null; learnerName: string | null }): string {
  const course = about.courseTitle ?? "a class";
  const subject = about.kind === "demo" ? `Free demo: ${course}` : course;
  return about.learnerName ? `${subject}, for ${about.learnerName}` : subject;
}

/** Which threads an actor's list holds: their own (family or teacher), or for support and admins all of them. */
function visibleTo(actor: Actor) {
  // A kept thread (lib/messages/kept-conversations.ts) is support's and admins' only.
  const own =
    actor.role === "teacher"
      ? sql`(${messageThreads.familyId} = ${actor.id} or ${messageThreads.teacherId} = ${actor.id}) and ${messageThreads.keptSince} is null`
      : sql`${messageThreads.familyId} = ${actor.id} and ${messageThreads.keptSince} is null`;
  return can(actor.role, "messages.moderate") ? sql`true` : own;
}

/**
 * The messages in a thread that count as unread for `actor`: posted by someone else, not hidden,
 * after their read mark. For support and admins, in a thread that is not theirs, only the flagged
 * messages and those in threads they have written in: the ones that ask for them.
 */
function unreadIn(actor: Actor) {
  const base = sql`m.thread_id = ${messageThreads.id} and (m.author_id is distinct from ${actor.id} or m.author_learner_id is not null) and m.hidden_at is null
    and m.id > coalesce((select r.last_read_message_id from message_reads r where r.thread_id = ${messageThreads.id} and r.user_id = ${actor.id}), 0)`;
  if (!can(actor.role, "messages.moderate")) return base;
  return sql`${base} and (${messageThreads.familyId} = ${actor.id} or ${messageThreads.teacherId} = ${actor.id} or m.flagged
    or exists (select 1 from messages s where s.thread_id = ${messageThreads.id} and s.author_id = ${actor.id}))`;
}

export interface ThreadSummary {
  id: string;
  title: string;
  teacherName: string;
  familyName: string;
  lastMessageAt: Date;
  unread: number;
  /** Messages masked and flagged for support (support and admins only; 0 for the others). */
  flagged: number;
  isBlocked: boolean;
}

const THREAD_LIST_LIMIT = 100;

/** The threads an actor sees, newest first, each with its unread count. */
export async function listThreads(actor: Actor, { limit = THREAD_LIST_LIMIT, flaggedOnly = false } = {}): Promise<ThreadSummary[]> {
  const db = await getDb();
  const isStaff = can(actor.role, "messages.moderate");
  const rows = await db
    .select({
      id: messageThreads.id,
      ...aboutColumns,
      familyName: familyUser.displayName,
      keptTitle: messageThreads.keptTitle,
      lastMessageAt: messageThreads.lastMessageAt,
      blockedAt: pairBlockedAt,
      unread: sql<number>`(select count(*)::int from messages m where ${unreadIn(actor)})`,
      flagged: isStaff
        ? sql<number>`(select count(*)::int from messages f where f.thread_id = ${messageThreads.id} and f.flagged and f.hidden_at is null)`
        : sql<number>`0`,
    })
    .from(messageThreads)
    .leftJoin(bookings, eq(bookings.id, messageThreads.bookingId))
    .leftJoin(sections, eq(sections.id, bookings.sectionId))
    .leftJoin(courses, sql`${courses.id} = coalesce(${bookings.courseId}, ${sections.courseId})`)
    .leftJoin(learners, eq(learners.id, messageThreads.learnerId))
    .innerJoin(teacherUser, eq(teacherUser.id, messageThreads.teacherId))
    .innerJoin(familyUser, eq(familyUser.id, messageThreads.familyId))
    .where(
      flaggedOnly
        ? and(
            visibleTo(actor),
            sql`exists (select 1 from messages f where f.thread_id = ${messageThreads.id} and f.flagged and f.hidden_at is null)`,
          )
        : visibleTo(actor),
    )
    .orderBy(desc(messageThreads.lastMessageAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    title: row.keptTitle ?? titleOf(row),
    teacherName: row.teacherName ?? "Teacher",
    familyName: row.familyName ?? "Family",
    lastMessageAt: row.lastMessageAt,
    unread: Number(row.unread),
    flagged: Number(row.flagged),
    isBlocked: row.blockedAt !== null,
  }));
}

/** The header's count: every unread message for this actor, over all threads (one query). */
export async function countUnreadMessages(actor: Actor): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum((select count(*) from messages m where ${unreadIn(actor)})), 0)::int` })
    .from(messageThreads)
    .where(visibleTo(actor));
  return Number(row?.count ?? 0);
}

export interface ThreadMessage {
  id: number;
  /** "You", the teacher's or family's name, or "Support". */
  author: string;
  authorRole: "family" | "teacher" | "support";
  /** The family's child who wrote it from their own sign-in, or null. */
  authorLearnerId: number | null;
  isMine: boolean;
  /** What is delivered (masked); null once support hid it, for everyone but support and admins. */
  body: string | null;
  isHidden: boolean;
  /** Support and admins only: masked and flagged, with what was typed. */
  isFlagged: boolean;
  originalBody: string | null;
  createdAt: Date;
}

export interface ThreadView {
  id: string;
  title: string;
  teacherName: string;
  familyName: string;
  side: ThreadSide;
  isBlocked: boolean;
  messages: ThreadMessage[];
}

/** A thread as `actor` may see it (404 when it is not theirs); the original of a masked message goes to support and admins only. */
export async function getThread(actor: Actor, threadId: unknown): Promise<ThreadView> {
  const db = await getDb();
  const { thread, side } = await loadThreadFor(db, actor, threadId);
  const [about] = await db
    .select({ ...aboutColumns, familyName: familyUser.displayName, keptTitle: messageThreads.keptTitle })
    .from(messageThreads)
    .leftJoin(bookings, eq(bookings.id, messageThreads.bookingId))
    .leftJoin(sections, eq(sections.id, bookings.sectionId))
    .leftJoin(courses, sql`${courses.id} = coalesce(${bookings.courseId}, ${sections.courseId})`)
    .leftJoin(learners, eq(learners.id, messageThreads.learnerId))
    .innerJoin(teacherUser, eq(teacherUser.id, messageThreads.teacherId))
    .innerJoin(familyUser, eq(familyUser.id, messageThreads.familyId))
    .where(eq(messageThreads.id, thread.id));
  const rows = await db
    .select({
      id: messages.id,
      authorId: messages.authorId,
      authorRole: messages.authorRole,
      authorLearnerId: messages.authorLearnerId,
      authorLearnerName: learners.firstName,
      body: messages.body,
      originalBody: messages.originalBody,
      flagged: messages.flagged,
      hiddenAt: messages.hiddenAt,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(learners, eq(learners.id, messages.authorLearnerId))
    .where(eq(messages.threadId, thread.id))
    .orderBy(messages.id);
  const teacherName = about?.teacherName ?? "Teacher";
  const familyName = about?.familyName ?? "Family";
  const isStaff = side === "staff" || can(actor.role, "messages.moderate");
  const nameOf = { family: familyName, teacher: teacherName, support: "Support" } as const;
  return {
    id: thread.id,
    title: about ? (about.keptTitle ?? titleOf(about)) : "Conversation",
    teacherName,
    familyName,
    side,
    isBlocked: thread.blockedAt !== null,
    messages: rows.map((row) => {
      const isHidden = row.hiddenAt !== null;
      return {
        id: row.id,
        // A child's message is the family's, named as the child's (the parent sees who wrote it).
        author: row.authorLearnerName ? row.authorLearnerName : row.authorId === actor.id ? "You" : nameOf[row.authorRole],
        authorRole: row.authorRole,
        authorLearnerId: row.authorLearnerId,
        isMine: row.authorId === actor.id,
        body: isHidden && !isStaff ? null : row.body,
        isHidden,
        isFlagged: isStaff && row.flagged,
        originalBody: isStaff ? row.originalBody : null,
        createdAt: row.createdAt,
      };
    }),
  };
}

async function markReadTo(db: Db, threadId: string, userId: number, messageId: number, now: Date): Promise<void> {
  await db.execute(sql`insert into message_reads (thread_id, user_id, last_read_message_id, read_at)
    values (${threadId}::uuid, ${userId}, ${messageId}, ${now.toISOString()}::timestamptz)
    on conflict (thread_id, user_id) do update set last_read_message_id = greatest(message_reads.last_read_message_id, excluded.last_read_message_id), read_at = excluded.read_at`);
}

/** The actor has seen the thread up to its last message (the thread page calls it as it renders). */
export async function markThreadRead(actor: Actor, threadId: unknown, now = new Date()): Promise<void> {
  const db = await getDb();
  const { thread } = await loadThreadFor(db, actor, threadId);
  const [last] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.threadId, thread.id))
    .orderBy(desc(messages.id))
    .limit(1);
  if (last) await markReadTo(db, thread.id, actor.id, last.id, now);
}
