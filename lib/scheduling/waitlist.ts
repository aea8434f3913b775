import "server-only";

import { and, asc, count, eq, inArray, lte, sql } from "drizzle-orm";

import { getDb, type Database, type Transaction } from "@/lib/platform/db/client";
import { bookings, courses, learners, sections, teacherProfiles, users, waitlistEntries } from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";
import { parseInput } from "@/lib/platform/http/responses";

import { waitlistJoined, waitlistLeft, waitlistOffered, waitlistOfferLapsed } from "./events";
import { isSectionOnSale, saleFactsColumns } from "./section-sale";
import { isLiveOffer, isLiveSeat, liveOfferCount, liveSeatCount, waitingCount } from "./slots";

export { isLiveOffer, liveOfferCount } from "./slots";
import { formatInstantInZone } from "./time";
import { joinWaitlistSchema, WAITLIST_LIMITS, WAITLIST_MESSAGES, waitlistEntrySchema, type JoinWaitlistInput } from "./waitlist-schema";

/**
 * Waitlists (issue 27). A family puts a child in line for a full section; when a seat frees (a
 * withdrawal, a refund, a card hold released, the capacity raised, an offer lapsed or left) the
 * first in line is offered it for WAITLIST_OFFER_HOURS. An offer holds its seat: it counts as
 * taken for everyone else (the checkout's count, the pages' seats left), and only that child's
 * checkout may take it. Every decision (how many offers, who is next) is made under the section's
 * row lock, in the transaction that freed the seat, so there are never more offers than free seats.
 */

type Db = Database | Transaction;

const ACTIVE = ["waiting", "offered"] as const;

/**
 * After seats are freed in these sections (`freedIn` names each freed seat's section once per seat;
 * an offer that lapsed or was left counts as a freed seat), under the caller's section locks: the
 * free seats not yet offered go to the next children in line (never more offers than free seats),
 * a `full` section with seats still free after that is open again, and an `open` one whose free
 * seats are all offered is `full` (nothing left to buy). A section set `full` by
 * hand with seats to spare (the freed seats had not filled it) stays as set and offers nothing.
 * Returns the entries offered.
 */
export async function settleFreedSeats(tx: Transaction, freedIn: number[], now: Date): Promise<number[]> {
  if (freedIn.length === 0) return [];
  const ids = [...new Set(freedIn)].sort((a, b) => a - b);
  const rows = await tx
    .select({
      id: sections.id,
      status: sections.status,
      capacity: sections.capacity,
      live: liveSeatCount(tx, sections.id),
      offers: liveOfferCount(tx, sections.id, now),
      waiting: waitingCount(tx, sections.id),
    })
    .from(sections)
    .where(inArray(sections.id, ids))
    .orderBy(asc(sections.id))
    .for("update");
  const offered: number[] = [];
  for (const row of rows) {
    if (row.status !== "open" && row.status !== "full") continue;
    const freed = freedIn.filter((id) => id === row.id).length;
    const free = row.capacity - row.live - row.offers;
    if (row.status === "full" && row.live + row.offers + freed < row.capacity) continue;
    const n = Math.max(0, Math.min(free, row.waiting));
    if (n > 0) offered.push(...(await offerNext(tx, row.id, n, now)));
    const left = free - n;
    // Full means no seat to buy: open again for seats left after the line, full while every free seat is offered.
    const status = left > 0 ? "open" : row.offers + n > 0 ? "full" : row.status;
    if (status !== row.status) await tx.update(sections).set({ status, updatedAt: now }).where(eq(sections.id, row.id));
  }
  if (offered.length > 0) await emit(tx, waitlistOffered, { entryIds: offered });
  return offered;
}

/** The next `n` children in line get an offer until now + WAITLIST_OFFER_HOURS. */
async function offerNext(tx: Transaction, sectionId: number, n: number, now: Date): Promise<number[]> {
  const next = tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.sectionId, sectionId), eq(waitlistEntries.status, "waiting")))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(n);
  const rows = await tx
    .update(waitlistEntries)
    .set({
      status: "offered",
      offeredAt: now,
      offerExpiresAt: new Date(now.getTime() + env.WAITLIST_OFFER_HOURS * 3_600_000),
      statusChangedAt: now,
    })
    .where(inArray(waitlistEntries.id, next))
    .returning({ id: waitlistEntries.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * A checkout took seats for these children: their entries in those sections (an offer taken, or a
 * place in line no longer needed) are `accepted`. In the checkout's transaction, under its locks.
 */
export async function acceptWaitlistEntries(tx: Transaction, seats: Array<{ sectionId: number; learnerId: number }>, now: Date) {
  if (seats.length === 0) return;
  await tx
    .update(waitlistEntries)
    .set({ status: "accepted", statusChangedAt: now })
    .where(
      and(
        inArray(waitlistEntries.status, [...ACTIVE]),
        sql`(${waitlistEntries.sectionId}, ${waitlistEntries.learnerId}) in (${sql.join(
          seats.map((s) => sql`(${s.sectionId}::int, ${s.learnerId}::int)`),
          sql`, `,
        )})`,
      ),
    );
}

/** Locks one section (for update) with what decides whether it is on sale. */
async function lockSection(tx: Transaction, sectionId: number) {
  const [row] = await tx
    .select({
      id: sections.id,
      status: sections.status,
      capacity: sections.capacity,
      title: courses.title,
      courseSlug: courses.slug,
      sale: saleFactsColumns,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .where(eq(sections.id, sectionId))
    .for("update", { of: sections });
  return row;
}

/** 1 for the first child waiting, by (created_at, id). */
function positionOf(db: Db, entry: { sectionId: number; createdAt: Date; id: number }) {
  return db.$count(
    waitlistEntries,
    and(
      eq(waitlistEntries.sectionId, entry.sectionId),
      eq(waitlistEntries.status, "waiting"),
      sql`(${waitlistEntries.createdAt}, ${waitlistEntries.id}) <= (${entry.createdAt.toISOString()}::timestamptz, ${entry.id}::int)`,
    ),
  );
}

/**
 * Puts one of the parent's children in line for a full section. Refused, with nothing changed: a
 * child not theirs, a section not on sale, one with a seat free to buy, a child already seated or
 * already in line there. Returns the place in line (1 = next).
 */
export async function joinWaitlist(
  parentId: number,
  input: JoinWaitlistInput | Record<string, unknown>,
  now = new Date(),
  account: { emailVerified: boolean } = { emailVerified: true },
): Promise<{ entryId: number; position: number; courseTitle: string; courseSlug: string; learnerName: string }> {
  const data = parseInput(joinWaitlistSchema, input);
  // Issue 40: the offer of a seat is sent by email, and an unverified account is the cheapest to make in bulk.
  if (!account.emailVerified) throw new AppError("forbidden", WAITLIST_MESSAGES.emailNotVerified);
  await enforceRateLimit(RATE_LIMITS.waitlistPerAccount, `account:${parentId}`);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [learner] = await tx
      .select({ id: learners.id, firstName: learners.firstName })
      .from(learners)
      .where(and(eq(learners.id, data.learnerId), eq(learners.parentId, parentId)));
    if (!learner)
      throw new AppError("forbidden", WAITLIST_MESSAGES.learnerNotYours, { fieldErrors: { learnerId: WAITLIST_MESSAGES.learnerNotYours } });
    const section = await lockSection(tx, data.sectionId);
    if (!section || !isSectionOnSale(section.sale)) throw new AppError("not-found", WAITLIST_MESSAGES.sectionNotFound);
    const [counts] = await tx
      .select({
        live: liveSeatCount(tx, sections.id),
        offers: liveOfferCount(tx, sections.id, now),
        seated: tx.$count(bookings, and(eq(bookings.sectionId, sections.id), isLiveSeat, eq(bookings.learnerId, learner.id))),
        listed: tx.$count(
          waitlistEntries,
          and(
            eq(waitlistEntries.sectionId, sections.id),
            eq(waitlistEntries.learnerId, learner.id),
            inArray(waitlistEntries.status, [...ACTIVE]),
          ),
        ),
      })
      .from(sections)
      .where(eq(sections.id, section.id));
    const fieldError = (message: string) => new AppError("conflict", message, { fieldErrors: { learnerId: message } });
    if ((counts?.seated ?? 0) > 0) throw fieldError(WAITLIST_MESSAGES.alreadySeated(learner.firstName, section.title));
    if ((counts?.listed ?? 0) > 0) throw fieldError(WAITLIST_MESSAGES.alreadyListed(learner.firstName, section.title));
    // Issue 40: one account holds a bounded number of places, in this class and overall (under the section's lock).
    const [held] = await tx
      .select({
        inSection: sql<number>`count(*) filter (where ${waitlistEntries.sectionId} = ${section.id})::int`,
        overall: sql<number>`count(*)::int`,
      })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.parentId, parentId), inArray(waitlistEntries.status, [...ACTIVE])));
    if (Number(held?.inSection ?? 0) >= WAITLIST_LIMITS.perSection) throw fieldError(WAITLIST_MESSAGES.tooManyInSection(section.title));
    if (Number(held?.overall ?? 0) >= WAITLIST_LIMITS.perAccount) throw fieldError(WAITLIST_MESSAGES.tooManyOverall);
    // Full as families see it: set full, or every seat sold, held or offered.
    const isFull = section.status === "full" || (counts?.live ?? 0) + (counts?.offers ?? 0) >= section.capacity;
    if (!isFull) throw new AppError("conflict", WAITLIST_MESSAGES.sectionNotFull(section.title));
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({ sectionId: section.id, learnerId: learner.id, parentId, status: "waiting", createdAt: now, statusChangedAt: now })
      .returning();
    if (!entry) throw new Error("insert returned no waitlist entry");
    await emit(tx, waitlistJoined, { entryId: entry.id, courseSlug: section.courseSlug });
    return {
      entryId: entry.id,
      position: await positionOf(tx, entry),
      courseTitle: section.title,
      courseSlug: section.courseSlug,
      learnerName: learner.firstName,
    };
  });
}

/**
 * The parent takes a child off a list. An offer given up frees its seat for the next in line, in
 * the same transaction under the section's lock.
 */
export async function leaveWaitlist(parentId: number, input: { entryId: unknown }, now = new Date()): Promise<{ courseSlug: string }> {
  const { entryId } = parseInput(waitlistEntrySchema, input);
  await enforceRateLimit(RATE_LIMITS.waitlistPerAccount, `account:${parentId}`);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ sectionId: waitlistEntries.sectionId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.parentId, parentId), inArray(waitlistEntries.status, [...ACTIVE])));
    if (!found) throw new AppError("not-found", WAITLIST_MESSAGES.entryNotFound);
    const section = await lockSection(tx, found.sectionId);
    // Read again under the lock: an offer may have lapsed or been taken meanwhile.
    const [entry] = await tx
      .select({ status: waitlistEntries.status, offerExpiresAt: waitlistEntries.offerExpiresAt })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, entryId), inArray(waitlistEntries.status, [...ACTIVE])));
    if (!entry) throw new AppError("not-found", WAITLIST_MESSAGES.entryNotFound);
    await tx.update(waitlistEntries).set({ status: "left", statusChangedAt: now }).where(eq(waitlistEntries.id, entryId));
    // A live offer given up is a freed seat: the next in line is offered it.
    const wasLiveOffer = entry.status === "offered" && entry.offerExpiresAt !== null && entry.offerExpiresAt > now;
    if (wasLiveOffer) await settleFreedSeats(tx, [found.sectionId], now);
    if (section?.courseSlug) await emit(tx, waitlistLeft, { entryId, courseSlug: section.courseSlug });
    return { courseSlug: section?.courseSlug ?? "" };
  });
}

/**
 * The time-driven step: offers past their deadline lapse and their seats go to the next in line.
 * Each section in its own transaction under its lock; an offer is lapsed by one update that only
 * matches it while still `offered`, so instances running this at once (or twice) lapse it once.
 */
export async function lapseExpiredOffers(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .selectDistinct({ sectionId: waitlistEntries.sectionId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, "offered"), lte(waitlistEntries.offerExpiresAt, now)));
  let lapsed = 0;
  for (const { sectionId } of due) {
    lapsed += await db.transaction(async (tx) => {
      await lockSection(tx, sectionId);
      const rows = await tx
        .update(waitlistEntries)
        .set({ status: "lapsed", statusChangedAt: now })
        .where(
          and(eq(waitlistEntries.sectionId, sectionId), eq(waitlistEntries.status, "offered"), lte(waitlistEntries.offerExpiresAt, now)),
        )
        .returning({ id: waitlistEntries.id });
      if (rows.length === 0) return 0;
      await emit(tx, waitlistOfferLapsed, { entryIds: rows.map((row) => row.id).sort((a, b) => a - b) });
      await settleFreedSeats(
        tx,
        rows.map(() => sectionId),
        now,
      );
      return rows.length;
    });
  }
  return lapsed;
}

export interface WaitlistEntryView {
  entryId: number;
  sectionId: number;
  learnerId: number;
  learnerName: string;
  courseTitle: string;
  courseSlug: string;
  status: "waiting" | "offered";
  /** Place in line (1 = next) while waiting; null for an offer. */
  position: number | null;
  /** An offer's deadline in the viewer's zone, with its name; null while waiting. */
  offerUntil: string | null;
  priceMinor: number;
  currency: string;
}

/** The family's active entries (waiting, or an offer still running), with places in line, for /my-courses and /waitlist. */
export async function familyWaitlist(parentId: number, zone: string, now = new Date(), sectionId?: number): Promise<WaitlistEntryView[]> {
  const db = await getDb();
  const ahead = db
    .select({ n: count() })
    .from(sql`${waitlistEntries} as ahead`)
    .where(
      sql`ahead.section_id = ${waitlistEntries.sectionId} and ahead.status = 'waiting' and (ahead.created_at, ahead.id) <= (${waitlistEntries.createdAt}, ${waitlistEntries.id})`,
    );
  const rows = await db
    .select({
      entryId: waitlistEntries.id,
      sectionId: waitlistEntries.sectionId,
      learnerId: waitlistEntries.learnerId,
      learnerName: learners.firstName,
      courseTitle: courses.title,
      courseSlug: courses.slug,
      status: waitlistEntries.status,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      position: sql<number>`(${ahead})`.mapWith(Number),
      priceMinor: sections.priceMinor,
      currency: sections.currency,
    })
    .from(waitlistEntries)
    .innerJoin(learners, eq(learners.id, waitlistEntries.learnerId))
    .innerJoin(sections, eq(sections.id, waitlistEntries.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(
      and(
        eq(waitlistEntries.parentId, parentId),
        sectionId === undefined ? undefined : eq(waitlistEntries.sectionId, sectionId),
        sql`(${waitlistEntries.status} = 'waiting' or (${isLiveOffer(now)}))`,
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  return rows.map((row) => ({
    entryId: row.entryId,
    sectionId: row.sectionId,
    learnerId: row.learnerId,
    learnerName: row.learnerName,
    courseTitle: row.courseTitle,
    courseSlug: row.courseSlug,
    status: row.status === "offered" ? "offered" : "waiting",
    position: row.status === "waiting" ? row.position : null,
    offerUntil: row.status === "offered" && row.offerExpiresAt ? formatInstantInZone(row.offerExpiresAt, zone) : null,
    priceMinor: row.priceMinor,
    currency: row.currency,
  }));
}

/** The family's live offer of an entry, for accepting it: the seat to check out (refused once it has run out). */
export async function liveOfferOf(parentId: number, input: { entryId: unknown }, now = new Date()) {
  const { entryId } = parseInput(waitlistEntrySchema, input);
  const db = await getDb();
  const [row] = await db
    .select({ sectionId: waitlistEntries.sectionId, learnerId: waitlistEntries.learnerId, status: waitlistEntries.status })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.parentId, parentId)));
  if (!row) throw new AppError("not-found", WAITLIST_MESSAGES.entryNotFound);
  const [live] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, entryId), isLiveOffer(now)));
  if (!live) throw new AppError("conflict", WAITLIST_MESSAGES.offerLapsed);
  return { sectionId: row.sectionId, learnerId: row.learnerId };
}

/** What a waitlist mail tells: the entry with its child, course, parent and deadline, read at delivery. */
export async function waitlistEntriesForMail(db: Database, entryIds: number[]) {
  if (entryIds.length === 0) return [];
  return db
    .select({
      entryId: waitlistEntries.id,
      status: waitlistEntries.status,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      learnerName: learners.firstName,
      courseTitle: courses.title,
      parentEmail: users.email,
      parentName: users.displayName,
      parentZone: users.timezone,
      sectionZone: sections.timezone,
    })
    .from(waitlistEntries)
    .innerJoin(learners, eq(learners.id, waitlistEntries.learnerId))
    .innerJoin(users, eq(users.id, waitlistEntries.parentId))
    .innerJoin(sections, eq(sections.id, waitlistEntries.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(inArray(waitlistEntries.id, entryIds))
    .orderBy(asc(waitlistEntries.id));
}
