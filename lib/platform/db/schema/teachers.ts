// Teachers (lib/teacher-applications, lib/teaching, lib/teachers/profiles.ts): applications, public
// profiles and weekly hours. Wall times are minutes of the day in the teacher's zone.

import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
    /** Why an admin declined it (issue 38): told to the applicant by email. */
    declineReason: text(),
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
    /**
     * Issue 38: the earliest expiry of the teacher's vetting checks, set at approval and at each renewal.
     * Past it the teacher's sections are off sale (lib/scheduling/section-sale.ts); null for a teacher
     * approved without checks on record (made by a script or before checks existed).
     */
    clearedUntil: timestamp({ withTimezone: true }),
    /**
     * Issue 38: the cleared_until whose passing was announced (teacher.clearance-lapsed, which expires
     * the cached public pages at once): each lapse is announced once; a renewal's next one again.
     */
    clearanceLapseAnnouncedFor: timestamp({ withTimezone: true }),
    /** Issue 38: a new teacher's first listing waits for an admin's review; once one is approved, this is false and they sell at once. */
    listingReviewPending: boolean().notNull().default(false),
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

export const teacherCheckKind = pgEnum("teacher_check_kind", ["identity", "background", "sample_lesson", "safety_policy"]);
export const teacherCheckStatus = pgEnum("teacher_check_status", ["pending", "passed", "flagged", "failed"]);

/**
 * A vetting check of a teacher (issue 38), one row per kind per person: an application's checks
 * are made on it, renewals write the same row. A check that has passed carries its expiry.
 */
export const teacherChecks = pgTable(
  "teacher_checks",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    applicationId: integer().references(() => teacherApplications.id, { onDelete: "set null" }),
    kind: teacherCheckKind().notNull(),
    status: teacherCheckStatus().notNull().default("pending"),
    checkedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    /** What the admin or the provider said (a flagged or failed background check gives its reason). */
    note: text(),
    /** The background-check provider's reference. */
    providerRef: text(),
    checkedById: integer().references(() => users.id, { onDelete: "set null" }),
    /** When the teacher was warned of the coming expiry (30 days ahead), so they are warned once per expiry. */
    expiryWarnedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("teacher_checks_user_kind_key").on(t.userId, t.kind), index("teacher_checks_expiry_idx").on(t.expiresAt)],
);
