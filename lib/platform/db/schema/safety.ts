// Safety (lib/safety, issue 40): concerns reported by families and teachers, and support's triage of them.

import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { users } from "@/lib/platform/db/schema/accounts";

/** What a concern is about: a class (its course page), a message, a teacher, a review, a family. */
export const concernSubject = pgEnum("concern_subject", ["course", "message", "teacher", "review", "family"]);
export const concernReason = pgEnum("concern_reason", ["unsafe_contact", "inappropriate", "bullying", "privacy", "other"]);
/** Support's triage: new → in review → action taken → closed (the reporter is told when it closes). */
export const concernStatus = pgEnum("concern_status", ["new", "in_review", "action_taken", "closed"]);

/**
 * One concern. `subject_id` is the subject's own id as text (a message's number, a
 * teacher's user id, a course's slug). One open report per reporter and
 * subject: a second report of the same thing is told it is already with support.
 * `first_response_at` stops the SLA clock (first response within 24 hours).
 */
export const concernReports = pgTable(
  "concern_reports",
  {
    id: serial().primaryKey(),
    reporterId: integer().references(() => users.id, { onDelete: "set null" }),
    subjectType: concernSubject().notNull(),
    subjectId: text().notNull(),
    /** What the reporter saw, named when they reported (a class's title, a teacher's name), so the queue reads without joins. */
    subjectLabel: text().notNull(),
    reason: concernReason().notNull(),
    details: text().notNull(),
    status: concernStatus().notNull().default("new"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    firstResponseAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("concern_reports_queue_idx").on(t.status, t.createdAt),
    uniqueIndex("concern_reports_open_key")
      .on(t.reporterId, t.subjectType, t.subjectId)
      .where(sql`${t.status} <> 'closed'`),
    check("concern_reports_details", sql`length(${t.details}) between 1 and 2000`),
  ],
);

/** Support's notes on a concern, oldest first; the audit trail of its status changes and actions is lib/audit. */
export const concernReportNotes = pgTable(
  "concern_report_notes",
  {
    id: serial().primaryKey(),
    reportId: integer()
      .notNull()
      .references(() => concernReports.id, { onDelete: "cascade" }),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("concern_report_notes_report_idx").on(t.reportId, t.id),
    check("concern_report_notes_body", sql`length(${t.body}) between 1 and 2000`),
  ],
);

/**
 * The sites teachers may link to (homework and resource links, links in messages and notes)
 * without support's review: a host matches itself and its subdomains. Admins keep the list at
 * /admin/link-hosts (audited as `link_host`); screening reads it through a short cache
 * (lib/platform/security/allowed-hosts.ts). Seeded with the first list by a data migration.
 */
export const allowedLinkHosts = pgTable("allowed_link_hosts", {
  host: text().primaryKey(),
  addedById: integer().references(() => users.id, { onDelete: "set null" }),
  addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
