import "server-only";

import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import { deliverOutboxSoon } from "@/lib/platform/outbox/worker";
import { registerBookingListener } from "@/lib/scheduling/booking-listeners";

import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";

import { bookingUid, calendarInvite, type InviteMethod } from "@/lib/notifications/calendar";
import { enqueueEmail, type EmailContent } from "@/lib/notifications/email";
import type { DemoFacts, TeacherDemoFacts } from "@/lib/notifications/messages/facts";
import { demoRequestReceivedEmail } from "@/lib/notifications/messages/demo-request-received";
import { parentDemoBookedEmail } from "@/lib/notifications/messages/parent-demo-booked";
import { parentDemoCancelledEmail } from "@/lib/notifications/messages/parent-demo-cancelled";
import { parentDemoMovedEmail } from "@/lib/notifications/messages/parent-demo-moved";
import { teacherDemoBookedEmail } from "@/lib/notifications/messages/teacher-demo-booked";
import { teacherDemoCancelledEmail } from "@/lib/notifications/messages/teacher-demo-cancelled";
import { teacherDemoMovedEmail } from "@/lib/notifications/messages/teacher-demo-moved";
import { mailFrom } from "@/lib/notifications/sender-address";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { bookingHistory, bookings, courses, demoRequests, learners, teacherProfiles, users } from "@/lib/platform/db/schema";
import type { BookingChange } from "@/lib/scheduling/bookings";
import { formatInstantInZone } from "@/lib/scheduling/time";

/**
 * The messages a demo booking's changes send, enqueued in the change's own transaction (the
 * scheduling context's onChange), rendered there in each reader's zone, with the booking's invite.
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
  if (!row) throw new Error(`booking ${bookingId} vanished inside its own transaction`);
  return row;
}

/** What a booking's family is found from. */
type FamilyOf = Pick<Awaited<ReturnType<typeof loadBooking>>, "id" | "learnerId" | "demoRequestId" | "timezone">;
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
            name: demoRequests.name,
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
      name: request.name,
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
      name: teacher.publicName ?? teacher.displayName,
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

/** How many times the booking changed after it was made (moves and the cancellation): the invite's SEQUENCE. */
export async function inviteSequence(tx: Pick<Database, "select">, bookingId: string): Promise<number> {
  const [row] = await tx
    .select({ changes: sql<number>`count(*)::int` })
    .from(bookingHistory)
    .where(
      and(
        eq(bookingHistory.bookingId, bookingId),
        or(and(isNotNull(bookingHistory.fromStartsAt), isNotNull(bookingHistory.toStartsAt)), eq(bookingHistory.toStatus, "cancelled")),
      ),
    );
  return row?.changes ?? 0;
}

const PARENT_TEMPLATES: Record<BookingChange["kind"], (facts: DemoFacts) => ReturnType<typeof parentDemoBookedEmail>> = {
  booked: parentDemoBookedEmail,
  moved: parentDemoMovedEmail,
  cancelled: parentDemoCancelledEmail,
};
const TEACHER_TEMPLATES: Record<BookingChange["kind"], (facts: TeacherDemoFacts) => ReturnType<typeof teacherDemoBookedEmail>> = {
  booked: teacherDemoBookedEmail,
  moved: teacherDemoMovedEmail,
  cancelled: teacherDemoCancelledEmail,
};

/** SchedulingContext.onChange for demo bookings: one message to the family and one to the teacher per change. */
export async function enqueueBookingMail(tx: Database, change: BookingChange): Promise<void> {
  const booking = await loadBooking(tx, change.bookingId);
  const [parent, teacher, sequence] = [
    await loadParent(tx, booking),
    await loadTeacher(tx, booking.teacherId),
    await inviteSequence(tx, booking.id),
  ];
  const courseTitle = booking.courseTitle ?? "Free demo class";
  const statusUrl = `${brand.siteUrl}/demo/${booking.token}`;
  const method: InviteMethod = change.kind === "cancelled" ? "CANCEL" : "REQUEST";
  const organizer = mailFrom();
  const invite = (reader: Reader, description: string) => ({
    method,
    content: calendarInvite({
      uid: bookingUid(booking.id),
      sequence,
      title: `Free demo: ${courseTitle}`,
      description,
      url: statusUrl,
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
      method,
      organizer: { name: organizer.name, email: organizer.email },
      attendee: { email: reader.email, ...(reader.name ? { name: reader.name } : {}) },
    }),
  });
  const when = (reader: Reader) => formatInstantInZone(booking.startsAt, reader.zone);
  const previousWhen = (reader: Reader) =>
    change.previousStartsAt ? formatInstantInZone(change.previousStartsAt, reader.zone) : undefined;

  const toParent: EmailContent = {
    ...PARENT_TEMPLATES[change.kind]({
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
    ...TEACHER_TEMPLATES[change.kind]({
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
  await enqueueEmail(tx, `booking:${booking.id}:${change.historyId}:parent`, { ...toParent, to: parent.email });
  await enqueueEmail(tx, `booking:${booking.id}:${change.historyId}:teacher`, { ...toTeacher, to: teacher.email });
}

/** DemoRequestMeta.onCreated: "we received your request", in the transaction that stores it. */
export async function enqueueDemoRequestReceivedMail(tx: Database, demoRequestId: string): Promise<void> {
  const [request] = await tx
    .select({ email: demoRequests.userEmail, name: demoRequests.name, courseTitle: courses.title })
    .from(demoRequests)
    .leftJoin(courses, eq(courses.id, demoRequests.courseId))
    .where(eq(demoRequests.id, demoRequestId));
  if (!request) throw new Error(`demo request ${demoRequestId} vanished inside its own transaction`);
  const content = demoRequestReceivedEmail({
    readerName: request.name,
    courseTitle: request.courseTitle,
    coursesUrl: `${brand.siteUrl}/courses`,
  });
  await enqueueEmail(tx, `demo_request:${demoRequestId}:received`, { ...content, to: request.email });
}

/** Every booking change, whoever makes it, queues its messages in its own transaction (lib/scheduling/booking-listeners.ts). */
export function registerBookingMail(): void {
  registerBookingListener("email", { inTransaction: enqueueBookingMail, afterCommit: deliverOutboxSoon });
}
