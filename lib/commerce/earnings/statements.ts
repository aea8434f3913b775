import "server-only";

import { and, asc, eq, isNotNull, lt, min, ne, sql } from "drizzle-orm";

import { getDb, type Database, type Transaction } from "@/lib/platform/db/client";
import {
  bookings,
  courses,
  earningsStatements,
  orderItems,
  orders,
  refunds,
  sections,
  seatSessions,
  sessionChanges,
  sessionCredits,
} from "@/lib/platform/db/schema";

import { CURRENCY } from "@/lib/commerce/wallet/money";

import { EARNINGS_RULE, monthOf, monthRange, nextMonth, platformShareOf, sessionShares } from "./attribution";

type Reader = Pick<Database, "select"> | Transaction;

/** A paid seat of the teacher's, with the sessions its price is spread over (attribution.ts). */
export interface SeatFact {
  orderItemId: number;
  bookingId: string | null;
  sectionId: number;
  courseTitle: string;
  priceMinor: number;
  /** The starts (UTC ISO) of the sessions the seat covers as held (a moved session at its new time, a make-up at its own), in order. */
  occurrences: string[];
  /**
   * Issue 39: each session's value as recorded when the seat was bought (seat_sessions), beside
   * `occurrences`; without it the price is spread by sessionShares.
   */
  values?: number[];
  /** Issue 39: which of those sessions a refund gave back (the rest stay earned). Without it, a refund returned them all. */
  refunded?: boolean[];
  refundedAt: Date | null;
}

/** A cancelled session's credit to one family, for one of the teacher's sections. */
export interface CreditFact {
  /** The seat credited. */
  bookingId: string;
  sectionId: number;
  courseTitle: string;
  amountMinor: number;
  createdAt: Date;
}

export interface TeacherFacts {
  seats: SeatFact[];
  credits: CreditFact[];
  /** `${sectionId}|${occurrence ISO}` of sessions cancelled without a make-up: not taught. */
  cancelled: Set<string>;
}

export interface StatementLine {
  kind: "section" | "refund" | "credit";
  /** The refund's or credit's day (YYYY-MM-DD, UTC: the CSV's column); null for a section's line. */
  date: string | null;
  /**
   * The refund's or credit's instant (ISO 8601, UTC), shown on the reader's clock (issue 41); null
   * for a section's line. Absent from lines frozen before it was kept (they show their UTC day).
   */
  at?: string | null;
  courseTitle: string;
  sectionId: number;
  sessions: number;
  seats: number;
  /** Earned (section) or deducted (refund, credit): positive either way. */
  amountMinor: number;
}

export interface StatementFigures {
  month: string;
  currency: string;
  sessions: number;
  seats: number;
  grossMinor: number;
  refundsMinor: number;
  creditsMinor: number;
  platformSharePercent: number;
  platformShareMinor: number;
  /** What earlier months' negative nets, not yet made up, take from this one (0 or more). */
  carriedMinor: number;
  netMinor: number;
  lines: StatementLine[];
}

/** open: the month is not over; unpaid: over, something to pay; nothing: over, nothing to pay; then the stored payment's status. */
export type StatementStatus = "open" | "unpaid" | "nothing" | "paying" | "paid" | "failed";

export interface Statement extends StatementFigures {
  teacherId: number;
  status: StatementStatus;
  /** Set once paid or being paid (stored). */
  payment: {
    id: number;
    method: "stripe" | "manual";
    reference: string | null;
    stripeTransferId: string | null;
    failureMessage: string | null;
    paidAt: Date | null;
  } | null;
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * One month's statement from the teacher's facts, by the rule of attribution.ts: gross is the
 * shares of the seats' sessions scheduled in the month (before their refund, if any); refunds
 * deduct, in the refund's month, what the refunded seat had earned; credits deduct in their month;
 * `carriedMinor`, what earlier months left owing, comes off the teacher's net.
 */
export function buildStatement(
  month: string,
  facts: TeacherFacts,
  percent = EARNINGS_RULE.platformSharePercent,
  carriedMinor = 0,
): StatementFigures {
  const { from, to } = monthRange(month);
  const inMonth = (at: number) => at >= from.getTime() && at < to.getTime();
  const bySection = new Map<number, { courseTitle: string; sessions: Set<string>; seats: Set<number>; amountMinor: number }>();
  const taught = new Set<string>();
  const seats = new Set<number>();
  const lines: StatementLine[] = [];
  let grossMinor = 0;
  let refundsMinor = 0;
  // A refunded seat's credits were deducted in their months already: its refund deducts the rest of what it earned.
  const creditedBySeat = new Map<string, number>();
  for (const credit of facts.credits)
    creditedBySeat.set(credit.bookingId, (creditedBySeat.get(credit.bookingId) ?? 0) + credit.amountMinor);
  for (const seat of facts.seats) {
    const shares = seat.values ?? sessionShares(seat.priceMinor, seat.occurrences.length);
    const refundedAt = seat.refundedAt?.getTime() ?? Infinity;
    let earnedBeforeRefund = 0;
    // Issue 39: what the refund gave back of sessions already earned (it returned only the rows it settled).
    let returnedOfEarned = 0;
    seat.occurrences.forEach((occurrence, index) => {
      const at = Date.parse(occurrence);
      const isRefunded = seat.refunded ? seat.refunded[index] === true : true;
      if (at >= refundedAt && isRefunded) return;
      const share = shares[index] ?? 0;
      earnedBeforeRefund += share;
      if (isRefunded && at < refundedAt) returnedOfEarned += share;
      if (!inMonth(at)) return;
      grossMinor += share;
      seats.add(seat.orderItemId);
      const key = `${seat.sectionId}|${new Date(at).toISOString()}`;
      const line = bySection.get(seat.sectionId) ?? {
        courseTitle: seat.courseTitle,
        sessions: new Set(),
        seats: new Set(),
        amountMinor: 0,
      };
      line.amountMinor += share;
      line.seats.add(seat.orderItemId);
      if (!facts.cancelled.has(key)) {
        line.sessions.add(key);
        taught.add(key);
      }
      bySection.set(seat.sectionId, line);
    });
    const refundedMinor = seat.refunded
      ? returnedOfEarned
      : Math.max(0, earnedBeforeRefund - (seat.bookingId ? (creditedBySeat.get(seat.bookingId) ?? 0) : 0));
    if (seat.refundedAt && inMonth(refundedAt) && refundedMinor > 0) {
      refundsMinor += refundedMinor;
      lines.push({
        kind: "refund",
        date: day(seat.refundedAt),
        at: seat.refundedAt.toISOString(),
        courseTitle: seat.courseTitle,
        sectionId: seat.sectionId,
        sessions: 0,
        seats: 1,
        amountMinor: refundedMinor,
      });
    }
  }
  let creditsMinor = 0;
  for (const credit of facts.credits) {
    if (!inMonth(credit.createdAt.getTime()) || credit.amountMinor === 0) continue;
    creditsMinor += credit.amountMinor;
    lines.push({
      kind: "credit",
      date: day(credit.createdAt),
      at: credit.createdAt.toISOString(),
      courseTitle: credit.courseTitle,
      sectionId: credit.sectionId,
      sessions: 0,
      seats: 1,
      amountMinor: credit.amountMinor,
    });
  }
  const sectionLines: StatementLine[] = [...bySection.entries()]
    .sort(([a], [b]) => a - b)
    .map(([sectionId, line]) => ({
      kind: "section",
      date: null,
      at: null,
      courseTitle: line.courseTitle,
      sectionId,
      sessions: line.sessions.size,
      seats: line.seats.size,
      amountMinor: line.amountMinor,
    }));
  const base = grossMinor - refundsMinor - creditsMinor;
  const platformShareMinor = platformShareOf(base, percent);
  return {
    month,
    currency: CURRENCY,
    sessions: taught.size,
    seats: seats.size,
    grossMinor,
    refundsMinor,
    creditsMinor,
    platformSharePercent: percent,
    platformShareMinor,
    carriedMinor,
    netMinor: base - platformShareMinor - carriedMinor,
    lines: [...sectionLines, ...lines.sort((a, b) => (a.date ?? "").localeCompare(b.date ?? ""))],
  };
}

/** What the teacher's statements are computed from: their paid seats whose first session is before `until`, their credits, cancelled sessions. */
export async function loadTeacherFacts(db: Reader, teacherId: number, until: Date): Promise<TeacherFacts> {
  // Issue 39: a seat earns from its entitlements in the teacher's sections (what it bought, each
  // session's recorded value), never from the schedule as it is now: a date edit or a move changes
  // no month. Sessions moved away by a transfer earn in the section they moved to.
  // A session earns in the month it was held: where it was moved to, or its make-up, not its place in the rule.
  const heldAt = sql<Date>`coalesce((select coalesce(${sessionChanges.startsAt}, ${sessionChanges.makeupStartsAt}) from ${sessionChanges}
    where ${sessionChanges.sectionId} = ${seatSessions.sectionId} and ${sessionChanges.originalStartsAt} = ${seatSessions.occurrence}),
    ${seatSessions.occurrence})`;
  const rows = await db
    .select({
      orderItemId: orderItems.id,
      bookingId: seatSessions.bookingId,
      sectionId: seatSessions.sectionId,
      courseTitle: courses.title,
      occurrence: heldAt.mapWith(seatSessions.occurrence),
      valueMinor: seatSessions.valueMinor,
      status: seatSessions.status,
      refundedAt: refunds.createdAt,
    })
    .from(seatSessions)
    .innerJoin(orderItems, eq(orderItems.id, seatSessions.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(sections, eq(sections.id, seatSessions.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .leftJoin(refunds, eq(refunds.orderItemId, orderItems.id))
    .where(
      and(
        // Issue 39: by who taught each session (a reassignment hands over only those not yet held).
        eq(seatSessions.teacherId, teacherId),
        ne(seatSessions.status, "transferred"),
        isNotNull(orders.paidAt),
        lt(heldAt, until),
        // A session an admin's edit took off the schedule is never held: the family got its value back, the teacher earns none of it.
        sql`not exists (select 1 from ${sessionCredits} where ${sessionCredits.seatSessionId} = ${seatSessions.id})`,
      ),
    )
    .orderBy(asc(orderItems.id), asc(seatSessions.sectionId), asc(heldAt));
  const bySeat = new Map<string, SeatFact & { values: number[]; refunded: boolean[] }>();
  for (const row of rows) {
    const key = `${row.orderItemId}|${row.sectionId}`;
    const seat = bySeat.get(key) ?? {
      orderItemId: row.orderItemId,
      bookingId: row.bookingId,
      sectionId: row.sectionId,
      courseTitle: row.courseTitle,
      priceMinor: 0,
      occurrences: [],
      values: [],
      refunded: [],
      refundedAt: row.refundedAt,
    };
    seat.priceMinor += row.valueMinor;
    seat.occurrences.push(row.occurrence.toISOString());
    seat.values.push(row.valueMinor);
    seat.refunded.push(row.status === "refunded");
    bySeat.set(key, seat);
  }
  const seats: SeatFact[] = [...bySeat.values()];
  const credits = await db
    .select({
      bookingId: sessionCredits.bookingId,
      sectionId: sections.id,
      courseTitle: courses.title,
      amountMinor: sessionCredits.amountMinor,
      // The credit's time is its session change's credited_at (the job's clock, set in the credit's transaction).
      createdAt: sql<Date>`coalesce(${sessionChanges.creditedAt}, ${sessionCredits.createdAt})`.mapWith(sessionCredits.createdAt),
    })
    .from(sessionCredits)
    .innerJoin(sessionChanges, eq(sessionChanges.id, sessionCredits.sessionChangeId))
    .innerJoin(sections, eq(sections.id, sessionChanges.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(
      and(
        // Issue 39: deducted from who was to teach the credited session (its entitlement's teacher).
        sql`exists (select 1 from ${seatSessions} where ${seatSessions.bookingId} = ${sessionCredits.bookingId}
          and ${seatSessions.sectionId} = ${sessionChanges.sectionId} and ${seatSessions.occurrence} = ${sessionChanges.originalStartsAt}
          and ${seatSessions.teacherId} = ${teacherId})`,
        lt(sql`coalesce(${sessionChanges.creditedAt}, ${sessionCredits.createdAt})`, until),
      ),
    );
  const changes = await db
    .select({
      sectionId: sessionChanges.sectionId,
      originalStartsAt: sessionChanges.originalStartsAt,
      makeup: sessionChanges.makeupStartsAt,
    })
    .from(sessionChanges)
    .innerJoin(sections, eq(sections.id, sessionChanges.sectionId))
    .where(and(eq(sections.teacherId, teacherId), eq(sessionChanges.kind, "cancelled")));
  const cancelled = new Set(changes.filter((c) => !c.makeup).map((c) => `${c.sectionId}|${c.originalStartsAt.toISOString()}`));
  return { seats, credits, cancelled };
}

type StoredStatement = typeof earningsStatements.$inferSelect;

/**
 * A stored statement's refund and credit lines with their instants: a line frozen before the instant
 * was kept (only its UTC day) gets it back from the facts, where the month's lines computed again
 * have one of the same kind, section, day and amount, so it is shown on the reader's clock (one
 * clock per person) rather than on UTC's. A line without such a twin keeps its UTC day, named so.
 */
export function withInstants(stored: StatementLine[], month: string, facts: TeacherFacts): StatementLine[] {
  if (stored.every((line) => line.kind === "section" || line.at)) return stored;
  const twins = buildStatement(month, facts).lines.filter((line) => line.kind !== "section" && line.at);
  return stored.map((line) => {
    if (line.kind === "section" || line.at) return line;
    const index = twins.findIndex(
      (twin) =>
        twin.kind === line.kind && twin.sectionId === line.sectionId && twin.date === line.date && twin.amountMinor === line.amountMinor,
    );
    if (index < 0) return line;
    const [twin] = twins.splice(index, 1);
    return { ...line, at: twin!.at };
  });
}

function fromStored(row: StoredStatement, facts: TeacherFacts): Statement {
  return {
    teacherId: row.teacherId,
    month: row.month.slice(0, 7),
    currency: row.currency,
    sessions: row.sessions,
    seats: row.seats,
    grossMinor: row.grossMinor,
    refundsMinor: row.refundsMinor,
    creditsMinor: row.creditsMinor,
    platformSharePercent: row.platformSharePercent,
    platformShareMinor: row.platformShareMinor,
    carriedMinor: row.carriedMinor,
    netMinor: row.netMinor,
    lines: withInstants(row.lines as StatementLine[], row.month.slice(0, 7), facts),
    status: row.status,
    payment: {
      id: row.id,
      method: row.method,
      reference: row.reference,
      stripeTransferId: row.stripeTransferId,
      failureMessage: row.failureMessage,
      paidAt: row.paidAt,
    },
  };
}

function live(teacherId: number, figures: StatementFigures, now: Date): Statement {
  const over = monthRange(figures.month).to.getTime() <= now.getTime();
  const status: StatementStatus = !over ? "open" : figures.netMinor > 0 ? "unpaid" : "nothing";
  return { ...figures, teacherId, status, payment: null };
}

/** The first month (YYYY-MM) with anything to count: a seat's session or a credit; null for none. */
function firstMonthOf(facts: TeacherFacts): string | null {
  const instants = [
    ...facts.seats.flatMap((seat) => seat.occurrences.slice(0, 1).map(Date.parse)),
    ...facts.credits.map((c) => c.createdAt.getTime()),
  ];
  return instants.length > 0 ? monthOf(new Date(Math.min(...instants))) : null;
}

/**
 * A teacher's statements for these months (YYYY-MM): the stored one where paid, else computed now.
 * Months are computed in order (from the teacher's first, or the last paid one), so a month that
 * ended below zero (refunds and credits over what it earned) carries what it owes into the next,
 * until a month makes it up.
 */
export async function teacherStatements(teacherId: number, months: string[], now = new Date(), db?: Reader): Promise<Statement[]> {
  if (months.length === 0) return [];
  const reader = db ?? (await getDb());
  const sorted = [...months].sort();
  const until = monthRange(sorted.at(-1)!).to;
  const [facts, stored] = await Promise.all([
    loadTeacherFacts(reader, teacherId, until),
    reader.select().from(earningsStatements).where(eq(earningsStatements.teacherId, teacherId)),
  ]);
  const byMonth = new Map(stored.map((row) => [row.month.slice(0, 7), row]));
  // A paid month owes nothing on: the months after the last one paid before those asked for are enough.
  const lastPaidBefore = [...byMonth.keys()]
    .filter((m) => m < sorted[0]!)
    .sort()
    .at(-1);
  const first = lastPaidBefore
    ? nextMonth(lastPaidBefore)
    : [firstMonthOf(facts), sorted[0]!].filter((m): m is string => m !== null).sort()[0]!;
  const computed = new Map<string, Statement>();
  let carriedMinor = 0;
  for (let month = first; month <= sorted.at(-1)!; month = nextMonth(month)) {
    const row = byMonth.get(month);
    const statement = row
      ? fromStored(row, facts)
      : live(teacherId, buildStatement(month, facts, EARNINGS_RULE.platformSharePercent, carriedMinor), now);
    computed.set(month, statement);
    // A paid month owes nothing (its net was above zero); a month over and below zero passes on what it owes.
    carriedMinor = statement.status === "nothing" ? Math.max(0, -statement.netMinor) : 0;
  }
  return months.map((month) => computed.get(month)!);
}

/** One month's statement of one teacher. */
export async function teacherStatement(teacherId: number, month: string, now = new Date(), db?: Reader): Promise<Statement> {
  const [statement] = await teacherStatements(teacherId, [month], now, db);
  return statement!;
}

/** The months a teacher has statements for: from their first paid seat's first session (or first stored statement) to this month, newest first. */
export async function teacherMonths(teacherId: number, now = new Date(), limit = 24): Promise<string[]> {
  const db = await getDb();
  const [first] = await db
    .select({ at: min(bookings.startsAt) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .innerJoin(sections, eq(sections.id, orderItems.sectionId))
    .where(and(eq(sections.teacherId, teacherId), isNotNull(orders.paidAt)));
  const [firstStored] = await db
    .select({ month: min(earningsStatements.month) })
    .from(earningsStatements)
    .where(eq(earningsStatements.teacherId, teacherId));
  const current = monthOf(now);
  const starts = [first?.at ? monthOf(first.at) : null, firstStored?.month ? firstStored.month.slice(0, 7) : null].filter(
    (m): m is string => m !== null && m <= current,
  );
  if (starts.length === 0) return [current];
  const months: string[] = [];
  for (let month = starts.sort()[0]!; month <= current; month = nextMonth(month)) months.push(month);
  return months.reverse().slice(0, limit);
}

/** A YYYY-MM month, or null. */
export function parseMonth(value: unknown): string | null {
  return typeof value === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : null;
}
