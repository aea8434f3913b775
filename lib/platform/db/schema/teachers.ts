// Teachers (lib/teacher-applications, lib/teaching, lib/teachers/profiles.ts): applications, public
// profiles and weekly hours. Wall times are minutes of the day in the teacher's zone.

import { sql } from "drizzle-orm";
import { check, date, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { timestamps, tsvector } from "@/lib/platform/db/schema/columns";
import { users } from "@/lib/platform/db/schema/accounts";

export const teacherApplicationStatus = pgEnum("teacher_application_status", ["pending", "approved", "declined"]);

/** An application sent from /become-a-teacher; an admin approves (the applicant becomes a teacher) or declines it. */
export const teacherApplications = pgTable(
  "teacher_applications",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    email: text().notNull(),
    subjects: text().notNull(),
    experience: text().notNull(),
    availability: text().notNull(),
    status: teacherApplicationStatus().notNull().default("pending"),
    decidedById: integer().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("teacher_applications_status_idx").on(t.status, t.createdAt.desc()),
    // One open application per person: a second one while the first is pending is refused.
    uniqueIndex("teacher_applications_pending_key")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A teacher's public face; shown only once an admin has approved the teacher (approved_at set). */
export const teacherProfiles = pgTable(
  "teacher_profiles",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    publicName: text().notNull(),
    bio: text().notNull().default(""),
    subjects: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** IANA name: the zone of the teacher's weekly hours. */
    timezone: text().notNull(),
    approvedAt: timestamp({ withTimezone: true }),
    /**
     * Issue 40: a bio edited after approval waits here for review; the public page keeps `bio` (the
     * approved text) until support or an admin approves the new one.
     */
    pendingBio: text(),
    pendingBioAt: timestamp({ withTimezone: true }),
    /** An https URL of the teacher's photo, optional (issue 29: the teacher page shows it). */
    photoUrl: text(),
    /**
     * The teacher page's address, /teachers/{slug} (issue 29): the public name in lower-case words and
     * the user id, kept by PostgreSQL, so every profile has one and two teachers of one name never share it.
     */
    slug: text()
      .notNull()
      .generatedAlwaysAs(sql`trim(both '-' from lower(regexp_replace(public_name, '[^a-zA-Z0-9]+', '-', 'g'))) || '-' || user_id::text`),
    /** Issue 29: the public name's words, kept by PostgreSQL: a teacher's name finds their sections (joined to the courses' words). */
    nameVector: tsvector().generatedAlwaysAs(sql`to_tsvector('english', coalesce(public_name, ''))`),
    ...timestamps,
  },
  (t) => [uniqueIndex("teacher_profiles_slug_key").on(t.slug), index("teacher_profiles_name_search_idx").using("gin", t.nameVector)],
);

/** Weekly hours in the teacher's own zone: ISO weekday (1 = Monday) and minutes of the day, [start, end). */
export const teacherAvailability = pgTable(
  "teacher_availability",
  {
    id: serial().primaryKey(),
    teacherId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weekday: integer().notNull(),
    startMinute: integer().notNull(),
    endMinute: integer().notNull(),
  },
  (t) => [
    index("teacher_availability_teacher_idx").on(t.teacherId, t.weekday),
    check("teacher_availability_weekday", sql`${t.weekday} between 1 and 7`),
    check("teacher_availability_minutes", sql`${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`),
  ],
);

export const availabilityExceptionKind = pgEnum("availability_exception_kind", ["off", "extra"]);

/**
 * A dated change to the weekly hours, on a date of the teacher's zone: "off" without minutes is the
 * whole day off, "off" with minutes those hours off; "extra" adds hours (minutes required).
 */
export const teacherAvailabilityExceptions = pgTable(
  "teacher_availability_exceptions",
  {
    id: serial().primaryKey(),
    teacherId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: date({ mode: "string" }).notNull(),
    kind: availabilityExceptionKind().notNull(),
    startMinute: integer(),
    endMinute: integer(),
  },
  (t) => [
    index("teacher_availability_exceptions_teacher_idx").on(t.teacherId, t.date),
    check(
      "teacher_availability_exceptions_minutes",
      sql`(${t.kind} = 'off' and ${t.startMinute} is null and ${t.endMinute} is null)
        or (${t.startMinute} is not null and ${t.endMinute} is not null
          and ${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440)`,
    ),
  ],
);
