// Learner access (lib/learner-access): a child's own sign-in, set up by the parent, and the
// private calendar feeds of a family, a child or a teacher.

import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { timestamps } from "@/lib/platform/db/schema/columns";
import { users } from "@/lib/platform/db/schema/accounts";
import { learners } from "@/lib/platform/db/schema/scheduling";

export const learnerSecretKind = pgEnum("learner_secret_kind", ["password", "pictures"]);

/**
 * A child's sign-in (one per child, none until the parent turns it on). No email and no identity
 * provider account: the secret is a scrypt hash here. `session_version` is raised at every reset,
 * so a child's cookie issued before it no longer opens anything; turning the sign-in off deletes the row.
 * `consent_at`: when the parent agreed that the child signs in on their own (kept while it is on).
 */
export const learnerSignIns = pgTable(
  "learner_sign_ins",
  {
    learnerId: integer()
      .primaryKey()
      .references(() => learners.id, { onDelete: "cascade" }),
    parentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text().notNull(),
    secretKind: learnerSecretKind().notNull(),
    secretHash: text().notNull(),
    sessionVersion: integer().notNull().default(1),
    consentAt: timestamp({ withTimezone: true }).notNull(),
    lastSignedInAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("learner_sign_ins_username_key").on(sql`lower(${t.username})`),
    index("learner_sign_ins_parent_idx").on(t.parentId),
    check("learner_sign_ins_username_shape", sql`${t.username} ~ '^[A-Za-z0-9_.-]{3,24}$'`),
  ],
);

export const calendarFeedScope = pgEnum("calendar_feed_scope", ["family", "learner", "teacher"]);

/**
 * A private calendar subscription: whoever holds the link reads the calendar, so only the SHA-256
 * of its token is kept. One per family, per child and per teacher; a new link replaces the token,
 * and the old one then answers 404.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid().primaryKey().defaultRandom(),
    scope: calendarFeedScope().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    learnerId: integer().references(() => learners.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("calendar_feeds_token_key").on(t.tokenHash),
    uniqueIndex("calendar_feeds_owner_key").on(t.scope, t.userId, sql`coalesce(${t.learnerId}, 0)`),
    check("calendar_feeds_learner_scope", sql`(${t.scope} = 'learner') = (${t.learnerId} is not null)`),
  ],
);
