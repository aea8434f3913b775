// Leads (lib/demo-requests): the free-demo requests sent by families.

import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { timestamps } from "@/lib/platform/db/schema/columns";
import { users } from "@/lib/platform/db/schema/accounts";
import { courses } from "@/lib/platform/db/schema/courses";

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
    /**
     * The child a signed-in parent picked on the form (one of userId's): a demo booked for the request
     * is that child's. No foreign key: learners' table names this one (bookings), and a cycle between
     * the schema files is refused; every reader checks the child is still the parent's.
     */
    learnerId: integer(),
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
