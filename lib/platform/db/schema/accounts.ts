// Accounts (lib/accounts, lib/users, lib/platform/auth): who signs in, and their role.

import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { timestamps } from "@/lib/platform/db/schema/columns";

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
    /**
     * Set when support suspends the account on a safety concern (lib/accounts/suspension.ts): no
     * session is issued or honoured while it is set, so it can neither sign in, post nor book; what
     * it wrote stays for support. An admin lifts it (back to null).
     */
    suspendedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_firebase_uid_key").on(t.firebaseUid), index("users_email_idx").on(sql`lower(${t.email})`)],
);
