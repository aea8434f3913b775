import "server-only";

import { and, asc, eq, inArray, lte } from "drizzle-orm";

import { bookingUid, calendarInvite, type InviteMethod } from "@/lib/notifications/calendar";
import { enqueueEmail, type EmailContent } from "@/lib/notifications/email";
import type { DemoFacts, TeacherDemoFacts } from "@/lib/notifications/messages/facts";
import { parentDemoBookedEmail } from "@/lib/notifications/messages/parent-demo-booked";
import { parentDemoCancelledEmail } from "@/lib/notifications/messages/parent-demo-cancelled";
import { parentDemoMovedEmail } from "@/lib/notifications/messages/parent-demo-moved";
import { teacherDemoBookedEmail } from "@/lib/notifications/messages/teacher-demo-booked";
import { teacherDemoCancelledEmail } from "@/lib/notifications/messages/teacher-demo-cancelled";
import { teacherDemoMovedEmail } from "@/lib/notifications/messages/teacher-demo-moved";
import { mailFrom } from "@/lib/notifications/sender-address";
import { brand } from "@/lib/platform/brand";
import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import type { Database } from "@/lib/platform/db/client";
import { teacherNameShown } from "@/lib/platform/db/queries";
import { bookingHistory, bookings, courses, demoRequests, learners, teacherProfiles, users } from "@/lib/platform/db/schema";
import type { Handler } from "@/lib/platform/events/reactions";
import type { BookingChangeKind } from "@/lib/scheduling/bookings";
import type { BookingChangeEvent } from "@/lib/scheduling/events";
import { formatInstantInZone } from "@/lib/scheduling/time";

/**
 * The messages a demo booking's changes send (booking.booked, booking.moved, booking.cancelled),
 * rendered when the event is delivered, after the change committed, in each reader's zone, with
 * the booking's invite; and the readers' lookups other messages share.
 */
type Tx = Pick<Database, "select" | "insert">;

/** ARCHITECTURE "Time": the account's zone; else the one the family booked in; else UTC (named in every time shown). */
export function readerZone(accountZone: string | null | undefined, bookedZone: string | null | undefined): string {
  return accountZone || bookedZone || FALLBACK_TIMEZONE;
}

export interface Reader {
  email: string;
  name: string | null;
  zone: string;
}

export async function loadBooking(tx: Tx, bookingId: string) {
  const [row] = await tx
    .select({
      id: bookings.id,
      token: bookings.token,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      timezone: bookings.timezone,
      teacherId: bookings.teacherId,
      learnerId: bookings.learnerId,
      demoRequestId: bookings.demoRequestId,
      courseTitle: courses.title,
    })
    .from(bookings)
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

/** What a booking's family is found from. */
type FamilyOf = Pick<NonNullable<Awaited<ReturnType<typeof loadBooking>>>, "id" | "learnerId" | "demoRequestId" | "timezone">;
export type ParentReader = Reader & { grade: number | null };

/**
 * The families of one announcement's bookings, by booking id, in at most two queries whatever their
 * number (a section's seats, an order's children): the learner's parent account, or the demo
 * request's email (and its account's zone, if it had one).
 */
export async function loadParents(tx: Tx, list: FamilyOf[]): Promise<Map<string, ParentReader>> {
  const learnerIds = [...new Set(list.flatMap((b) => (b.learnerId === null ? [] : [b.learnerId])))];
  const parentRows =
    learnerIds.length === 0
      ? []
      : await tx
          .select({ learnerId: learners.id, email: users.email, name: users.displayName, zone: users.timezone, grade: learners.grade })
          .from(learners)
          .innerJoin(users, eq(users.id, learners.parentId))
          .where(inArray(learners.id, learnerIds));
  const byLearner = new Map(parentRows.map((row) => [row.learnerId, row]));
  const withoutParent = list.filter((b) => b.learnerId === null || !byLearner.has(b.learnerId));
  const requestIds = [...new Set(withoutParent.flatMap((b) => (b.demoRequestId === null ? [] : [b.demoRequestId])))];
  const requestRows =
    requestIds.length === 0
      ? []
      : await tx
          .select({
            id: demoRequests.id,
            email: demoRequests.userEmail,
            grade: demoRequests.grade,
            accountZone: users.timezone,
          })
          .from(demoRequests)
          .leftJoin(users, eq(users.id, demoRequests.userId))
          .where(inArray(demoRequests.id, requestIds));
  const byRequest = new Map(requestRows.map((row) => [row.id, row]));
  const parents = new Map<string, ParentReader>();
  for (const booking of list) {
    const parent = booking.learnerId === null ? undefined : byLearner.get(booking.learnerId);
    if (parent) {
      parents.set(booking.id, {
        email: parent.email,
        name: parent.name,
        grade: parent.grade,
        zone: readerZone(parent.zone, booking.timezone),
      });
      continue;
    }
    const request = booking.demoRequestId === null ? undefined : byRequest.get(booking.demoRequestId);
    if (!request) throw new Error(`booking ${booking.id} has neither a parent nor a demo request`);
    parents.set(booking.id, {
      email: request.email,
      // The name typed into the demo form, with an address nobody verified: it stays out of the
      // mail and the invite (issue 26 finding 8); the greeting is "Hello,".
      name: null,
      grade: request.grade,
      zone: readerZone(request.accountZone, booking.timezone),
    });
  }
  return parents;
}

/** The family of one booking (loadParents of one). */
export async function loadParent(tx: Tx, booking: FamilyOf): Promise<ParentReader> {
  return (await loadParents(tx, [booking])).get(booking.id)!;
}

/** Teachers by id, in one query whatever their number. */
export async function loadTeachers(tx: Tx, teacherIds: number[]): Promise<Map<number, Reader>> {
  const ids = [...new Set(teacherIds)];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      publicName: teacherProfiles.publicName,
      zone: teacherProfiles.timezone,
      accountZone: users.timezone,
    })
    .from(users)
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
    .where(inArray(users.id, ids));
  const teachers = new Map<number, Reader>();
  for (const teacher of rows) {
    // A teacher's hours are in the profile's zone: that is the zone they think in.
    teachers.set(teacher.id, {
      email: teacher.email,
      name: teacherNameShown(teacher.publicName, teacher.displayName),
      zone: readerZone(teacher.zone, teacher.accountZone),
    });
  }
  for (const id of ids) if (!teachers.has(id)) throw new Error(`teacher ${id} not found`);
  return teachers;
}

/** One teacher (loadTeachers of one). */
export async function loadTeacher(tx: Tx, teacherId: number): Promise<Reader> {
  return (await loadTeachers(tx, [teacherId])).get(teacherId)!;
}

/** A change the invite's SEQUENCE counts: a move or the cancellation (the booking's creation is SEQUENCE 0). */
const raisesSequence = (row: { fromStartsAt: Date | null; toStartsAt: Date | null; toStatus: string }) =>
  (row.fromStartsAt !== null && row.toStartsAt !== null) || row.toStatus === "cancelled";

/**
 * One change as the booking's history tells it: its row, the demo's time as of that change (the
 * last time a change up to it set; a cancellation sets none) and the invite's SEQUENCE then (the
 * moves and cancellations up to it). Null when the row is gone (the booking was deleted since).
 */
async function loadChange(db: Pick<Database, "select">, { bookingId, historyId }: BookingChangeEvent) {
  const rows = await db
    .select({
      id: bookingHistory.id,
      fromStartsAt: bookingHistory.fromStartsAt,
      toStartsAt: bookingHistory.toStartsAt,
      toStatus: bookingHistory.toStatus,
    })
    .from(bookingHistory)
    .where(and(eq(bookingHistory.bookingId, bookingId), lte(bookingHistory.id, historyId)))
    .orderBy(asc(bookingHistory.id));
  const change = rows.at(-1);
  if (!change || change.id !== historyId) return null;
  const startsAt = rows.reduce<Date | null>((at, row) => row.toStartsAt ?? at, null);
  return { change, startsAt, sequence: rows.filter(raisesSequence).length };
}

const PARENT_TEMPLATES: Record<BookingChangeKind, (facts: DemoFacts) => ReturnType<typeof parentDemoBookedEmail>> = {
  booked: parentDemoBookedEmail,
  moved: parentDemoMovedEmail,
  cancelled: parentDemoCancelledEmail,
};
const TEACHER_TEMPLATES: Record<BookingChangeKind, (facts: TeacherDemoFacts) => ReturnType<typeof teacherDemoBookedEmail>> = {
  booked: teacherDemoBookedEmail,
  moved: teacherDemoMovedEmail,
  cancelled: teacherDemoCancelledEmail,
};

/**
 * One message to the family and one to the teacher about one change, rendered from its
 * booking_history row, not from the booking as it is now. A change undone before delivery (a demo
 * booked, then cancelled or moved) still has its message: its row is a fact, and the message says
 * what it was then (that time, its own SEQUENCE), so a calendar that gets both ends with the later
 * change whatever order they arrive in, and the reader is never told a time that was not booked.
 * A booking deleted since (its family's account) tells nobody. Keyed by the history row (the
 * Message-ID): delivered twice, still one message each.
 */
export async function enqueueBookingMail(db: Database, kind: BookingChangeKind, event: BookingChangeEvent): Promise<void> {
  const booking = await loadBooking(db, event.bookingId);
  const told = booking && (await loadChange(db, event));
  if (!booking || !told) return;
  const startsAt = told.startsAt ?? booking.startsAt;
  const endsAt = new Date(startsAt.getTime() + (booking.endsAt.getTime() - booking.startsAt.getTime()));
  const previousStartsAt = told.change.fromStartsAt;
  const [parent, teacher] = [await loadParent(db, booking), await loadTeacher(db, booking.teacherId)];
  const courseTitle = booking.courseTitle ?? "Free demo class";
  const statusUrl = `${brand.siteUrl}/demo/${booking.token}`;
  const method: InviteMethod = kind === "cancelled" ? "CANCEL" : "REQUEST";
  const organizer = mailFrom();
  const invite = (reader: Reader, description: string) => ({
    method,
    content: calendarInvite({
      uid: bookingUid(booking.id),
      sequence: told.sequence,
      title: `Free demo: ${courseTitle}`,
      description,
      url: statusUrl,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      method,
      organizer: { name: organizer.name, email: organizer.email },
      attendee: { email: reader.email, ...(reader.name ? { name: reader.name } : {}) },
    }),
  });
  const when = (reader: Reader) => formatInstantInZone(startsAt, reader.zone);
  const previousWhen = (reader: Reader) =>
    kind === "moved" && previousStartsAt ? formatInstantInZone(previousStartsAt, reader.zone) : undefined;

  const toParent: EmailContent = {
    ...PARENT_TEMPLATES[kind]({
      readerName: parent.name,
      courseTitle,
      teacherName: teacher.name ?? "your teacher",
      when: when(parent),
      previousWhen: previousWhen(parent),
      statusUrl,
    }),
    invite: invite(parent, `Your free demo class. See, move or cancel it: ${statusUrl}`),
  };
  const toTeacher: EmailContent = {
    ...TEACHER_TEMPLATES[kind]({
      readerName: teacher.name,
      courseTitle,
      teacherName: teacher.name ?? "",
      when: when(teacher),
      previousWhen: previousWhen(teacher),
      grade: parent.grade,
      dashboardUrl: `${brand.siteUrl}/teacher/dashboard`,
    }),
    invite: invite(teacher, `A free demo class of ${courseTitle}.`),
  };
  // The booking's random id makes the key (and so the Message-ID) unique beyond this database.
  await enqueueEmail(db, `booking:${booking.id}:${event.historyId}:parent`, { ...toParent, to: parent.email });
  await enqueueEmail(db, `booking:${booking.id}:${event.historyId}:teacher`, { ...toTeacher, to: teacher.email });
}

const bookingMailOf = (kind: BookingChangeKind): Handler<BookingChangeEvent> => ({
  name: "booking-mail",
  handle: (db, event) => enqueueBookingMail(db, kind, event),
});

/** The handlers of booking.booked, booking.moved and booking.cancelled (lib/reactions/table.ts). */
export const bookingMail = {
  booked: bookingMailOf("booked"),
  moved: bookingMailOf("moved"),
  cancelled: bookingMailOf("cancelled"),
} as const;
