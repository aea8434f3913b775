// The live class (lib/classroom): attendance per session and learner, reviews of courses.

import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { users } from "@/lib/platform/db/schema/accounts";
import { courses } from "@/lib/platform/db/schema/courses";
import { learners, sections, sessionChanges } from "@/lib/platform/db/schema/scheduling";

export const attendanceStatus = pgEnum("attendance_status", ["present", "absent", "late"]);

/** One learner at one session of a section (the session named by its start instant), marked by its teacher. */
export const attendance = pgTable(
  "attendance",
  {
    id: serial().primaryKey(),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    sessionStartsAt: timestamp({ withTimezone: true }).notNull(),
    learnerId: integer()
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    status: attendanceStatus().notNull(),
    note: text().notNull().default(""),
    /**
     * Issue 40: `note` is what the family reads (screened: contact details masked); `original_note`
     * what the teacher typed when the screen flagged it, for support's safety queue with its reasons.
     */
    originalNote: text(),
    /**
     * Issue 40: the typed note that raised the flag, kept for support until they resolve it in the
     * safety queue: the flag sticks (editing the detail out of `note` does not clear it).
     */
    flaggedNote: text(),
    flagged: boolean().notNull().default(false),
    flagReasons: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    markedById: integer().references(() => users.id, { onDelete: "set null" }),
    markedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("attendance_session_learner_key").on(t.sectionId, t.sessionStartsAt, t.learnerId),
    index("attendance_learner_idx").on(t.learnerId),
    check("attendance_note", sql`length(${t.note}) <= 200`),
  ],
);

export const reviewStatus = pgEnum("review_status", ["pending", "approved", "rejected"]);

/** A parent's rating of a course for one learner (one per course and learner); shown once support approves it. */
export const courseReviews = pgTable(
  "course_reviews",
  {
    id: serial().primaryKey(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    learnerId: integer()
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    parentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The teacher of the sessions the child attended (issue 29: the teacher page shows the reviews of their classes). */
    teacherId: integer().references(() => users.id, { onDelete: "set null" }),
    rating: integer().notNull(),
    comment: text().notNull(),
    status: reviewStatus().notNull().default("pending"),
    moderatedById: integer().references(() => users.id, { onDelete: "set null" }),
    moderatedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("course_reviews_course_learner_key").on(t.courseId, t.learnerId),
    index("course_reviews_course_idx").on(t.courseId, t.status),
    index("course_reviews_status_idx").on(t.status, t.createdAt),
    index("course_reviews_teacher_idx").on(t.teacherId, t.status),
    check("course_reviews_rating", sql`${t.rating} between 1 and 5`),
    check("course_reviews_comment", sql`length(${t.comment}) <= 1000`),
  ],
);

/**
 * The teacher's note after one session of a section (issue 28): what was covered and an optional
 * homework link. The session is named as attendance names it, by its start as held (a moved
 * session's new time, a make-up's time), with `occurrence` (its start by the section's rule, the
 * calendars' RECURRENCE-ID) beside it. Private: only the section's families and staff read it.
 * The lengths are lib/classroom/session-note-limits.ts's, checked here too.
 */
export const sessionNotes = pgTable(
  "session_notes",
  {
    id: serial().primaryKey(),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    sessionStartsAt: timestamp({ withTimezone: true }).notNull(),
    occurrence: timestamp({ withTimezone: true }).notNull(),
    covered: text().notNull(),
    homeworkUrl: text(),
    /**
     * Issue 40: the note is screened like a message. `covered` is what families read (contact
     * details masked); `original_covered` what the teacher typed, when the screen changed or flagged
     * it; `held_homework_url` a link to a site off the allow-list, kept for support and not shown.
     */
    originalCovered: text(),
    heldHomeworkUrl: text(),
    flagged: boolean().notNull().default(false),
    flagReasons: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Issue 40: every typed text (what was covered, a child's line) that raised the flag, kept for
     * support until they resolve it in the safety queue: the flag sticks (editing the detail out of
     * the note does not clear it). Empty when no text flag is open (a held link alone flags too).
     */
    flaggedTexts: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Issue 40: homework links that were held and that its teacher replaced (or removed) before
     * support decided them: never shown to families, kept for support until its decision on the
     * note's held links (decideHeldHomeworkLink) so that replacing a link does not hide it.
     */
    replacedHeldHomeworkUrls: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("session_notes_session_key").on(t.sectionId, t.sessionStartsAt),
    index("session_notes_starts_idx").on(t.sessionStartsAt),
    check("session_notes_covered", sql`length(${t.covered}) between 1 and 1000`),
    check(
      "session_notes_homework_url",
      sql`${t.homeworkUrl} is null or (${t.homeworkUrl} ~ '^https?://' and length(${t.homeworkUrl}) <= 500)`,
    ),
  ],
);

/** The teacher's line about one learner in a session note: read by that learner's parent only. */
export const sessionNoteLines = pgTable(
  "session_note_lines",
  {
    noteId: integer()
      .notNull()
      .references(() => sessionNotes.id, { onDelete: "cascade" }),
    learnerId: integer()
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    line: text().notNull(),
    /** Issue 40: what the teacher typed, when the screen masked or flagged the line. */
    originalLine: text(),
    flagged: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.noteId, t.learnerId] }),
    index("session_note_lines_learner_idx").on(t.learnerId),
    check("session_note_lines_line", sql`length(${t.line}) between 1 and 300`),
  ],
);

/** One session's room in the in-product classroom (lib/classroom/live-room.ts): the teacher's settings for it. */
export const classroomRooms = pgTable(
  "classroom_rooms",
  {
    id: serial().primaryKey(),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    /** The session, by its start instant as held (a moved session's room follows it). */
    sessionStartsAt: timestamp({ withTimezone: true }).notNull(),
    /** Admit every learner of the roster on arrival, without waiting. */
    admitAll: boolean().notNull().default(false),
    /** Locked: no one new is admitted, not even the roster. */
    lockedAt: timestamp({ withTimezone: true }),
    /** Ended by the teacher: no one gets in again. */
    endedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("classroom_rooms_session_key").on(t.sectionId, t.sessionStartsAt)],
);

export const classroomPresenceState = pgEnum("classroom_presence_state", ["waiting", "admitted", "removed"]);
export const classroomRole = pgEnum("classroom_role", ["teacher", "learner", "observer"]);

/** One person in one session's room: their token, whether the teacher let them in, and their join log. */
export const classroomPresence = pgTable(
  "classroom_presence",
  {
    id: serial().primaryKey(),
    roomId: integer()
      .notNull()
      .references(() => classroomRooms.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A child in the room on their own sign-in (userId is then their parent's, the family's): null for a grown-up's account. */
    learnerId: integer().references(() => learners.id, { onDelete: "cascade" }),
    role: classroomRole().notNull(),
    state: classroomPresenceState().notNull(),
    /** The room token (Janus `allowed` list): on the list only while admitted; never reused after a removal. */
    token: text().notNull(),
    /** When the person first came into the room (their first heartbeat from inside it). */
    firstJoinedAt: timestamp({ withTimezone: true }),
    /** The last heartbeat from inside the room; seconds between heartbeats close together add up below. */
    lastSeenAt: timestamp({ withTimezone: true }),
    secondsPresent: integer().notNull().default(0),
    /** The teacher muted this person's microphone / turned their camera off (on the media server too); their page follows. */
    audioMutedAt: timestamp({ withTimezone: true }),
    videoMutedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("classroom_presence_room_user_key")
      .on(t.roomId, t.userId)
      .where(sql`${t.learnerId} is null`),
    uniqueIndex("classroom_presence_room_learner_key")
      .on(t.roomId, t.learnerId)
      .where(sql`${t.learnerId} is not null`),
    uniqueIndex("classroom_presence_token_key").on(t.token),
  ],
);

/**
 * The class's chat (issue 43): every message goes to everyone in the session's room (no private
 * chat between learners) and is kept with the session (its room). `body` is what the room reads
 * (screened: contact details masked); `original_body` what was typed when the screen flagged it,
 * for support's safety queue with its reasons. The author is the person in the room: a grown-up's
 * account, or a child on their own sign-in (`author_learner_id`, `author_id` then their parent's).
 */
export const classroomChatMessages = pgTable(
  "classroom_chat_messages",
  {
    id: serial().primaryKey(),
    roomId: integer()
      .notNull()
      .references(() => classroomRooms.id, { onDelete: "cascade" }),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    authorLearnerId: integer().references(() => learners.id, { onDelete: "set null" }),
    authorRole: classroomRole().notNull(),
    /** How the author was named in the room when they wrote (a child's first name, "Name (teacher)"). */
    authorName: text().notNull(),
    body: text().notNull(),
    originalBody: text(),
    flagged: boolean().notNull().default(false),
    flagReasons: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("classroom_chat_messages_room_idx").on(t.roomId, t.id),
    index("classroom_chat_messages_flagged_idx")
      .on(t.createdAt)
      .where(sql`${t.flagged}`),
    check("classroom_chat_messages_body_length", sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/**
 * The teacher's reliability record (issue 43), from the classroom's join log: one row per session
 * held in the product's classroom once it is over (its end plus the grace period), the teacher on
 * time (joined within 3 minutes of the start), late (later: by how many minutes) or absent (never
 * came into a room the families came into). Written by lib/classroom/reliability.ts; shown to admins.
 */
export const teacherSessionReliability = pgTable(
  "teacher_session_reliability",
  {
    id: serial().primaryKey(),
    teacherId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    /** The session, by its start as held (the classroom room's). */
    sessionStartsAt: timestamp({ withTimezone: true }).notNull(),
    kind: text().notNull(),
    firstJoinedAt: timestamp({ withTimezone: true }),
    minutesLate: integer(),
    /**
     * An absent session cancelled for it (lib/scheduling/session-changes.ts cancelMissedSession): the
     * occurrence's change row, which a moved session's or a make-up's start no longer names once cancelled.
     */
    sessionChangeId: integer().references(() => sessionChanges.id, { onDelete: "set null" }),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("teacher_session_reliability_session_key").on(t.sectionId, t.sessionStartsAt),
    index("teacher_session_reliability_teacher_idx").on(t.teacherId, t.sessionStartsAt),
    check("teacher_session_reliability_kind", sql`${t.kind} in ('on-time', 'late', 'absent')`),
  ],
);
