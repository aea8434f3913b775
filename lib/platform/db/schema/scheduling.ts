// Scheduling (lib/scheduling): learners, sections, bookings and their history. Every instant is
// stored in UTC (timestamptz); a section's time of day is minutes of the day in the zone named beside it.

import { sql } from "drizzle-orm";
import {
  bigserial,
  char,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { timestamps } from "@/lib/platform/db/schema/columns";
import { users } from "@/lib/platform/db/schema/accounts";
import { courses } from "@/lib/platform/db/schema/courses";
import { demoRequests } from "@/lib/platform/db/schema/demo-requests";

/** A child under a parent account: first name and grade only (no surname, no photo). */
export const learners = pgTable(
  "learners",
  {
    id: serial().primaryKey(),
    parentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text().notNull(),
    grade: integer().notNull(),
    birthYear: integer(),
    ...timestamps,
  },
  (t) => [
    index("learners_parent_idx").on(t.parentId),
    check("learners_grade", sql`${t.grade} between 1 and 12`),
    check("learners_birth_year", sql`${t.birthYear} is null or ${t.birthYear} between 1990 and 2100`),
  ],
);

export const sectionClassType = pgEnum("section_class_type", ["one_on_one", "group"]);
export const sectionStatus = pgEnum("section_status", ["draft", "open", "full", "closed"]);

/**
 * A course taught by one teacher on a weekly recurrence. Sessions are its occurrences: the RRULE
 * (without DTSTART) expanded from starts_on at start_minute, wall time in `timezone` (the teacher's
 * zone when the section was made, kept so a teacher who moves does not move the class).
 */
export const sections = pgTable(
  "sections",
  {
    id: serial().primaryKey(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    teacherId: integer()
      .notNull()
      .references(() => users.id),
    classType: sectionClassType().notNull(),
    capacity: integer().notNull(),
    /** Money as integer minor units (cents) and an ISO 4217 code. */
    priceMinor: integer().notNull(),
    currency: char({ length: 3 }).notNull(),
    startsOn: date({ mode: "string" }).notNull(),
    endsOn: date({ mode: "string" }),
    /** Minutes after local midnight of each session's start. */
    startMinute: integer().notNull(),
    timezone: text().notNull(),
    /** e.g. FREQ=WEEKLY;BYDAY=TU,TH (no DTSTART: starts_on and start_minute give it). */
    rrule: text().notNull(),
    durationMinutes: integer().notNull(),
    meetingUrl: text(),
    /** The random seed of the section's generated meeting rooms, one per session (lib/classroom/session-room.ts); never shown. */
    meetingRoom: text()
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    status: sectionStatus().notNull().default("draft"),
    /** Raised on each change of the section's times: the SEQUENCE of the families' recurring invites. */
    scheduleVersion: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("sections_course_idx").on(t.courseId, t.status),
    index("sections_teacher_idx").on(t.teacherId, t.status),
    check("sections_capacity", sql`${t.capacity} >= 1 and (${t.classType} <> 'one_on_one' or ${t.capacity} = 1)`),
    check("sections_price", sql`${t.priceMinor} >= 0`),
    check("sections_currency", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("sections_dates", sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    check("sections_start_minute", sql`${t.startMinute} >= 0 and ${t.startMinute} < 1440`),
    check("sections_duration", sql`${t.durationMinutes} between 15 and 240`),
  ],
);

export const bookingKind = pgEnum("booking_kind", ["demo", "seat"]);
export const bookingStatus = pgEnum("booking_status", ["held", "confirmed", "cancelled", "attended", "no_show"]);

/**
 * A demo (one slot with a teacher) or a seat in a section, for a learner, or for a demo request's
 * family before it has an account. The token opens the no-login status page.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: bookingKind().notNull(),
    learnerId: integer().references(() => learners.id, { onDelete: "cascade" }),
    demoRequestId: uuid().references(() => demoRequests.id, { onDelete: "set null" }),
    teacherId: integer()
      .notNull()
      .references(() => users.id),
    sectionId: integer().references(() => sections.id, { onDelete: "cascade" }),
    courseId: integer().references(() => courses.id, { onDelete: "set null" }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: bookingStatus().notNull(),
    statusChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Who made the last change; null for a family without an account (or the system). */
    changedById: integer().references(() => users.id, { onDelete: "set null" }),
    token: text().notNull(),
    /** The IANA zone the family picked the time in: messages to a family without an account use it. */
    timezone: text(),
    /** A demo's unguessable meeting room name (lib/classroom/join.ts); seats use their section's. */
    meetingRoom: text()
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /**
     * A seat's calendar SEQUENCE floor (issue 27, transfers): raised above everything its family was
     * sent when the seat moves to another section, and kept above the new section's schedule version
     * on each later change there. Every seat invite sends max(this, the section's sequence) (lib/reactions/seat-invite.ts).
     */
    inviteSequence: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bookings_token_key").on(t.token),
    // Exclusivity in the database: one live demo per teacher and start instant. Slots lie on a grid
    // of the teacher's wall clock, so two overlapping offers of one teacher start at the same instant.
    uniqueIndex("bookings_demo_slot_key")
      .on(t.teacherId, t.startsAt)
      .where(sql`${t.kind} = 'demo' and ${t.status} in ('held', 'confirmed')`),
    index("bookings_teacher_starts_idx").on(t.teacherId, t.startsAt),
    index("bookings_section_idx").on(t.sectionId, t.status),
    index("bookings_learner_idx").on(t.learnerId),
    index("bookings_demo_request_idx").on(t.demoRequestId),
    check("bookings_times", sql`${t.endsAt} > ${t.startsAt}`),
    check("bookings_for_someone", sql`${t.learnerId} is not null or ${t.demoRequestId} is not null`),
    check(
      "bookings_kind",
      sql`(${t.kind} = 'demo' and ${t.sectionId} is null) or (${t.kind} = 'seat' and ${t.sectionId} is not null and ${t.learnerId} is not null)`,
    ),
  ],
);

/** Every change of a booking: its status, or its time (a reschedule), who and when. */
export const bookingHistory = pgTable(
  "booking_history",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** Null for the booking's creation. */
    fromStatus: bookingStatus(),
    toStatus: bookingStatus().notNull(),
    fromStartsAt: timestamp({ withTimezone: true }),
    toStartsAt: timestamp({ withTimezone: true }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    byId: integer().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("booking_history_booking_idx").on(t.bookingId, t.at)],
);

export const demoLevel = pgEnum("demo_level", ["beginner", "intermediate", "advanced"]);

/**
 * What the teacher recorded after a demo (issue 27 "Demo outcomes"): the note for the parent, the
 * level, and the section they recommend, if any. One per demo booking; the booking's own status
 * says attended or no_show. Recording again updates it (the follow-up email goes once).
 */
export const demoOutcomes = pgTable(
  "demo_outcomes",
  {
    id: serial().primaryKey(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    note: text().notNull().default(""),
    level: demoLevel(),
    recommendedSectionId: integer().references(() => sections.id, { onDelete: "set null" }),
    byId: integer().references(() => users.id, { onDelete: "set null" }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("demo_outcomes_booking_key").on(t.bookingId), check("demo_outcomes_note", sql`char_length(${t.note}) <= 1000`)],
);

export const sessionChangeKind = pgEnum("session_change_kind", ["moved", "cancelled"]);

/**
 * One session of a section changed on its own (issue 27): moved to another time, or cancelled (with
 * a make-up session the teacher proposes, or else each paid seat's share of the price credited to
 * the family's Cash after the deadline). Keyed by the occurrence of the series it changes, the
 * RECURRENCE-ID of the families' invites, so a session changed twice is one row; every reader of
 * sessions applies these rows (lib/scheduling/session-overrides.ts).
 */
export const sessionChanges = pgTable(
  "session_changes",
  {
    id: serial().primaryKey(),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    /** The occurrence's start by the section's rule (UTC): the calendars' RECURRENCE-ID. */
    originalStartsAt: timestamp({ withTimezone: true }).notNull(),
    kind: sessionChangeKind().notNull(),
    /** A moved session's new time. */
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** A cancelled session's make-up, once proposed. */
    makeupStartsAt: timestamp({ withTimezone: true }),
    makeupEndsAt: timestamp({ withTimezone: true }),
    /** A cancelled session without a make-up by then is credited (SESSION_MAKEUP_DEADLINE_HOURS after it). */
    creditDueAt: timestamp({ withTimezone: true }),
    /** Set, under the row's lock, in the transaction that credits the paid seats: once. */
    creditedAt: timestamp({ withTimezone: true }),
    /** The invites' SEQUENCE for this occurrence: the section's schedule version at the change. */
    sequence: integer().notNull(),
    changedById: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("session_changes_occurrence_key").on(t.sectionId, t.originalStartsAt),
    index("session_changes_credit_due_idx").on(t.creditDueAt),
    check(
      "session_changes_times",
      sql`(${t.kind} = 'moved' and ${t.startsAt} is not null and ${t.endsAt} > ${t.startsAt})
        or (${t.kind} = 'cancelled' and ${t.startsAt} is null and (${t.makeupStartsAt} is null or ${t.makeupEndsAt} > ${t.makeupStartsAt}))`,
    ),
  ],
);

export const waitlistStatus = pgEnum("waitlist_status", ["waiting", "offered", "accepted", "lapsed", "left", "closed"]);

/**
 * A child in line for a seat in a full section (lib/scheduling/waitlist.ts). Position is the order
 * of `waiting` entries by (created_at, id). An `offered` entry holds one seat for that child until
 * offer_expires_at: it counts as taken for everyone else. One active (waiting or offered) entry per
 * child and section. `closed`: the section was closed or made a draft while the child was in line.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: serial().primaryKey(),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    learnerId: integer()
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    parentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: waitlistStatus().notNull().default("waiting"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    offeredAt: timestamp({ withTimezone: true }),
    offerExpiresAt: timestamp({ withTimezone: true }),
    statusChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("waitlist_entries_active_key")
      .on(t.sectionId, t.learnerId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index("waitlist_entries_line_idx").on(t.sectionId, t.status, t.createdAt, t.id),
    index("waitlist_entries_parent_idx").on(t.parentId),
    index("waitlist_entries_offer_expiry_idx")
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    check("waitlist_entries_offer", sql`${t.status} <> 'offered' or ${t.offerExpiresAt} is not null`),
  ],
);
