import "server-only";

import { and, asc, eq } from "drizzle-orm";

import { teaches } from "@/lib/teachers/courses";
import { DateTime } from "luxon";

import { monthOf } from "@/lib/commerce/earnings/attribution";
import { payStatement } from "@/lib/commerce/earnings/payouts";
import { refundOrderAsAdmin } from "@/lib/commerce/refunds/refunds";
import { creditCancelledSessions } from "@/lib/commerce/session-credits";
import { getDb } from "@/lib/platform/db/client";
import { bookings, courses, learners, orderItems, sections, sessionChanges, users } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { cancelSession } from "@/lib/scheduling/session-changes";
import { sectionSessions } from "@/lib/scheduling/sessions";

import { buySeatsWithCredit, findPlannedSection, insertPastSection } from "./past-section";

type Db = Awaited<ReturnType<typeof getDb>>;

/**
 * Issue 28's seeded earnings: the demo teacher taught a class over the three months before this
 * one, so /teacher/earnings and /admin/earnings have statements to show. Four children of a
 * seeded family took it (bought the day before it began); one session was cancelled without a
 * make-up (its seats credited), one child was refunded by an admin halfway; the first month is
 * recorded as paid by hand, the other two wait for an admin.
 */
export const PAST_TEACHING = {
  teacherEmail: "teacher@example.com",
  adminEmail: "admin@example.com",
  timezone: "America/Chicago",
  section: {
    classType: "group" as const,
    capacity: 8,
    priceMinor: 14_900,
    weekdays: [1, 3],
    startMinute: 18 * 60 + 30,
    durationMinutes: 60,
  },
  family: {
    firebaseUid: "seed-family-2",
    email: "seed-family-2@example.com",
    children: [
      { firstName: "Mia", grade: 6 },
      { firstName: "Noah", grade: 6 },
      { firstName: "Zoe", grade: 7 },
      { firstName: "Eli", grade: 7 },
    ],
  },
  creditReason: "Demo credit: the seats of the class taught in past months",
  paidReference: "SEED-BANK-0001",
} as const;

export async function seedPastTeaching(now = new Date()): Promise<void> {
  const db = await getDb();
  const [teacher] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, PAST_TEACHING.teacherEmail), eq(users.role, "teacher")));
  const [admin] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, PAST_TEACHING.adminEmail), eq(users.role, "admin")));
  if (!teacher || !admin) return;
  const adminActor = { ...admin, role: "admin" as const };
  const teacherActor = { ...teacher, role: "teacher" as const };
  // The demo teacher's last course: the running class (live-class.ts) uses the first.
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(teaches(teacher.id))
    .orderBy(asc(courses.id))
    .limit(3)
    .then((rows) => rows.slice(-1));
  if (!course) return;

  const thisMonth = DateTime.fromJSDate(now, { zone: "utc" }).startOf("month");
  const startsOn = thisMonth.minus({ months: 3 }).toISODate()!;
  const endsOn = thisMonth.minus({ days: 1 }).toISODate()!;
  const plan = { ...PAST_TEACHING.section, timezone: PAST_TEACHING.timezone };
  // Seeded once: the months move on with the clock, the class stays where it was first placed.
  if (await findPlannedSection(db, teacher.id, plan)) return;
  const section = await insertPastSection(db, { teacherId: teacher.id, courseId: course.id, startsOn, endsOn }, plan);

  const parentId = await ensureFamily(db);
  const children = await db
    .select({ id: learners.id, firstName: learners.firstName })
    .from(learners)
    .where(eq(learners.parentId, parentId))
    .orderBy(asc(learners.id));
  // The last child's seat in an order of its own: an admin refunds whole orders, and only that one is refunded.
  const lastChild = children.at(-1);
  await buySeatsWithCredit(db, {
    parentId,
    sectionId: section.id,
    priceMinor: plan.priceMinor,
    orders: [children.slice(0, -1).map((child) => child.id), lastChild ? [lastChild.id] : []],
    creditReason: PAST_TEACHING.creditReason,
    boughtAt: new Date(Date.parse(`${startsOn}T12:00:00Z`) - 86_400_000),
  });

  const sessions = sectionSessions(section, new Date(`${startsOn}T00:00:00Z`), new Date(`${endsOn}T23:59:59Z`)).map((s) => s.startsAt);
  // The fourth session cancelled two days ahead, no make-up: every seat is credited after the deadline.
  const cancelled = sessions[3];
  if (cancelled) {
    await cancelSession(teacherActor, section.id, { occurrence: cancelled }, new Date(Date.parse(cancelled) - 2 * 86_400_000));
    const [change] = await db.select().from(sessionChanges).where(eq(sessionChanges.sectionId, section.id));
    if (change?.creditDueAt) await creditCancelledSessions(db, new Date(change.creditDueAt.getTime() + 60_000));
  }
  // One child refunded by an admin in the middle of the class.
  const refundAt = sessions[Math.floor(sessions.length / 2)];
  if (lastChild && refundAt) {
    const [item] = await db
      .select({ orderId: orderItems.orderId })
      .from(orderItems)
      .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
      .where(and(eq(bookings.sectionId, section.id), eq(bookings.learnerId, lastChild.id)));
    if (item) {
      await refundOrderAsAdmin(
        adminActor,
        { orderId: item.orderId, reason: "Family moved to another time zone" },
        new Date(Date.parse(refundAt) + 3_600_000),
      );
    }
  }
  // The class is over: closed (the course page no longer offers it).
  await db.update(sections).set({ status: "closed" }).where(eq(sections.id, section.id));
  try {
    await payStatement(
      adminActor,
      {
        teacherId: teacher.id,
        month: monthOf(new Date(`${startsOn}T00:00:00Z`)),
        method: "manual",
        reference: PAST_TEACHING.paidReference,
      },
      now,
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

/** The family (no sign-in, as the other seeded families) whose children took the class. */
async function ensureFamily(db: Db): Promise<number> {
  const family = PAST_TEACHING.family;
  await db
    .insert(users)
    .values({ firebaseUid: family.firebaseUid, email: family.email, displayName: "Seed Family Two", timezone: PAST_TEACHING.timezone })
    .onConflictDoNothing({ target: users.firebaseUid });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, family.firebaseUid));
  if (!user) throw new Error("seed family missing");
  const existing = await db.select({ firstName: learners.firstName }).from(learners).where(eq(learners.parentId, user.id));
  const missing = family.children.filter((c) => !existing.some((e) => e.firstName === c.firstName));
  if (missing.length > 0) await db.insert(learners).values(missing.map((c) => ({ parentId: user.id, ...c })));
  return user.id;
}
