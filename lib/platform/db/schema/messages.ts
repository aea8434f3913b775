// Messages (lib/messages): threads between a family and a teacher about one booking (a seat in a
// section, or a demo), the messages in them, who has read how far, and when the other side was
// last emailed about a thread (the batching of new-message emails).

import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { users } from "@/lib/platform/db/schema/accounts";
import { bookings, learners } from "@/lib/platform/db/schema/scheduling";

/**
 * One thread per booking (an enrolment's seat or a demo): the family (the learner's parent) and
 * the booking's teacher, copied here so every access check is one row. `blocked_at`: this thread
 * alone is closed (a kept conversation); support's block of a family and a teacher is on the pair
 * (message_pair_blocks), not here, so it stays with them when a section changes teacher. `kept_since` (issue 40): the family's account was deleted
 * and the thread kept for the safety team (lib/messages/kept-conversations.ts): no booking any
 * more, the family an anonymous "Former family" account, `kept_title` what it was about without
 * the child's name; purged by the retention job after RETENTION.keptConversationMonths.
 */
export const messageThreads = pgTable(
  "message_threads",
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid().references(() => bookings.id, { onDelete: "cascade" }),
    familyId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    teacherId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    learnerId: integer().references(() => learners.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    blockedAt: timestamp({ withTimezone: true }),
    blockedById: integer().references(() => users.id, { onDelete: "set null" }),
    keptSince: timestamp({ withTimezone: true }),
    keptTitle: text(),
  },
  (t) => [
    uniqueIndex("message_threads_booking_key").on(t.bookingId),
    index("message_threads_kept_idx")
      .on(t.keptSince)
      .where(sql`${t.keptSince} is not null`),
    check("message_threads_booking_or_kept", sql`${t.bookingId} is not null or ${t.keptSince} is not null`),
    index("message_threads_family_idx").on(t.familyId, t.lastMessageAt),
    index("message_threads_teacher_idx").on(t.teacherId, t.lastMessageAt),
    index("message_threads_last_idx").on(t.lastMessageAt),
  ],
);

/**
 * Support's block of a family and a teacher (issue 40): neither posts to the other in any thread of
 * theirs, one there now or one started later, until support reopens it. On the pair, not a thread:
 * a thread whose section an admin gives to another teacher leaves the block with the old teacher
 * and brings none to the new one.
 */
export const messagePairBlocks = pgTable(
  "message_pair_blocks",
  {
    familyId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    teacherId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedAt: timestamp({ withTimezone: true }).notNull(),
    blockedById: integer().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.familyId, t.teacherId] }), index("message_pair_blocks_teacher_idx").on(t.teacherId)],
);

export const messageAuthorRole = pgEnum("message_author_role", ["family", "teacher", "support"]);

/**
 * One message. `body` is what is delivered (contact details masked); `original_body` keeps what was
 * typed when masking changed it, shown only to support and admins; `flagged` marks it for them.
 * `hidden_at`: support took it out of the thread (audited); the others see that it was hidden.
 */
export const messages = pgTable(
  "messages",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    threadId: uuid()
      .notNull()
      .references(() => messageThreads.id, { onDelete: "cascade" }),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    authorRole: messageAuthorRole().notNull(),
    /** Written by the family's child signed in on their own (authorId is then the parent): the parent sees every word. */
    authorLearnerId: integer().references(() => learners.id, { onDelete: "set null" }),
    body: text().notNull(),
    originalBody: text(),
    flagged: boolean().notNull().default(false),
    /** Why the screen flagged it (lib/platform/security/screening.ts ScreeningReason): what support reads first. */
    flagReasons: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenById: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_thread_idx").on(t.threadId, t.id),
    index("messages_flagged_idx")
      .on(t.createdAt)
      .where(sql`${t.flagged}`),
    check("messages_body_length", sql`char_length(${t.body}) between 1 and 4000`),
  ],
);

/** How far each person has read a thread: the last message id they have seen. */
export const messageReads = pgTable(
  "message_reads",
  {
    threadId: uuid()
      .notNull()
      .references(() => messageThreads.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadMessageId: bigint({ mode: "number" }).notNull(),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index("message_reads_user_idx").on(t.userId)],
);

/**
 * When a person was last emailed about a thread (lib/reactions/message-mail.ts): at most one
 * new-message email per thread and recipient per MESSAGE_EMAIL_BATCH_MINUTES, decided by one
 * conditional upsert, so two deliveries at once send one.
 */
export const messageEmailWindows = pgTable(
  "message_email_windows",
  {
    threadId: uuid()
      .notNull()
      .references(() => messageThreads.id, { onDelete: "cascade" }),
    recipientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastEmailedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.recipientId] })],
);
