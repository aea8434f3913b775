import "server-only";

import { and, asc, eq, inArray } from "drizzle-orm";

import { getDb, type Transaction } from "@/lib/platform/db/client";
import { bookings, messageThreads, sections, waitlistEntries } from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";

import { sectionRescheduled, sectionSaved, sectionTeacherChanged } from "./events";
import { raiseSeatSequences } from "./seat-sequence";
import { holdsNoClasses, SCHEDULING_MESSAGES, sectionSchema, type SectionInput } from "./schema";
import { firstSession, sectionSessions, weeklyRule, type SessionTimes } from "./sessions";
import { liveSeatCount } from "./slots";
import { settleFreedSeats } from "./waitlist";

export type SectionRow = typeof sections.$inferSelect;

/** The fields that decide when a section's sessions are: a change to any of them moves the sessions. */
const SCHEDULE_FIELDS = ["startsOn", "endsOn", "startMinute", "timezone", "rrule", "durationMinutes"] as const;

/** A section editor's input as the row it would write (validated: a 4xx AppError otherwise). */
export function sectionRowValues(input: SectionInput) {
  return rowValues(input);
}

function rowValues(input: SectionInput) {
  const data = parseInput(sectionSchema, input);
  // One shop, one currency: a section priced in another could be seen but never bought.
  if (data.currency !== env.CURRENCY) {
    const message = SCHEDULING_MESSAGES.currencyNotShop(env.CURRENCY);
    throw new AppError("invalid", message, { fieldErrors: { currency: message } });
  }
  const values = {
    courseId: data.courseId,
    teacherId: data.teacherId,
    classType: data.classType,
    capacity: data.capacity,
    priceMinor: data.priceMinor,
    currency: data.currency,
    startsOn: data.startsOn,
    endsOn: data.endsOn ?? null,
    startMinute: data.startTime,
    timezone: data.timezone,
    rrule: weeklyRule(data.weekdays),
    durationMinutes: data.durationMinutes,
    meetingUrl: data.meetingUrl ?? null,
    // "full" is set by the seats (markSectionsFull), never chosen: writeSectionUpdate decides it from them.
    status: data.status === "full" ? ("open" as const) : data.status,
  };
  // A section whose days never fall between its dates has no session: it ends before it starts.
  if (!firstSession(values)) {
    throw new AppError("invalid", SCHEDULING_MESSAGES.sectionEndsBeforeStart, {
      fieldErrors: { endsOn: SCHEDULING_MESSAGES.sectionEndsBeforeStart },
    });
  }
  return values;
}

/** Seats held or confirmed in a section. */
export async function seatsBooked(sectionId: number): Promise<number> {
  return liveSeatCount(await getDb(), sectionId);
}

export async function createSection(input: SectionInput): Promise<SectionRow> {
  const values = rowValues(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(sections).values(values).returning();
    if (!row) throw new Error("insert returned no section");
    await emit(tx, sectionSaved, { sectionId: row.id });
    return row;
  });
}

/** Changes a section; its capacity may not go below the seats already booked (nothing is changed then). */
export async function updateSection(id: number, input: SectionInput): Promise<SectionRow> {
  const values = rowValues(input);
  const db = await getDb();
  return db.transaction((tx) => writeSectionUpdate(tx, id, values));
}

/**
 * updateSection inside the caller's transaction: for a change that must commit with other writes
 * (closing a section commits with the withdrawal and refund of its seats, lib/commerce/refunds/section-close.ts).
 */
export async function updateSectionIn(tx: Transaction, id: number, input: SectionInput): Promise<SectionRow> {
  return writeSectionUpdate(tx, id, rowValues(input));
}

async function writeSectionUpdate(tx: Transaction, id: number, values: ReturnType<typeof rowValues>): Promise<SectionRow> {
  // Lock the section so a seat booked meanwhile is counted (PostgreSQL; PGlite runs one transaction at a time).
  const [current] = await tx.select().from(sections).where(eq(sections.id, id)).for("update");
  if (!current) throw new AppError("not-found", "That section does not exist.");
  const seats = await liveSeatCount(tx, id);
  if (values.capacity < seats) {
    const message = SCHEDULING_MESSAGES.capacityBelowBooked(seats);
    throw new AppError("invalid", message, { fieldErrors: { capacity: message } });
  }
  // Families keep their class until they are withdrawn (with their refund): a section without classes has no live seat.
  if (holdsNoClasses(values.status) && seats > 0) {
    const message = SCHEDULING_MESSAGES.seatsStillBooked(seats);
    throw new AppError("invalid", message, { fieldErrors: { status: message } });
  }
  const isRescheduled = SCHEDULE_FIELDS.some((field) => current[field] !== values[field]);
  // On sale with every seat taken is full; a capacity raised above the seats opens it again.
  const status = values.status === "open" && seats >= values.capacity ? "full" : values.status;
  const [row] = await tx
    .update(sections)
    .set({ ...values, status, scheduleVersion: current.scheduleVersion + (isRescheduled ? 1 : 0), updatedAt: new Date() })
    .where(eq(sections.id, id))
    .returning();
  if (!row) throw new AppError("not-found", "That section does not exist.");
  await settleWaitlist(tx, current, row);
  await emit(tx, sectionSaved, { sectionId: row.id });
  if (isRescheduled) await raiseSeatSequences(tx, row.id, row.scheduleVersion);
  // New times: the event commits with them (who reacts: lib/reactions/table.ts, the families booked into it).
  if (isRescheduled) await emit(tx, sectionRescheduled, { sectionId: row.id, scheduleVersion: row.scheduleVersion });
  if (current.teacherId !== row.teacherId) await moveThreadsToTeacher(tx, current.teacherId, row);
  return row;
}

/**
 * Issue 40: talk follows who teaches now. A section given to another teacher takes its threads
 * with it in this transaction (the seats' own teacher_id, which earnings read, is left as booked): the old teacher reads, posts and is
 * emailed no more, the new one does; the families are told who teaches now (section.teacher-changed).
 */
async function moveThreadsToTeacher(tx: Transaction, fromTeacherId: number, section: SectionRow): Promise<void> {
  const seats = tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.sectionId, section.id));
  await tx.update(messageThreads).set({ teacherId: section.teacherId }).where(inArray(messageThreads.bookingId, seats));
  await emit(tx, sectionTeacherChanged, { sectionId: section.id, fromTeacherId, toTeacherId: section.teacherId });
}

/**
 * The waitlist follows the section's change, under its lock: closed or made a draft, its line ends
 * (`closed`); a capacity raised (or a section opened by hand) offers the seats it frees to the
 * children in line, and reopens a full section with seats left after them (settleFreedSeats).
 */
async function settleWaitlist(tx: Transaction, before: SectionRow, after: SectionRow): Promise<void> {
  const now = new Date();
  if (holdsNoClasses(after.status)) {
    await tx
      .update(waitlistEntries)
      .set({ status: "closed", statusChangedAt: now })
      .where(and(eq(waitlistEntries.sectionId, after.id), inArray(waitlistEntries.status, ["waiting", "offered"])));
    return;
  }
  const raisedBy = Math.max(0, after.capacity - before.capacity);
  if (raisedBy > 0 || (after.status === "open" && before.status !== "open")) {
    await settleFreedSeats(
      tx,
      Array.from({ length: Math.max(1, raisedBy) }, () => after.id),
      now,
    );
  }
}

/** The open sections of a course, first starting first. */
export async function listOpenSections(courseId: number): Promise<SectionRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(sections)
    .where(and(eq(sections.courseId, courseId), eq(sections.status, "open")))
    .orderBy(asc(sections.startsOn), asc(sections.id));
}

/** A section's sessions in [from, to), UTC instants (see sessions.ts). */
export function sessionsOf(section: SectionRow, from: Date, to: Date): SessionTimes[] {
  return sectionSessions(section, from, to);
}
