import "server-only";

import { and, asc, eq, gt, gte, inArray, lt, or } from "drizzle-orm";
import { DateTime } from "luxon";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Database, type Transaction } from "@/lib/platform/db/client";
import { bookings, courses, sections, sessionChanges } from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";

import { sessionCancelled, sessionMakeupSet, sessionMoved } from "./events";
import { raiseSeatSequences } from "./seat-sequence";
import {
  cancelSessionSchema,
  makeupSessionSchema,
  moveSessionSchema,
  SESSION_CHANGE_MESSAGES as M,
  type CancelSessionInput,
  type MakeupSessionInput,
  type MoveSessionInput,
} from "./session-change-schema";
import { isOccurrence, sectionSessionsWithChanges, type SessionChange } from "./session-overrides";
import { LIVE_BOOKING_STATUSES } from "./slots";
import { formatInstantInZone } from "./time";

type SessionChangeRow = typeof sessionChanges.$inferSelect;
type SectionRow = typeof sections.$inferSelect;

/** The sections whose sessions run (a draft has none yet, a closed one none any more). */
const RUNNING = ["open", "full"] as const;

export function toSessionChange(row: SessionChangeRow): SessionChange {
  return {
    originalStartsAt: row.originalStartsAt.toISOString(),
    kind: row.kind,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    makeupStartsAt: row.makeupStartsAt?.toISOString() ?? null,
    makeupEndsAt: row.makeupEndsAt?.toISOString() ?? null,
  };
}

/** The changes of these sections' sessions, one query (every section asked for is in the map). */
export async function loadSessionChanges(db: Pick<Database, "select">, sectionIds: number[]): Promise<Map<number, SessionChange[]>> {
  const bySection = new Map<number, SessionChange[]>(sectionIds.map((id) => [id, []]));
  if (sectionIds.length === 0) return bySection;
  const rows = await db
    .select()
    .from(sessionChanges)
    .where(inArray(sessionChanges.sectionId, [...new Set(sectionIds)]));
  for (const row of rows) bySection.get(row.sectionId)?.push(toSessionChange(row));
  return bySection;
}

/**
 * Every section's changes that touch a session from `since` on (its old time, its new time or its
 * make-up), by section: the others change nothing in a window that starts then. One query without
 * a list of sections, for readers of many (the class search, the course cards' facts): changes are
 * few next to sections, and those to come fewer still.
 */
export async function loadUpcomingSessionChanges(db: Pick<Database, "select">, since: Date): Promise<Map<number, SessionChange[]>> {
  const rows = await db
    .select()
    .from(sessionChanges)
    .where(or(gte(sessionChanges.originalStartsAt, since), gte(sessionChanges.startsAt, since), gte(sessionChanges.makeupStartsAt, since)));
  const bySection = new Map<number, SessionChange[]>();
  for (const row of rows) {
    const list = bySection.get(row.sectionId) ?? [];
    list.push(toSessionChange(row));
    bySection.set(row.sectionId, list);
  }
  return bySection;
}

/** Section rows with their session changes attached, ready for sectionSessionsWithChanges. */
export async function withSessionChanges<T extends { id: number }>(
  db: Pick<Database, "select">,
  rows: T[],
): Promise<(T & { sessionChanges: SessionChange[] })[]> {
  const changes = await loadSessionChanges(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, sessionChanges: changes.get(row.id) ?? [] }));
}

/** A wall time in `zone` as an instant, or the field's message. */
function instantOf(local: string, zone: string, field: string): Date {
  const time = DateTime.fromISO(local, { zone });
  if (!time.isValid) throw new AppError("invalid", M.timeInvalid, { fieldErrors: { [field]: M.timeInvalid } });
  // Luxon moves a skipped wall time forward: the clock read back differs from what was typed.
  if (time.toFormat("yyyy-MM-dd'T'HH:mm") !== local)
    throw new AppError("invalid", M.timeSkipped, { fieldErrors: { [field]: M.timeSkipped } });
  return time.toUTC().toJSDate();
}

/**
 * The section, locked, with the other running sections of its teacher, all locked in id order in
 * one statement (two changes into the same free hour of one teacher wait on each other, and two
 * changes of that teacher's sections never lock in opposite orders), after the actor's right to change it.
 */
async function lockOwnSection(tx: Transaction, actor: Actor, sectionId: number): Promise<{ section: SectionRow; others: SectionRow[] }> {
  const [found] = await tx.select({ teacherId: sections.teacherId }).from(sections).where(eq(sections.id, sectionId));
  // The same refusal whether the section is someone else's or none.
  if (!found || (actor.role !== "admin" && found.teacherId !== actor.id)) throw new AppError("forbidden", M.notYourSection);
  const locked = await lockTeacherSections(tx, found.teacherId, sectionId);
  // Handed to another teacher between the two reads: refused as anyone else's.
  if (!locked) throw new AppError("forbidden", M.notYourSection);
  if (!(RUNNING as readonly string[]).includes(locked.section.status)) throw new AppError("conflict", M.sectionNotRunning);
  return locked;
}

/** The section with its teacher's running sections, locked in id order in one statement; null when it is not (or no longer) that teacher's. */
async function lockTeacherSections(
  tx: Transaction,
  teacherId: number,
  sectionId: number,
): Promise<{ section: SectionRow; others: SectionRow[] } | null> {
  const locked = await tx
    .select()
    .from(sections)
    .where(and(eq(sections.teacherId, teacherId), or(eq(sections.id, sectionId), inArray(sections.status, [...RUNNING]))))
    .orderBy(asc(sections.id))
    .for("update");
  const section = locked.find((row) => row.id === sectionId);
  return section ? { section, others: locked.filter((row) => row.id !== sectionId) } : null;
}

/** The occurrence asked for: one of the rule's, not started yet (by its current time), with its change if any. */
async function occurrenceOf(tx: Transaction, section: SectionRow, occurrence: string, now: Date) {
  const at = new Date(occurrence);
  if (!isOccurrence(section, at.toISOString()))
    throw new AppError("invalid", M.notASession, { fieldErrors: { occurrence: M.notASession } });
  const [change] = await tx
    .select()
    .from(sessionChanges)
    .where(and(eq(sessionChanges.sectionId, section.id), eq(sessionChanges.originalStartsAt, at)));
  const currentStart = change?.kind === "moved" && change.startsAt ? change.startsAt : at;
  return { at, change: change ?? null, hasStarted: currentStart.getTime() <= now.getTime() };
}

/**
 * Refuses a time when the teacher teaches or has a demo then: their sections' sessions (with their
 * changes, this section's other sessions included, the session being moved left out) and live demos.
 */
async function checkTeacherFree(
  tx: Transaction,
  section: SectionRow,
  others: SectionRow[],
  occurrence: Date,
  start: Date,
  end: Date,
  field: string,
  viewerZone: string,
): Promise<void> {
  const taught = await withSessionChanges(tx, [section, ...others]);
  // Sessions that start up to a day before could still run into the new time.
  const from = new Date(start.getTime() - 86_400_000);
  for (const other of taught) {
    for (const session of sectionSessionsWithChanges(other, from, end)) {
      if (other.id === section.id && session.occurrence === occurrence.toISOString()) continue;
      if (Date.parse(session.startsAt) < end.getTime() && Date.parse(session.endsAt) > start.getTime()) {
        const message = M.teacherBusy(`a class at ${formatInstantInZone(session.startsAt, viewerZone)}`);
        throw new AppError("conflict", message, { fieldErrors: { [field]: message } });
      }
    }
  }
  const [demo] = await tx
    .select({ startsAt: bookings.startsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.teacherId, section.teacherId),
        eq(bookings.kind, "demo"),
        inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
        lt(bookings.startsAt, end),
        gt(bookings.endsAt, start),
      ),
    )
    .limit(1);
  if (demo) {
    const message = M.teacherBusy(`a demo at ${formatInstantInZone(demo.startsAt, viewerZone)}`);
    throw new AppError("conflict", message, { fieldErrors: { [field]: message } });
  }
}

/** A new time for a session: typed in `zone` (the page's, else the section's), in the future, the teacher free then. */
async function newTime(
  tx: Transaction,
  section: SectionRow,
  others: SectionRow[],
  occurrence: Date,
  typed: { startsAt: string; timezone?: string | undefined },
  now: Date,
) {
  const zone = typed.timezone ?? section.timezone;
  const start = instantOf(typed.startsAt, zone, "startsAt");
  if (start.getTime() <= now.getTime()) throw new AppError("invalid", M.timePast, { fieldErrors: { startsAt: M.timePast } });
  const end = new Date(start.getTime() + section.durationMinutes * 60_000);
  await checkTeacherFree(tx, section, others, occurrence, start, end, "startsAt", zone);
  return { start, end };
}

/** Raises the section's schedule version: the SEQUENCE of every invite that carries this change. */
async function nextSequence(tx: Transaction, section: SectionRow, now: Date): Promise<number> {
  const sequence = section.scheduleVersion + 1;
  await tx.update(sections).set({ scheduleVersion: sequence, updatedAt: now }).where(eq(sections.id, section.id));
  await raiseSeatSequences(tx, section.id, sequence);
  return sequence;
}

/** The occurrence's one row: written the first time, rewritten on each later change (a move, a cancellation after a move). */
async function writeChange(
  tx: Transaction,
  key: { sectionId: number; originalStartsAt: Date },
  change: Omit<typeof sessionChanges.$inferInsert, "sectionId" | "originalStartsAt">,
): Promise<SessionChangeRow> {
  const [row] = await tx
    .insert(sessionChanges)
    .values({ ...key, ...change })
    .onConflictDoUpdate({ target: [sessionChanges.sectionId, sessionChanges.originalStartsAt], set: { ...change, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error("session change not written");
  return row;
}

/** Moves one session of a section (again, if it was moved before): families are told by its event. */
export async function moveSession(
  actor: Actor | null,
  sectionId: number,
  input: MoveSessionInput | Record<string, string>,
  now = new Date(),
): Promise<SessionChangeRow> {
  authorize(actor, "sections.manage");
  const data = parseInput(moveSessionSchema, input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { section, others } = await lockOwnSection(tx, actor, sectionId);
    const { at, change, hasStarted } = await occurrenceOf(tx, section, data.occurrence, now);
    if (hasStarted) throw new AppError("conflict", M.sessionStarted);
    if (change?.kind === "cancelled") throw new AppError("conflict", M.alreadyCancelled);
    const { start, end } = await newTime(tx, section, others, at, data, now);
    const current = change?.startsAt ?? at;
    if (current.getTime() === start.getTime()) throw new AppError("invalid", M.unchanged, { fieldErrors: { startsAt: M.unchanged } });
    const sequence = await nextSequence(tx, section, now);
    const row = await writeChange(
      tx,
      { sectionId: section.id, originalStartsAt: at },
      {
        kind: "moved",
        startsAt: start,
        endsAt: end,
        makeupStartsAt: null,
        makeupEndsAt: null,
        creditDueAt: null,
        sequence,
        changedById: actor.id,
      },
    );
    await emit(tx, sessionMoved, { changeId: row.id, sequence });
    return row;
  });
}

/** The moment a cancelled session without a make-up is credited (the terms print the same hours). */
export function creditDueAt(sessionStartsAt: Date, hours = env.SESSION_MAKEUP_DEADLINE_HOURS): Date {
  return new Date(sessionStartsAt.getTime() + hours * 3_600_000);
}

/** Cancels one session (a moved one too): families are told; a make-up or the credit follows. */
export async function cancelSession(
  actor: Actor | null,
  sectionId: number,
  input: CancelSessionInput | Record<string, string>,
  now = new Date(),
): Promise<SessionChangeRow> {
  authorize(actor, "sections.manage");
  const data = parseInput(cancelSessionSchema, input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { section } = await lockOwnSection(tx, actor, sectionId);
    const { at, change, hasStarted } = await occurrenceOf(tx, section, data.occurrence, now);
    if (hasStarted) throw new AppError("conflict", M.sessionStarted);
    if (change?.kind === "cancelled") throw new AppError("conflict", M.alreadyCancelled);
    return writeCancellation(tx, section, at, change, actor.id, now);
  });
}

/**
 * The cancellation itself, whoever cancels: the occurrence's row (its credit due from the session's
 * time as the families last knew it: the rule's, a move's or a make-up's), the invites' next
 * SEQUENCE and session.cancelled, whose reactions tell the families; the credit job or a make-up
 * follows (lib/commerce/session-credits.ts). A make-up cancelled this way is cleared from the row:
 * the session is owed again, once (its credit is made at most once, by the row's credited_at).
 */
async function writeCancellation(
  tx: Transaction,
  section: SectionRow,
  at: Date,
  change: SessionChangeRow | null,
  changedById: number | null,
  now: Date,
): Promise<SessionChangeRow> {
  const sequence = await nextSequence(tx, section, now);
  const heldAt = (change?.kind === "moved" ? change.startsAt : change?.makeupStartsAt) ?? at;
  const row = await writeChange(
    tx,
    { sectionId: section.id, originalStartsAt: at },
    {
      kind: "cancelled",
      startsAt: null,
      endsAt: null,
      makeupStartsAt: null,
      makeupEndsAt: null,
      creditDueAt: creditDueAt(heldAt),
      sequence,
      changedById,
    },
  );
  await emit(tx, sessionCancelled, { changeId: row.id, sequence });
  return row;
}

/** How a missed session was held: at the rule's time, moved to another, or as a cancelled session's make-up. */
export type MissedSessionKind = "regular" | "moved" | "makeup";

/**
 * The system's cancel of a session its teacher never came into the classroom for, which counts as
 * cancelled: run by the reliability job (lib/classroom/reliability.ts) in the transaction that
 * records the absence, once the session is over. `heldAt` is the session's start as it was held
 * (the classroom room's): an occurrence of the rule left as it was, a session moved to that time,
 * or a cancelled session's make-up at that time; each is cancelled by the same rules and road as a
 * teacher's cancel (the families told, then a make-up or the credit after the deadline, counted
 * from `heldAt`), with no person as its author, under the same section locks as a person's change,
 * so the two wait on each other. Leaves alone, returning null, a session that is not one to cancel:
 * its section no longer running (closing one refunds its families), its occurrence no longer one of
 * the section's (its times were edited since: the change lapsed), one already cancelled without a
 * make-up at that time, one moved away from it, or a make-up whose session was credited already.
 */
export async function cancelMissedSession(
  tx: Transaction,
  sectionId: number,
  heldAt: Date,
  now = new Date(),
): Promise<{ change: SessionChangeRow; heldAs: MissedSessionKind } | null> {
  const [found] = await tx.select({ teacherId: sections.teacherId }).from(sections).where(eq(sections.id, sectionId));
  const locked = found ? await lockTeacherSections(tx, found.teacherId, sectionId) : null;
  if (!locked || !(RUNNING as readonly string[]).includes(locked.section.status)) return null;
  const { section } = locked;
  // Every change that names this time: the occurrence's own, a move to it, a make-up at it. Locked
  // as the credit job and a make-up's change lock them: each sees the row as the other left it.
  const changes = await tx
    .select()
    .from(sessionChanges)
    .where(
      and(
        eq(sessionChanges.sectionId, section.id),
        or(eq(sessionChanges.originalStartsAt, heldAt), eq(sessionChanges.startsAt, heldAt), eq(sessionChanges.makeupStartsAt, heldAt)),
      ),
    )
    .orderBy(asc(sessionChanges.id))
    .for("update");
  const at = heldAt.getTime();
  const landed = changes.find(
    (c) =>
      (c.kind === "moved" && c.startsAt?.getTime() === at) ||
      (c.kind === "cancelled" && c.makeupStartsAt?.getTime() === at && !c.creditedAt),
  );
  if (landed) {
    if (!isOccurrence(section, landed.originalStartsAt.toISOString())) return null;
    const change = await writeCancellation(tx, section, landed.originalStartsAt, landed, null, now);
    return { change, heldAs: landed.kind === "moved" ? "moved" : "makeup" };
  }
  if (!isOccurrence(section, heldAt.toISOString())) return null;
  if (changes.some((c) => c.originalStartsAt.getTime() === at)) return null;
  return { change: await writeCancellation(tx, section, heldAt, null, null, now), heldAs: "regular" };
}

/** Sets (or changes) the make-up of a cancelled session, until its credit has been made. */
export async function setMakeupSession(
  actor: Actor | null,
  sectionId: number,
  input: MakeupSessionInput | Record<string, string>,
  now = new Date(),
): Promise<SessionChangeRow> {
  authorize(actor, "sections.manage");
  const data = parseInput(makeupSessionSchema, input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { section, others } = await lockOwnSection(tx, actor, sectionId);
    const at = new Date(data.occurrence);
    // Locked: the credit job takes the same row's lock, so a make-up and a credit never both happen.
    const [change] = await tx
      .select()
      .from(sessionChanges)
      .where(and(eq(sessionChanges.sectionId, section.id), eq(sessionChanges.originalStartsAt, at)))
      .for("update");
    if (!change || change.kind !== "cancelled") throw new AppError("conflict", M.notCancelled);
    if (change.creditedAt) throw new AppError("conflict", M.alreadyCredited);
    const { start, end } = await newTime(tx, section, others, at, data, now);
    const sequence = await nextSequence(tx, section, now);
    const [row] = await tx
      .update(sessionChanges)
      .set({ makeupStartsAt: start, makeupEndsAt: end, sequence, changedById: actor.id, updatedAt: now })
      .where(eq(sessionChanges.id, change.id))
      .returning();
    if (!row) throw new Error("session change not written");
    await emit(tx, sessionMakeupSet, { changeId: row.id, sequence });
    return row;
  });
}

export interface SessionLine {
  occurrence: string;
  startsAt: string;
  endsAt: string;
  state: "scheduled" | "moved" | "cancelled" | "makeup";
  /** In the view's zone, named. */
  when: string;
  /** The datetime-local value of the start in the view's zone (the forms' default). */
  local: string;
  /** For a cancelled session: its make-up, if set, and whether the credit was made. */
  makeupWhen: string | null;
  creditDueWhen: string | null;
  isCredited: boolean;
}

export interface SectionSessionsView {
  sectionId: number;
  courseTitle: string;
  /** The zone every time here is shown and typed in: the viewer's (the section's when none is given). */
  timezone: string;
  sessions: SessionLine[];
}

/** The coming sessions of a section (cancelled ones included), for its teacher or an admin to change. */
export async function listChangeableSessions(
  actor: Actor | null,
  sectionId: number,
  now = new Date(),
  weeks = 8,
  viewerZone: string | null = null,
): Promise<SectionSessionsView> {
  authorize(actor, "sections.manage");
  const db = await getDb();
  const [found] = await db
    .select({ section: sections, courseTitle: courses.title })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(sections.id, sectionId));
  const section = found?.section;
  if (!found || !section || (actor.role !== "admin" && section.teacherId !== actor.id)) throw new AppError("forbidden", M.notYourSection);
  const rows = await db.select().from(sessionChanges).where(eq(sessionChanges.sectionId, section.id));
  const [withChanges] = await withSessionChanges(db, [section]);
  const byOccurrence = new Map(rows.map((row) => [row.originalStartsAt.toISOString(), row]));
  const zone = viewerZone ?? section.timezone;
  const local = (iso: string) => DateTime.fromISO(iso, { zone: "utc" }).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm");
  const sessions = sectionSessionsWithChanges(withChanges!, now, new Date(now.getTime() + weeks * 7 * 86_400_000), {
    includeCancelled: true,
  });
  // A cancelled session whose make-up is further out still shows once, at its cancelled time.
  return {
    sectionId: section.id,
    courseTitle: found.courseTitle,
    timezone: zone,
    sessions: sessions
      .filter((s) => s.state !== "makeup")
      .map((s) => {
        const change = byOccurrence.get(s.occurrence);
        return {
          occurrence: s.occurrence,
          startsAt: s.startsAt,
          endsAt: s.endsAt,
          state: s.state,
          when: formatInstantInZone(s.startsAt, zone),
          local: local(s.startsAt),
          makeupWhen: change?.makeupStartsAt ? formatInstantInZone(change.makeupStartsAt, zone) : null,
          creditDueWhen: change?.creditDueAt ? formatInstantInZone(change.creditDueAt, zone) : null,
          isCredited: Boolean(change?.creditedAt),
        };
      }),
  };
}
