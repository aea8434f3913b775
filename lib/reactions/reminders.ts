import "server-only";

import { and, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";

import { enqueueEmail } from "@/lib/notifications/email";
import { REMINDER_KINDS, sessionReminderEmail, type ReminderKind } from "@/lib/notifications/messages/session-reminder";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { bookings, courses, learners, outbox, sections } from "@/lib/platform/db/schema";
import { loadSessionChanges } from "@/lib/scheduling/session-changes";
import { sectionSessionsWithChanges } from "@/lib/scheduling/session-overrides";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadParent, loadTeacher } from "./booking-mail";

/**
 * Reminders 24 hours and 1 hour before each session of a confirmed demo or seat. Any number of
 * instances may scan at once: each reminder's outbox key names (booking, session instant, kind),
 * and the insert does nothing on a key that exists, so each is queued (and so sent) exactly once.
 * A session moved to another time gets the reminders of its new time.
 */
const DAY_MS = REMINDER_KINDS["24h"];

interface DueSession {
  bookingId: string;
  startsAt: Date;
  kind: ReminderKind;
}

export const reminderKey = (bookingId: string, startsAt: Date, kind: ReminderKind) =>
  `reminder:${bookingId}:${startsAt.toISOString()}:${kind}`;

/**
 * The one reminder due for a session at `now`, if any: the nearest lead time already reached (a
 * scan late by hours sends the 1-hour reminder, not both), and only if the booking existed when
 * it fell due (a seat bought 3 hours before gets no "24 hours" reminder: its confirmation just went).
 */
export function dueReminder(startsAt: Date, bookedAt: Date, now: Date): ReminderKind | null {
  const left = startsAt.getTime() - now.getTime();
  if (left <= 0) return null;
  const kind: ReminderKind | null = left <= REMINDER_KINDS["1h"] ? "1h" : left <= REMINDER_KINDS["24h"] ? "24h" : null;
  if (!kind) return null;
  return bookedAt.getTime() <= startsAt.getTime() - REMINDER_KINDS[kind] ? kind : null;
}

/** Every session of a confirmed demo or seat starting within the next 24 hours, with its due reminder. */
async function dueSessions(db: Database, now: Date): Promise<DueSession[]> {
  const horizon = new Date(now.getTime() + DAY_MS);
  const due: DueSession[] = [];
  const demos = await db
    .select({ id: bookings.id, startsAt: bookings.startsAt, createdAt: bookings.createdAt })
    .from(bookings)
    .where(and(eq(bookings.kind, "demo"), eq(bookings.status, "confirmed"), gt(bookings.startsAt, now), lte(bookings.startsAt, horizon)));
  for (const demo of demos) {
    const kind = dueReminder(demo.startsAt, demo.createdAt, now);
    if (kind) due.push({ bookingId: demo.id, startsAt: demo.startsAt, kind });
  }
  // A seat's booking starts at its first session; the section's rule gives the rest.
  const today = now.toISOString().slice(0, 10);
  const seats = await db
    .select({ id: bookings.id, firstStartsAt: bookings.startsAt, createdAt: bookings.createdAt, section: sections })
    .from(bookings)
    .innerJoin(sections, eq(sections.id, bookings.sectionId))
    .where(
      and(
        eq(bookings.kind, "seat"),
        eq(bookings.status, "confirmed"),
        lte(bookings.startsAt, horizon),
        or(isNull(sections.endsOn), sql`${sections.endsOn} >= ${today}::date - 1`),
      ),
    );
  // Moved sessions and make-ups are reminded at their time; cancelled ones not at all (issue 27).
  const changes = await loadSessionChanges(
    db,
    seats.map((seat) => seat.section.id),
  );
  for (const seat of seats) {
    const from = new Date(Math.max(now.getTime() + 1, seat.firstStartsAt.getTime()));
    const section = { ...seat.section, sessionChanges: changes.get(seat.section.id) ?? [] };
    for (const session of sectionSessionsWithChanges(section, from, new Date(horizon.getTime() + 1))) {
      const startsAt = new Date(session.startsAt);
      const kind = dueReminder(startsAt, seat.createdAt, now);
      if (kind) due.push({ bookingId: seat.id, startsAt, kind });
    }
  }
  return due;
}

/** Renders and queues one reminder, in the parent's zone, with what the family's pages show. */
async function enqueueReminder(db: Database, session: DueSession): Promise<void> {
  const [row] = await db
    .select({ booking: bookings, courseTitle: courses.title, learnerName: learners.firstName })
    .from(bookings)
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .leftJoin(learners, eq(learners.id, bookings.learnerId))
    .where(eq(bookings.id, session.bookingId));
  if (!row) return;
  const { booking } = row;
  const isDemo = booking.kind === "demo";
  const courseTitle = row.courseTitle ?? "Free demo class";
  const parent = await loadParent(db, booking);
  const teacher = await loadTeacher(db, booking.teacherId);
  const content = sessionReminderEmail({
    readerName: parent.name,
    learnerName: row.learnerName,
    courseTitle,
    teacherName: teacher.name ?? "your teacher",
    when: formatInstantInZone(session.startsAt, parent.zone),
    kind: session.kind,
    isDemo,
    pageUrl: isDemo ? `${brand.siteUrl}/demo/${booking.token}` : `${brand.siteUrl}/my-courses`,
  });
  await enqueueEmail(db, reminderKey(session.bookingId, session.startsAt, session.kind), { ...content, to: parent.email });
}

/**
 * One scan: queues every reminder due at `now` (tests pass a fake clock) that no scan has queued
 * before. Returns how many it found unqueued (a concurrent scan may have won some of those inserts).
 */
export async function queueDueReminders(db: Database, now: Date = new Date()): Promise<number> {
  const due = await dueSessions(db, now);
  if (due.length === 0) return 0;
  const keys = due.map((d) => `email:${reminderKey(d.bookingId, d.startsAt, d.kind)}`);
  const queued = new Set(
    (await db.select({ key: outbox.dedupeKey }).from(outbox).where(inArray(outbox.dedupeKey, keys))).map((row) => row.key),
  );
  let count = 0;
  for (const [i, session] of due.entries()) {
    if (queued.has(keys[i]!)) continue;
    // Rendered only when not yet queued; the insert's ON CONFLICT DO NOTHING settles a race with another scan.
    await enqueueReminder(db, session);
    count += 1;
  }
  return count;
}
