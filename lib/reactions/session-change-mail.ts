import "server-only";

import { and, desc, eq, lte } from "drizzle-orm";

import { mergeInvites } from "@/lib/notifications/calendar";
import { enqueueEmail } from "@/lib/notifications/email";
import { sessionChangedEmail, type SessionChangeKind } from "@/lib/notifications/messages/session-changed";
import type { Database } from "@/lib/platform/db/client";
import { bookings, courses, learners, sections, sessionChanges, teacherSessionReliability } from "@/lib/platform/db/schema";
import type { Handler } from "@/lib/platform/events/reactions";
import type { SessionChangeEvent } from "@/lib/scheduling/events";
import { loadSessionChanges } from "@/lib/scheduling/session-changes";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { loadParents, loadTeacher } from "./booking-mail";
import { seatSequence } from "@/lib/scheduling/seat-sequence";

import { MY_COURSES_URL, seatInvite } from "./seat-invite";

/**
 * session.moved, session.cancelled, session.makeup-set: each family with a confirmed seat whose
 * series holds that session gets one message (naming every child of theirs in it), in its own zone,
 * with each seat's invite carrying every
 * changed occurrence (same UID, RECURRENCE-ID, SEQUENCE = the change's), so calendars update the
 * one session in place. Rendered at delivery: a change overtaken by a later one (a higher sequence)
 * is left to the later one's event. Keyed by change, sequence and seat: once however often delivered.
 */
/**
 * The seats a change of the session at `originalStartsAt` concerns, with their course and child: the
 * section's confirmed seats whose series already held that session (the families its mail tells).
 */
export async function seatsToldOfChange(db: Database, section: { id: number; courseId: number }, originalStartsAt: Date) {
  return db
    .select({ booking: bookings, courseTitle: courses.title, learnerName: learners.firstName })
    .from(bookings)
    .innerJoin(courses, eq(courses.id, section.courseId))
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(
      and(
        eq(bookings.sectionId, section.id),
        eq(bookings.kind, "seat"),
        eq(bookings.status, "confirmed"),
        // A seat whose first session comes later never had this one.
        lte(bookings.startsAt, originalStartsAt),
      ),
    );
}

export async function enqueueSessionChangeMail(
  db: Database,
  kind: SessionChangeKind,
  { changeId, sequence }: SessionChangeEvent,
): Promise<void> {
  const [change] = await db.select().from(sessionChanges).where(eq(sessionChanges.id, changeId));
  if (!change || change.sequence !== sequence) return;
  const [section] = await db.select().from(sections).where(eq(sections.id, change.sectionId));
  if (!section) return;
  const seats = await seatsToldOfChange(db, section, change.originalStartsAt);
  if (seats.length === 0) return;
  const teacher = await loadTeacher(db, section.teacherId);
  const changes = (await loadSessionChanges(db, [section.id])).get(section.id) ?? [];
  const parents = await loadParents(
    db,
    seats.map(({ booking }) => booking),
  );
  const now = kind === "moved" ? change.startsAt : kind === "makeup" ? change.makeupStartsAt : null;
  const missed = kind === "cancelled" && change.changedById === null ? await missedByTeacher(db, change.id) : null;
  // A missed session is named by its time as held (a moved session's, a make-up's), the one the family waited at.
  const wasAt = missed?.sessionStartsAt ?? change.originalStartsAt;
  // One message per family: a parent with several children in the class hears once, naming them all.
  const families = new Map<string, typeof seats>();
  for (const seat of seats) {
    const key = parents.get(seat.booking.id)!.email.toLowerCase();
    families.set(key, [...(families.get(key) ?? []), seat]);
  }
  for (const family of families.values()) {
    family.sort((a, b) => a.booking.id.localeCompare(b.booking.id));
    const { booking: first, courseTitle } = family[0]!;
    const parent = parents.get(first.id)!;
    const content = sessionChangedEmail({
      kind,
      readerName: parent.name,
      // In the order of the alphabet, the same in every message (the seats' ids are random).
      learnerNames: [...new Set(family.map((seat) => seat.learnerName))].sort((a, b) => a.localeCompare(b)),
      courseTitle,
      wasWhen: formatInstantInZone(wasAt, parent.zone),
      nowWhen: now ? formatInstantInZone(now, parent.zone) : null,
      creditWhen: kind === "cancelled" && change.creditDueAt ? formatInstantInZone(change.creditDueAt, parent.zone) : null,
      missedByTeacher: missed !== null,
      myCoursesUrl: MY_COURSES_URL(),
    });
    // Each seat keeps its own calendar event (UID); the family's file carries them all.
    const invite = mergeInvites(
      family.map(({ booking, learnerName }) =>
        seatInvite(
          {
            bookingId: booking.id,
            startsAt: booking.startsAt,
            endsAt: booking.endsAt,
            learnerName,
            courseTitle,
            teacherName: teacher.name,
            parent,
            sessionChanges: changes,
          },
          section,
          seatSequence(booking, change.sequence),
        ),
      ),
    );
    // Keyed by the family's first seat: delivered again, the same message.
    await enqueueEmail(db, `session-change:${change.id}:${change.sequence}:${first.id}`, { ...content, invite, to: parent.email });
  }
}

/** Cancelled by no person, for a session on its teacher's record as never joined: the reliability job's cancel (lib/classroom/reliability.ts), the latest if a make-up was missed too. */
async function missedByTeacher(db: Database, changeId: number): Promise<{ sessionStartsAt: Date } | null> {
  const [absent] = await db
    .select({ sessionStartsAt: teacherSessionReliability.sessionStartsAt })
    .from(teacherSessionReliability)
    .where(and(eq(teacherSessionReliability.sessionChangeId, changeId), eq(teacherSessionReliability.kind, "absent")))
    .orderBy(desc(teacherSessionReliability.sessionStartsAt))
    .limit(1);
  return absent ?? null;
}

export const sessionChangeMail = {
  moved: { name: "session-moved-mail", handle: (db, event) => enqueueSessionChangeMail(db, "moved", event) },
  cancelled: { name: "session-cancelled-mail", handle: (db, event) => enqueueSessionChangeMail(db, "cancelled", event) },
  makeup: { name: "session-makeup-mail", handle: (db, event) => enqueueSessionChangeMail(db, "makeup", event) },
} satisfies Record<SessionChangeKind, Handler<SessionChangeEvent>>;
