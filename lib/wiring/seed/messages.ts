import "server-only";

import { and, asc, eq, sql } from "drizzle-orm";

import { postMessage, startThread } from "@/lib/messages/threads";
import type { Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { bookings, learners, messageThreads, users } from "@/lib/platform/db/schema";

import { DEMO_FAMILY } from "./demo-family";
import { LIVE_CLASS } from "./live-class";

const MINUTE = 60_000;

/**
 * Issue 28's demo data (after the running class): two conversations about the demo teacher's
 * running class. The demo student asked about practice and the teacher answered (so the student's
 * header shows one unread); the seed family wrote a phone number and an email, which arrive masked
 * and flagged (the teacher's and support's headers count it; support sees the original). Written
 * through lib/messages, backdated a little; a booking that already has its thread is left alone.
 */
export async function seedMessages(now = new Date()): Promise<void> {
  const db = await getDb();
  const teacher = await actorByEmail(LIVE_CLASS.teacherEmail);
  const student = await actorByEmail(DEMO_FAMILY.parentEmail);
  const [seedFamily] = await db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, LIVE_CLASS.otherFamily.firebaseUid));
  if (!teacher || !student || !seedFamily) return;
  const other = await actorById(seedFamily.id);
  if (!other) return;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);

  const studentSeat = await seatOf(student.id, teacher.id);
  if (studentSeat && !(await hasThread(studentSeat))) {
    const { threadId } = await startThread(
      student,
      { bookingId: studentSeat, body: "Hello! How long should Sam practise between classes? He loves it but gets tired after 20 minutes." },
      at(26 * 60),
    );
    await postMessage(
      teacher,
      threadId,
      { body: "Hi! 15 to 20 minutes a day is perfect at this stage. Short and often beats long and rare." },
      at(25 * 60),
    );
    await postMessage(student, threadId, { body: "Thank you, that helps." }, at(24 * 60));
    await postMessage(
      teacher,
      threadId,
      { body: "This week we start loops: if Sam wants a head start, the first exercise is on the class page." },
      at(90),
    );
  }
  const otherSeat = await seatOf(other.id, teacher.id);
  if (otherSeat && !(await hasThread(otherSeat))) {
    await startThread(
      other,
      { bookingId: otherSeat, body: "Could we talk outside class? Call me on +1 555 0142 or mail seed.parent@example.com" },
      at(45),
    );
  }
}

async function actorByEmail(email: string): Promise<Actor | null> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.email, email));
  return row ?? null;
}

async function actorById(id: number): Promise<Actor | null> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The parent's first confirmed seat with the teacher. */
async function seatOf(parentId: number, teacherId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(
      and(
        eq(learners.parentId, parentId),
        eq(bookings.teacherId, teacherId),
        eq(bookings.kind, "seat"),
        sql`${bookings.status} = 'confirmed'`,
      ),
    )
    .orderBy(asc(bookings.createdAt))
    .limit(1);
  return row?.id ?? null;
}

async function hasThread(bookingId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: messageThreads.id }).from(messageThreads).where(eq(messageThreads.bookingId, bookingId));
  return Boolean(row);
}
