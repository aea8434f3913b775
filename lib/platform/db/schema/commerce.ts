// Commerce (lib/commerce): the {product} Cash ledger, carts, orders, payments. Money is integer
// minor units of one configured currency (env CURRENCY), never a float.

import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  char,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

import { timestamps } from "@/lib/platform/db/schema/columns";
import { users } from "@/lib/platform/db/schema/accounts";
import { learners, sections, bookings, sessionChanges } from "@/lib/platform/db/schema/scheduling";

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

export const ledgerEntryKind = pgEnum("ledger_entry_kind", [
  "top_up",
  "purchase",
  "refund",
  "gift",
  "promotion",
  "adjustment",
  // A cancelled session's share of a seat's price, credited when no make-up was set in time (issue 27).
  "session_credit",
]);

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

export const paymentMethod = pgEnum("payment_method", ["wallet", "card"]);

/**
 * Something paid on Stripe Checkout that is not an order, until the webhook decides it: "pending"
 * while the parent pays, "paid" once confirmed, "expired" if never paid, "flagged" when Stripe
 * reported another amount or currency (for an admin).
 */
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
    /** Set while the card payment is disputed, or for good once Stripe gave it back: the code cannot be redeemed. */
    frozenAt: timestamp({ withTimezone: true }),
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
  // session_credit is compared as text: PostgreSQL refuses a new enum value in the migration that adds it.
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
        or (${t.kind}::text = 'session_credit' and ${t.amountMinor} > 0 and ${t.orderId} is not null)
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

export const paymentIssueKind = pgEnum("payment_issue_kind", [
  "amount_mismatch",
  "currency_mismatch",
  "refund_failed",
  /** Money went back to the card from Stripe's side (the dashboard), not through the product. */
  "card_refunded",
  "dispute_opened",
  "dispute_closed",
  /** A payment came for a purchase that no longer waits for one (its account erased, or expired): refunded to the card. */
  "payment_without_purchase",
  /** A Checkout Session for a purchase that is not the session we opened for it: nothing delivered, refunded to the card. */
  "session_mismatch",
]);

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

export const cardReversalKind = pgEnum("card_reversal_kind", ["refund", "dispute"]);
/** held: taken while a dispute is open; taken: for good (refunded, or the dispute lost); released: given back (dispute won). */
export const cardReversalStatus = pgEnum("card_reversal_status", ["held", "taken", "released"]);

/**
 * Money a card payment lost after the fact (a refund made in Stripe, a dispute): what it paid for,
 * the {product} Cash taken back for it (never below zero) and the shortfall, a debt admins see.
 */
export const cardReversals = pgTable(
  "card_reversals",
  {
    id: serial().primaryKey(),
    kind: cardReversalKind().notNull(),
    status: cardReversalStatus().notNull(),
    stripePaymentIntentId: text().notNull(),
    /** One reversal per dispute, however often its events come. */
    stripeDisputeId: text(),
    stripeEventId: text().notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    topUpId: uuid().references(() => topUps.id, { onDelete: "set null" }),
    giftId: uuid().references(() => gifts.id, { onDelete: "set null" }),
    /** Whose Cash was taken back. */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    amountMinor: integer().notNull(),
    takenMinor: integer().notNull().default(0),
    shortfallMinor: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("card_reversals_intent_idx").on(t.stripePaymentIntentId),
    uniqueIndex("card_reversals_dispute_key").on(t.stripeDisputeId),
    check("card_reversals_amounts", sql`${t.amountMinor} > 0 and ${t.takenMinor} >= 0 and ${t.shortfallMinor} >= 0`),
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

/**
 * One paid seat credited for one cancelled session (lib/commerce/session-credits.ts), or for one
 * session an admin's edit took off the schedule (lib/commerce/seats/removed-sessions.ts): the unique
 * keys make the credit once per seat and session, however often the job runs or races.
 */
export const sessionCredits = pgTable(
  "session_credits",
  {
    id: serial().primaryKey(),
    /** The cancellation credited; null for a session removed by an edit of the section's times. */
    sessionChangeId: integer().references(() => sessionChanges.id, { onDelete: "cascade" }),
    /** The entitlement credited (set for a removed session; its occurrence names the session). */
    seatSessionId: bigint({ mode: "number" }).references((): AnyPgColumn => seatSessions.id, { onDelete: "cascade" }),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    amountMinor: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("session_credits_seat_key").on(t.sessionChangeId, t.bookingId),
    uniqueIndex("session_credits_entitlement_key").on(t.seatSessionId),
    check("session_credits_amount", sql`${t.amountMinor} >= 0`),
    check("session_credits_source", sql`${t.sessionChangeId} is not null or ${t.seatSessionId} is not null`),
  ],
);

/**
 * A family moved a paid seat to another section of the same course (issue 27): the same booking
 * (one calendar UID) and order item, now in `toSectionId`. `differenceMinor` is what the move
 * settled through {product} Cash: positive charged, negative credited. The seat's history for staff.
 */
export const seatTransfers = pgTable(
  "seat_transfers",
  {
    id: serial().primaryKey(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    fromSectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    toSectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    /** The seat's first session before and after: the refund window keeps counting from the earliest. */
    fromStartsAt: timestamp({ withTimezone: true }).notNull(),
    toStartsAt: timestamp({ withTimezone: true }).notNull(),
    fromPriceMinor: integer().notNull(),
    toPriceMinor: integer().notNull(),
    differenceMinor: integer().notNull(),
    /** The SEQUENCE of the invite that tells the family (bookings.invite_sequence after the move). */
    sequence: integer().notNull(),
    byId: integer().references(() => users.id, { onDelete: "set null" }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("seat_transfers_booking_idx").on(t.bookingId, t.at),
    check("seat_transfers_sections", sql`${t.fromSectionId} <> ${t.toSectionId}`),
    check("seat_transfers_difference", sql`${t.differenceMinor} = ${t.toPriceMinor} - ${t.fromPriceMinor}`),
  ],
);

/**
 * What a seat bought (issue 39): one row per session of its window when it was paid (keyed by the
 * occurrence's start by the section's rule, the RECURRENCE-ID, so a moved session keeps its row)
 * and the value of each in minor units, exact to the cent; a seat's rows sum to what was paid for
 * it. Nothing re-derives a seat's worth from the schedule as it is now: a cancellation credits its
 * row's value once, a refund returns the rows still open, a transfer carries the open rows' value
 * to the target (lib/commerce/seats/). status: open (bought, to be held or settled), credited (its
 * value went back as a session credit), refunded (returned by a refund), transferred (moved to
 * another section: rows there carry it).
 */
export const seatSessions = pgTable(
  "seat_sessions",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    /** The occurrence's start by the section's rule when bought (UTC). */
    occurrence: timestamp({ withTimezone: true }).notNull(),
    /**
     * Who teaches (taught) it: the section's teacher when bought; a reassignment hands over only the
     * sessions not yet held. Its value is earned by this teacher (lib/commerce/earnings/statements.ts).
     */
    teacherId: integer()
      .notNull()
      .references(() => users.id),
    valueMinor: integer().notNull(),
    status: text().notNull().default("open"),
    /** When it stopped being open (credited, refunded, transferred). */
    settledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A seat moved away and back buys the target's sessions again: only its live rows are unique.
    uniqueIndex("seat_sessions_occurrence_key")
      .on(t.orderItemId, t.sectionId, t.occurrence)
      .where(sql`${t.status} <> 'transferred'`),
    index("seat_sessions_booking_idx").on(t.bookingId, t.status),
    index("seat_sessions_section_idx").on(t.sectionId, t.occurrence),
    index("seat_sessions_teacher_idx").on(t.teacherId, t.occurrence),
    check("seat_sessions_value", sql`${t.valueMinor} >= 0`),
    check("seat_sessions_status", sql`${t.status} in ('open', 'credited', 'refunded', 'transferred')`),
    check("seat_sessions_settled", sql`(${t.status} = 'open') = (${t.settledAt} is null)`),
  ],
);

/** What the daily money audit found (lib/commerce/seats/audit.ts): one row per run, shown to admins. */
export const moneyAudits = pgTable("money_audits", {
  id: serial().primaryKey(),
  checkedSeats: integer().notNull(),
  checkedWallets: integer().notNull(),
  mismatches: jsonb().notNull(),
  ranAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
