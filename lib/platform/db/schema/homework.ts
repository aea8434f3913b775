// Homework, feedback, progress and certificates (lib/homework): what a child hands in and what comes back.

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { users } from "@/lib/platform/db/schema/accounts";
import { courses } from "@/lib/platform/db/schema/courses";
import { learners, sections } from "@/lib/platform/db/schema/scheduling";

/** PostgreSQL's bytea as a Buffer (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The bytes of files people upload (lib/homework/file-store.ts is the one interface to them), in
 * the database so every instance and a restart see them and the embedded default needs nothing
 * configured. Each belongs to the learner whose work it is and goes with them.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: uuid().primaryKey().defaultRandom(),
    learnerId: integer()
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    mediaType: text().notNull(),
    byteSize: integer().notNull(),
    content: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stored_files_learner_idx").on(t.learnerId),
    index("stored_files_created_idx").on(t.createdAt),
    check("stored_files_size", sql`${t.byteSize} = octet_length(${t.content})`),
  ],
);

/** Up to three things a course's homework is marked on (1-4 each), set by its teacher or an admin. */
export const courseCriteria = pgTable(
  "course_criteria",
  {
    id: serial().primaryKey(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    name: text().notNull(),
  },
  (t) => [
    uniqueIndex("course_criteria_position_key").on(t.courseId, t.position),
    check("course_criteria_position", sql`${t.position} between 1 and 3`),
    check("course_criteria_name", sql`length(${t.name}) between 1 and 60`),
  ],
);

/** A task a teacher sets on one session of a section, due at an instant. Screened like a session note. */
export const homeworkTasks = pgTable(
  "homework_tasks",
  {
    id: serial().primaryKey(),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    sessionStartsAt: timestamp({ withTimezone: true }).notNull(),
    title: text().notNull(),
    instructions: text().notNull(),
    /** What the teacher typed, when the screen masked or flagged the instructions. */
    originalInstructions: text(),
    resourceUrl: text(),
    /** A link to a site off the allow-list: kept for support, not shown to families. */
    heldResourceUrl: text(),
    flagged: boolean().notNull().default(false),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("homework_tasks_section_idx").on(t.sectionId, t.dueAt),
    index("homework_tasks_due_idx").on(t.dueAt),
    check("homework_tasks_title", sql`length(${t.title}) between 1 and 120`),
    check("homework_tasks_instructions", sql`length(${t.instructions}) between 1 and 2000`),
  ],
);

/** One child's hand-in for one task (handed in again before feedback, it is replaced). */
export const homeworkSubmissions = pgTable(
  "homework_submissions",
  {
    id: serial().primaryKey(),
    taskId: integer()
      .notNull()
      .references(() => homeworkTasks.id, { onDelete: "cascade" }),
    learnerId: integer()
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    submittedById: integer().references(() => users.id, { onDelete: "set null" }),
    /** What the teacher reads: screened (contact details masked). */
    text: text().notNull().default(""),
    originalText: text(),
    link: text(),
    heldLink: text(),
    flagged: boolean().notNull().default(false),
    isLate: boolean().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("homework_submissions_task_learner_key").on(t.taskId, t.learnerId),
    index("homework_submissions_learner_idx").on(t.learnerId),
    check("homework_submissions_text", sql`length(${t.text}) <= 4000`),
  ],
);

/** A file handed in with a submission; its bytes are a stored file. */
export const homeworkFiles = pgTable(
  "homework_files",
  {
    id: serial().primaryKey(),
    submissionId: integer()
      .notNull()
      .references(() => homeworkSubmissions.id, { onDelete: "cascade" }),
    storedFileId: uuid()
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    name: text().notNull(),
    mediaType: text().notNull(),
    byteSize: integer().notNull(),
  },
  (t) => [
    index("homework_files_submission_idx").on(t.submissionId),
    check("homework_files_name", sql`length(${t.name}) between 1 and 200`),
  ],
);

/** The teacher's feedback on a submission: a comment (screened) and a mark per criterion. */
export const homeworkFeedback = pgTable(
  "homework_feedback",
  {
    submissionId: integer()
      .primaryKey()
      .references(() => homeworkSubmissions.id, { onDelete: "cascade" }),
    comment: text().notNull(),
    originalComment: text(),
    flagged: boolean().notNull().default(false),
    teacherId: integer().references(() => users.id, { onDelete: "set null" }),
    returnedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check("homework_feedback_comment", sql`length(${t.comment}) between 1 and 1000`)],
);

export const homeworkMarks = pgTable(
  "homework_marks",
  {
    submissionId: integer()
      .notNull()
      .references(() => homeworkFeedback.submissionId, { onDelete: "cascade" }),
    criterionId: integer()
      .notNull()
      .references(() => courseCriteria.id, { onDelete: "cascade" }),
    mark: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.criterionId] }), check("homework_marks_mark", sql`${t.mark} between 1 and 4`)],
);

/**
 * A teacher's report on one child in one section for a period (to the section's end, or six weeks
 * for a section without one): their comment and a next step; the figures are computed when read.
 */
export const progressReports = pgTable(
  "progress_reports",
  {
    id: serial().primaryKey(),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    learnerId: integer()
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    periodEndsOn: date({ mode: "string" }).notNull(),
    comment: text().notNull(),
    nextStep: text().notNull(),
    flagged: boolean().notNull().default(false),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("progress_reports_period_key").on(t.sectionId, t.learnerId, t.periodEndsOn),
    index("progress_reports_learner_idx").on(t.learnerId, t.createdAt),
    check("progress_reports_comment", sql`length(${t.comment}) between 1 and 1000`),
    check("progress_reports_next_step", sql`length(${t.nextStep}) between 1 and 300`),
  ],
);

/**
 * A certificate of completion: the names as printed (first names only) kept on it, so the public
 * verification page (/certificates/[id]) reads this row alone. The id is random, not a count.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: uuid().primaryKey().defaultRandom(),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    learnerId: integer()
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    learnerFirstName: text().notNull(),
    teacherFirstName: text().notNull(),
    courseTitle: text().notNull(),
    completedOn: date({ mode: "string" }).notNull(),
    issuedById: integer().references(() => users.id, { onDelete: "set null" }),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("certificates_section_learner_key").on(t.sectionId, t.learnerId)],
);
