import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Columns are camelCase here and snake_case in the database (casing: "snake_case"). */
const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const userRole = pgEnum("user_role", ["student", "teacher", "admin", "support"]);

/**
 * An account. Firebase Auth holds the credentials; this row holds the role
 * (mirrored in the custom claims role + databaseId) and what the product knows.
 */
export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    firebaseUid: text().notNull(),
    email: text().notNull(),
    displayName: text(),
    photoUrl: text(),
    role: userRole().notNull().default("student"),
    /** Sessions issued before this time are refused (set on password change). */
    sessionsValidAfter: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_firebase_uid_key").on(t.firebaseUid), index("users_email_idx").on(sql`lower(${t.email})`)],
);

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
    ...timestamps,
  },
  (t) => [
    uniqueIndex("courses_slug_key").on(t.slug),
    index("courses_teacher_idx").on(t.teacherId),
    index("courses_category_idx").on(t.category, t.title),
    check("courses_grade_range", sql`${t.gradeMin} between 1 and 12 and ${t.gradeMax} between ${t.gradeMin} and 12`),
  ],
);

export const demoRequestStatus = pgEnum("demo_request_status", [
  "new",
  "contacted",
  "demo_scheduled",
  "converted",
  "closed",
  "spam",
]);

/**
 * A demo request is a lead (ARCHITECTURE: Data). Columns keep every field of the
 * SPEC 3 payload under a descriptive name: number -> phone, text -> message,
 * type -> class_type; `course` is what the form sent, `course_id` the catalogue
 * row it names, when it names one.
 */
export const demoRequests = pgTable(
  "demo_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text(),
    userEmail: text().notNull(),
    phone: text(),
    course: text().notNull(),
    courseId: integer().references(() => courses.id, { onDelete: "set null" }),
    message: text(),
    classType: text(),
    grade: integer(),
    sourcePage: text(),
    status: demoRequestStatus().notNull().default("new"),
    idempotencyKey: text(),
    ipAddress: text(),
    userAgent: text(),
    /** The support team's working note; its history is in audit_events. */
    note: text(),
    statusChangedAt: timestamp({ withTimezone: true }),
    statusChangedById: integer().references(() => users.id, { onDelete: "set null" }),
    /** When the request first left "new" for contact (contacted, demo scheduled, converted): the 24-hour promise. */
    firstContactedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("demo_requests_idempotency_key").on(t.idempotencyKey),
    index("demo_requests_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("demo_requests_status_created_at_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    index("demo_requests_grade_created_at_idx").on(t.grade, t.createdAt.desc(), t.id.desc()),
    index("demo_requests_course_created_at_idx").on(t.courseId, t.createdAt.desc(), t.id.desc()),
    index("demo_requests_email_idx").on(sql`lower(${t.userEmail})`),
    // The queue's search: "%term%" over email and name (pg_trgm, created by migration 0004).
    index("demo_requests_search_idx").using("gin", sql`(lower(${t.userEmail}) || ' ' || lower(coalesce(${t.name}, ''))) gin_trgm_ops`),
    check("demo_requests_grade", sql`${t.grade} is null or ${t.grade} between 1 and 12`),
  ],
);

export const logEvents = pgTable(
  "log_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    eventName: text().notNull(),
    /** The userId the client reported; not trusted, kept as sent. */
    userId: text(),
    currentUrl: text(),
    additionalInfo: jsonb(),
    ipAddress: text(),
    userAgent: text(),
    referer: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The admin's event list filters by name or by user and pages newest first: each filter has an
  // index in that order, so a page reads its rows from the index instead of sorting every match.
  // The name index also serves the distinct-names skip scan of lib/events/queries.ts.
  (t) => [
    index("log_events_created_at_idx").on(t.createdAt.desc()),
    index("log_events_name_created_idx").on(t.eventName, t.createdAt.desc(), t.id.desc()),
    index("log_events_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Deliveries to outside services (ARCHITECTURE: Data). A row is written in the
 * same transaction as the thing it delivers, then sent with retries; a lease
 * (locked_until) lets several instances work the table without sending twice.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    topic: text().notNull(),
    /** Unique per delivered thing, sent as Idempotency-Key so the receiver can dedupe. */
    dedupeKey: text().notNull(),
    payload: jsonb().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("outbox_dedupe_key").on(t.dedupeKey),
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`),
  ],
);

/**
 * The {product} Cash ledger: money as integer minor units (cents), one row per
 * movement; the balance is the sum, never a stored float.
 */
export const walletEntries = pgTable(
  "wallet_entries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("wallet_entries_user_idx").on(t.userId, t.createdAt.desc())],
);

/**
 * Who did what and when, for every staff action (issue 4): lead status and notes, role changes,
 * course edits, teacher application decisions. The actor's email is copied so the record
 * survives the actor's account.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    details: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_events_target_idx").on(t.targetType, t.targetId, t.createdAt.desc()),
    index("audit_events_created_at_idx").on(t.createdAt.desc()),
  ],
);

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
    uniqueIndex("teacher_applications_pending_key").on(t.userId).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Request counts per client and fixed window (issue 6): kept in the database, not in process
 * memory, so a limit holds across instances. Rows of past windows are pruned by lib/http/rate-limit.ts.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    /** "<rule>:<client address>", e.g. "demo:203.0.113.7", or a hash for per-mailbox rules ("password-reset-email:<sha256>"). */
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_start_idx").on(t.windowStart)],
);
