import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  char,
  check,
  date,
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
    /**
     * IANA name (ARCHITECTURE: Time): pages show instants in this zone; set from the browser (at
     * sign-up, or at the first visit of an account page while null), changeable on the profile.
     * Null until then, so a zone the person chose is never mistaken for the default (pages read UTC).
     */
    timezone: text(),
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

export const demoRequestStatus = pgEnum("demo_request_status", ["new", "contacted", "demo_scheduled", "converted", "closed", "spam"]);

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
    /**
     * The account signed in when the request was made: what it may see and erase before its email
     * is verified (security issue: account squatting). Matching by email alone waits for verification.
     */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("demo_requests_idempotency_key").on(t.idempotencyKey),
    index("demo_requests_user_id_idx").on(t.userId),
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
    /**
     * The signed-in user's users.id (as text) from the session: the only user id the server vouches
     * for. Null for a visitor without a session (security issue item 8).
     */
    userId: text(),
    /**
     * What a client without a session said its user id was (SPEC 7's payload userId; the 'Log Out'
     * event is posted after the session ends). Kept apart from userId because nobody vouches for it.
     */
    claimedUserId: text(),
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
    index("log_events_claimed_user_created_idx").on(t.claimedUserId, t.createdAt.desc(), t.id.desc()),
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
    /** Who holds the lease: a worker's outcome is written only while this is still its own token. */
    leaseToken: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    /** Set when the attempts reach the cap: no more retries until an admin retries it (/admin/outbox). */
    deadAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("outbox_dedupe_key").on(t.dedupeKey),
    index("outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
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
    uniqueIndex("teacher_applications_pending_key")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Request counts per client and fixed window (issue 6): kept in the database, not in process
 * memory, so a limit holds across instances. Rows of past windows are pruned by lib/platform/http/rate-limit.ts.
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

/**
 * Scheduled jobs' last runs: a job claims its day by moving last_run_at forward in the same
 * transaction as its work, so several instances run it once (lib/privacy/retention.ts).
 */
export const jobRuns = pgTable("job_runs", {
  name: text().primaryKey(),
  lastRunAt: timestamp({ withTimezone: true }).notNull(),
});
// --- Scheduling (lib/scheduling): learners, teachers' hours, sections, bookings. Every instant is
// stored in UTC (timestamptz); wall times (availability, a section's time of day) are minutes of the
// day in the zone named beside them.

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

/** A teacher's public face; shown only once an admin has approved the teacher (approved_at set). */
export const teacherProfiles = pgTable("teacher_profiles", {
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
  ...timestamps,
});

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
    /** The unguessable name of the section's generated meeting room, used when meetingUrl is null (lib/classroom/join.ts). */
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

// --- Commerce (lib/commerce): the {product} Cash ledger, carts, orders, payments. Money is integer
// minor units of one configured currency (env CURRENCY), never a float.

/**
 * One row per account that has ever used its wallet: the row every spend, credit and refund of that
 * account locks (select ... for update) first, so parallel spends are serialised and the balance
 * (the sum of its ledger entries) is checked against what the others have committed.
 */
export const wallets = pgTable("wallets", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const ledgerEntryKind = pgEnum("ledger_entry_kind", ["top_up", "purchase", "refund", "gift", "promotion", "adjustment"]);

export const orderStatus = pgEnum("order_status", [
  /** Waiting for the card part (Stripe Checkout); its seats are held until hold_expires_at. */
  "pending",
  "paid",
  /** The card payment came after its seat was taken: the money went back. */
  "refunded",
  /** The card part was never paid: holds released, the wallet part credited back. */
  "expired",
  /** Stripe reported an amount or currency that does not match: refused, for an admin to look at. */
  "flagged",
]);

/** Where a card payment goes back when it completes after its seat was taken: the parent's choice at checkout. */
export const lateRefundTarget = pgEnum("late_refund_target", ["card", "wallet"]);

/** A parent's purchase: seats for their learners, paid from the wallet first and the rest by card. */
export const orders = pgTable(
  "orders",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: orderStatus().notNull(),
    currency: char({ length: 3 }).notNull(),
    totalMinor: integer().notNull(),
    walletMinor: integer().notNull(),
    cardMinor: integer().notNull(),
    stripeCheckoutSessionId: text(),
    /** A late card payment whose seat was taken goes back here (a Stripe refund, or {product} Cash). */
    lateRefundTo: lateRefundTarget().notNull().default("card"),
    holdExpiresAt: timestamp({ withTimezone: true }),
    /** What the parent is told about this order beyond its status (a refund and why). */
    notice: text(),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt.desc()),
    // releaseExpiredHolds runs in every checkout under the section locks: the few pending orders, not all of them.
    index("orders_pending_hold_idx")
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex("orders_stripe_session_key").on(t.stripeCheckoutSessionId),
    check("orders_amounts", sql`${t.walletMinor} >= 0 and ${t.cardMinor} >= 0 and ${t.totalMinor} = ${t.walletMinor} + ${t.cardMinor}`),
  ],
);

/** A seat in a section for one learner, at the price of the time of the order. */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sectionId: integer()
      .notNull()
      .references(() => sections.id),
    learnerId: integer()
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    priceMinor: integer().notNull(),
    /** The seat (held while the order is pending, confirmed once paid). */
    bookingId: uuid().references(() => bookings.id, { onDelete: "set null" }),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), check("order_items_price", sql`${t.priceMinor} >= 0`)],
);

/**
 * Something paid on Stripe Checkout that is not an order, until the webhook decides it: "pending"
 * while the parent pays, "paid" once confirmed, "expired" if never paid, "flagged" when Stripe
 * reported another amount or currency (for an admin).
 */
export const paymentMethod = pgEnum("payment_method", ["wallet", "card"]);

export const cardPurchaseStatus = pgEnum("card_purchase_status", ["pending", "paid", "expired", "flagged"]);

/** A top-up of {product} Cash by card: credited (one top_up ledger entry naming it) only by the webhook. */
export const topUps = pgTable(
  "top_ups",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountMinor: integer().notNull(),
    currency: char({ length: 3 }).notNull(),
    status: cardPurchaseStatus().notNull().default("pending"),
    stripeCheckoutSessionId: text(),
    stripePaymentIntentId: text(),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("top_ups_user_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("top_ups_stripe_session_key").on(t.stripeCheckoutSessionId),
    check("top_ups_amount", sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A gift of {product} Cash: bought from the buyer's wallet, redeemed once into the recipient's. The
 * code is kept readable (not hashed) because the buyer reopens the printable gift message to share
 * it; it carries 140 random bits, so it cannot be guessed, and redemption attempts are rate-limited.
 */
export const gifts = pgTable(
  "gifts",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Issued once the gift is paid: null while a card payment is pending (or if it never came). */
    code: text(),
    /** A wallet gift is paid at once; a card gift waits for the webhook. */
    status: cardPurchaseStatus().notNull().default("paid"),
    paidBy: paymentMethod().notNull().default("wallet"),
    stripeCheckoutSessionId: text(),
    stripePaymentIntentId: text(),
    /** Null once the buyer's account is deleted: the gift (and the recipient's credit naming it) stays. */
    buyerId: integer().references(() => users.id, { onDelete: "set null" }),
    amountMinor: integer().notNull(),
    currency: char({ length: 3 }).notNull(),
    recipientName: text(),
    recipientEmail: text(),
    message: text(),
    redeemedById: integer().references(() => users.id, { onDelete: "set null" }),
    redeemedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("gifts_code_key").on(t.code),
    index("gifts_buyer_idx").on(t.buyerId, t.createdAt.desc()),
    check("gifts_amount", sql`${t.amountMinor} > 0`),
    check("gifts_code_when_paid", sql`(${t.status} = 'paid') = (${t.code} is not null)`),
    uniqueIndex("gifts_stripe_session_key").on(t.stripeCheckoutSessionId),
  ],
);

/**
 * The {product} Cash ledger: one row per movement, typed; the balance is the sum. A purchase or a
 * refund names its order; an adjustment says why; a gift names its gift (the buyer's debit and the
 * recipient's credit).
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: ledgerEntryKind().notNull(),
    amountMinor: integer().notNull(),
    currency: char({ length: 3 }).notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    // Gifts are never deleted (see gifts.buyerId), so a gift entry always names its gift.
    giftId: uuid().references(() => gifts.id, { onDelete: "restrict" }),
    /** A card top-up's credit names its top-up (one entry per top-up). */
    topUpId: uuid().references(() => topUps.id, { onDelete: "set null" }),
    reason: text(),
    /** Who wrote it: the account itself (a purchase), staff (an adjustment), or null for the system (webhook, seed). */
    createdById: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_user_idx").on(t.userId, t.createdAt.desc()),
    index("ledger_entries_order_idx").on(t.orderId),
    index("ledger_entries_gift_idx").on(t.giftId),
    uniqueIndex("ledger_entries_top_up_key").on(t.topUpId),
    check("ledger_entries_amount", sql`${t.amountMinor} <> 0`),
    check(
      "ledger_entries_kind",
      sql`(${t.kind} = 'purchase' and ${t.amountMinor} < 0 and ${t.orderId} is not null)
        or (${t.kind} = 'refund' and ${t.amountMinor} > 0 and ${t.orderId} is not null)
        or (${t.kind} in ('top_up', 'promotion') and ${t.amountMinor} > 0)
        or (${t.kind} = 'gift' and ${t.giftId} is not null)
        or (${t.kind} = 'adjustment' and ${t.reason} is not null and length(${t.reason}) > 0)`,
    ),
  ],
);

export const paymentStatus = pgEnum("payment_status", ["succeeded", "refunded", "refund_failed"]);

/** Money received for an order: its wallet part and its card part (with Stripe's ids). */
export const payments = pgTable(
  "payments",
  {
    id: serial().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    method: paymentMethod().notNull(),
    amountMinor: integer().notNull(),
    currency: char({ length: 3 }).notNull(),
    status: paymentStatus().notNull().default("succeeded"),
    stripeCheckoutSessionId: text(),
    stripePaymentIntentId: text(),
    stripeRefundId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    // One card payment per Checkout Session, whatever Stripe redelivers.
    uniqueIndex("payments_stripe_session_key").on(t.stripeCheckoutSessionId),
  ],
);

/** Stripe events already handled: the id is stored in the transaction of the event's effects, once. */
export const stripeEvents = pgTable("stripe_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const paymentIssueKind = pgEnum("payment_issue_kind", ["amount_mismatch", "currency_mismatch", "refund_failed"]);

/** What a payment event did not match, or a refund that failed: for admins to look at. */
export const paymentIssues = pgTable(
  "payment_issues",
  {
    id: serial().primaryKey(),
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    topUpId: uuid().references(() => topUps.id, { onDelete: "set null" }),
    giftId: uuid().references(() => gifts.id, { onDelete: "set null" }),
    kind: paymentIssueKind().notNull(),
    stripeEventId: text(),
    details: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("payment_issues_open_idx")
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

export const refundKind = pgEnum("refund_kind", ["withdrawal", "admin"]);

/**
 * Money given back for one seat of an order: a parent's withdrawal (within the refund policy) or an
 * admin's refund (any time, with a reason). One per order item, so a seat is never refunded twice;
 * the wallet part is a ledger refund entry, the card part a Stripe refund (its id once sent).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    kind: refundKind().notNull(),
    walletMinor: integer().notNull(),
    cardMinor: integer().notNull(),
    currency: char({ length: 3 }).notNull(),
    reason: text(),
    byId: integer().references(() => users.id, { onDelete: "set null" }),
    stripeRefundId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refunds_order_item_key").on(t.orderItemId),
    index("refunds_order_idx").on(t.orderId),
    check("refunds_amounts", sql`${t.walletMinor} >= 0 and ${t.cardMinor} >= 0`),
    check("refunds_admin_reason", sql`${t.kind} <> 'admin' or (${t.reason} is not null and length(${t.reason}) > 0)`),
  ],
);

/** A signed-in parent's cart: a seat in a section for one of their learners. */
export const cartItems = pgTable(
  "cart_items",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    learnerId: integer()
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cart_items_seat_key").on(t.userId, t.sectionId, t.learnerId)],
);

// --- The live class (lib/classroom): attendance per session and learner, reviews of courses.

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
    check("course_reviews_rating", sql`${t.rating} between 1 and 5`),
    check("course_reviews_comment", sql`length(${t.comment}) <= 1000`),
  ],
);

// --- Notifications (lib/notifications): who asked for no more non-essential email.

/**
 * One row per address that has received a non-essential message (a demo's follow-up): its
 * unguessable unsubscribe token (the List-Unsubscribe link), and when it unsubscribed. Keyed by the
 * lower-cased address, so a family without an account is covered too. Transactional messages
 * (bookings, enrolments, reminders) never read it.
 */
export const emailPreferences = pgTable(
  "email_preferences",
  {
    email: text().primaryKey(),
    unsubscribeToken: text().notNull(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_preferences_token_key").on(t.unsubscribeToken),
    check("email_preferences_lower", sql`${t.email} = lower(${t.email})`),
  ],
);
