// Teachers' earnings (lib/commerce/earnings, issue 28): connected Stripe accounts and the monthly
// statements once an admin pays them. A month not yet paid is computed from the seats, refunds and
// credits as they are; paying stores it here, frozen, so what was paid never changes afterwards.

import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { timestamps } from "@/lib/platform/db/schema/columns";
import { users } from "@/lib/platform/db/schema/accounts";

/** A teacher's Stripe Connect (Express) account: made at their first "Connect", its state read back from Stripe. */
export const teacherPayoutAccounts = pgTable(
  "teacher_payout_accounts",
  {
    teacherId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    stripeAccountId: text().notNull(),
    detailsSubmitted: boolean().notNull().default(false),
    chargesEnabled: boolean().notNull().default(false),
    payoutsEnabled: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("teacher_payout_accounts_stripe_key").on(t.stripeAccountId)],
);

/** paying: a Stripe transfer is on its way (the outbox sends it); paid: done; failed: Stripe refused it (an admin may pay again). */
export const payoutStatus = pgEnum("payout_status", ["paying", "paid", "failed"]);
/** stripe: a transfer to the teacher's connected account; manual: paid outside the product, with a reference. */
export const payoutMethod = pgEnum("payout_method", ["stripe", "manual"]);

/**
 * One teacher's statement for one calendar month (UTC), stored when an admin pays it: the figures
 * as they were then (frozen), so a refund or credit made later lands in a later month. One per
 * teacher and month: a second payment of the same month is refused by the unique key.
 */
export const earningsStatements = pgTable(
  "earnings_statements",
  {
    id: serial().primaryKey(),
    // No cascade: a teacher's deletion hands their statements to the "Former teacher" account (lib/accounts/teacher-handover.ts).
    teacherId: integer()
      .notNull()
      .references(() => users.id),
    /** The month's first day, YYYY-MM-01 (the month in UTC). */
    month: date({ mode: "string" }).notNull(),
    currency: char({ length: 3 }).notNull(),
    sessions: integer().notNull(),
    seats: integer().notNull(),
    grossMinor: integer().notNull(),
    refundsMinor: integer().notNull(),
    creditsMinor: integer().notNull(),
    platformSharePercent: integer().notNull(),
    platformShareMinor: integer().notNull(),
    /** What earlier months' negative nets, not yet made up, took from this month (attribution.ts): 0 or more. */
    carriedMinor: integer().notNull().default(0),
    netMinor: integer().notNull(),
    /** The statement's lines (per section, per refund, per credit) as they were when it was paid: the CSV of a paid month. */
    lines: jsonb().notNull(),
    status: payoutStatus().notNull(),
    method: payoutMethod().notNull(),
    /** A manual payment's reference (bank transfer id, cheque number), as the admin typed it. */
    reference: text(),
    stripeAccountId: text(),
    stripeTransferId: text(),
    /** Raised when a failed transfer is sent again: part of the transfer's idempotency key. */
    attempt: integer().notNull().default(1),
    failureMessage: text(),
    paidById: integer().references(() => users.id, { onDelete: "set null" }),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("earnings_statements_month_key").on(t.teacherId, t.month),
    index("earnings_statements_status_idx").on(t.status, t.month),
    check("earnings_statements_month", sql`extract(day from ${t.month}) = 1`),
    check(
      "earnings_statements_net",
      sql`${t.netMinor} = ${t.grossMinor} - ${t.refundsMinor} - ${t.creditsMinor} - ${t.platformShareMinor} - ${t.carriedMinor} and ${t.netMinor} > 0 and ${t.carriedMinor} >= 0`,
    ),
    check("earnings_statements_percent", sql`${t.platformSharePercent} between 0 and 100`),
    check("earnings_statements_manual_reference", sql`${t.method} <> 'manual' or length(coalesce(${t.reference}, '')) > 0`),
  ],
);
