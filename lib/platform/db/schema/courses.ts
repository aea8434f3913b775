// The catalogue (lib/courses): what is taught, and by whom.

import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { timestamps, tsvector } from "@/lib/platform/db/schema/columns";
import { users } from "@/lib/platform/db/schema/accounts";

export const courseCategory = pgEnum("course_category", ["technical", "academic", "language", "music", "lifestyle"]);

export const courses = pgTable(
  "courses",
  {
    id: serial().primaryKey(),
    slug: text().notNull(),
    title: text().notNull(),
    category: courseCategory().notNull(),
    description: text().notNull(),
    gradeMin: integer().notNull(),
    gradeMax: integer().notNull(),
    isPublished: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    /** Issue 29: the words of the title (weight A) and description (B), kept by PostgreSQL; the search reads it. */
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("courses_slug_key").on(t.slug),
    index("courses_search_idx").using("gin", t.searchVector),
    index("courses_category_idx").on(t.category, t.title),
    check("courses_grade_range", sql`${t.gradeMin} between 1 and 12 and ${t.gradeMax} between ${t.gradeMin} and 12`),
  ],
);

/**
 * Who teaches a catalogue course (issue 38): any number of teachers, each with their own sections,
 * prices and times. A teacher adds themselves from /teacher/courses; a section is made only for a
 * course its teacher teaches (lib/scheduling/section-admin.ts).
 */
export const courseTeachers = pgTable(
  "course_teachers",
  {
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    teacherId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.teacherId] }), index("course_teachers_teacher_idx").on(t.teacherId)],
);

export const courseProposalStatus = pgEnum("course_proposal_status", ["pending", "accepted", "returned"]);

/** A new course a teacher proposes (issue 38); an admin accepts it (a catalogue course the teacher teaches) or returns it with a note. */
export const courseProposals = pgTable(
  "course_proposals",
  {
    id: serial().primaryKey(),
    teacherId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    category: courseCategory().notNull(),
    gradeMin: integer().notNull(),
    gradeMax: integer().notNull(),
    description: text().notNull(),
    outcomes: text().notNull(),
    status: courseProposalStatus().notNull().default("pending"),
    note: text(),
    decidedById: integer().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    courseId: integer().references(() => courses.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("course_proposals_status_idx").on(t.status, t.createdAt),
    check("course_proposals_grade_range", sql`${t.gradeMin} between 1 and 12 and ${t.gradeMax} between ${t.gradeMin} and 12`),
  ],
);
