// Notifications (lib/notifications): who asked for no more non-essential email.

import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
    /** When the address turned the weekly digest of its children's sessions off (issue 28); null while it is on. */
    weeklyDigestOffAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_preferences_token_key").on(t.unsubscribeToken),
    check("email_preferences_lower", sql`${t.email} = lower(${t.email})`),
  ],
);
