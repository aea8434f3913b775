// The catalogue (lib/courses): what is taught, and by whom.

import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";

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
    /** The teacher who teaches it (issue 4: a teacher sees their own courses and the requests for them). */
    teacherId: integer().references(() => users.id, { onDelete: "set null" }),
    /** Issue 29: the words of the title (weight A) and description (B), kept by PostgreSQL; the search reads it. */
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("courses_slug_key").on(t.slug),
    index("courses_search_idx").using("gin", t.searchVector),
    index("courses_teacher_idx").on(t.teacherId),
    index("courses_category_idx").on(t.category, t.title),
    check("courses_grade_range", sql`${t.gradeMin} between 1 and 12 and ${t.gradeMax} between ${t.gradeMin} and 12`),
  ],
);
