import "server-only";

import { and, asc, eq } from "drizzle-orm";
import { DateTime } from "luxon";

import { getDb } from "@/lib/platform/db/client";
import { bookings, courses, learners, sections, users } from "@/lib/platform/db/schema/index";
import { teaches } from "@/lib/teachers/courses";

import { DEMO_FAMILY } from "./demo-family";
import { buySeatsWithCredit, findPlannedSection, insertPastSection, markPresentAtEverySession } from "./past-section";

/**
 * A class the demo family's child finished (issue 44): a short section of the demo teacher's second
 * course that ended weeks ago, Sam present at every session, closed. Its
 * teacher can issue Sam's certificate of completion and write the end-of-section report. Placed
 * further back than /my-courses lists past sessions (84 days), so the running class's pages read
 * as before. Found again by its plan (its teacher, course, weekly time and price): seeded once, it
 * stays where it was first placed as the weeks go by.
 */
export const ENDED_CLASS = {
  teacherEmail: "teacher@example.com",
  timezone: "America/Chicago",
  section: { classType: "group" as const, capacity: 6, priceMinor: 5900, weekdays: [6], startMinute: 10 * 60, durationMinutes: 60 },
  /** Began this many weeks before the first seeding, and met once a week for `weeks` weeks. */
  startedWeeksAgo: 20,
  weeks: 6,
  seatCreditReason: "Demo credit: the seat in the class Sam finished",
} as const;

export async function seedEndedClass(now = new Date()): Promise<void> {
  const db = await getDb();
  const [teacher] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, ENDED_CLASS.teacherEmail), eq(users.role, "teacher")));
  const [parent] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_FAMILY.parentEmail));
  if (!teacher || !parent) return;
  const [sam] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(and(eq(learners.parentId, parent.id), eq(learners.firstName, DEMO_FAMILY.child.firstName)))
    .orderBy(asc(learners.id))
    .limit(1);
  // The demo teacher's second course (the running class is the first: a child takes one class of a course at a time).
  const taught = await db.select({ id: courses.id }).from(courses).where(teaches(teacher.id)).orderBy(asc(courses.id)).limit(2);
  const course = taught[1] ?? taught[0];
  if (!sam || !course) return;

  const plan = { ...ENDED_CLASS.section, timezone: ENDED_CLASS.timezone };
  const started = DateTime.fromJSDate(now, { zone: ENDED_CLASS.timezone }).minus({ weeks: ENDED_CLASS.startedWeeksAgo }).startOf("week");
  const section =
    (await findPlannedSection(db, teacher.id, plan, course.id)) ??
    (await insertPastSection(
      db,
      {
        teacherId: teacher.id,
        courseId: course.id,
        startsOn: started.toISODate()!,
        endsOn: started.plus({ weeks: ENDED_CLASS.weeks }).minus({ days: 1 }).toISODate()!,
      },
      plan,
    ));

  // Sam's seat, bought through checkout the day before the first session with a credit of exactly its price (once).
  const [seat] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.sectionId, section.id), eq(bookings.learnerId, sam.id), eq(bookings.kind, "seat")));
  if (!seat) {
    // Still open while the seat is bought (a closed class sells nothing); closed below.
    await db.update(sections).set({ status: "open" }).where(eq(sections.id, section.id));
    await buySeatsWithCredit(db, {
      parentId: parent.id,
      sectionId: section.id,
      priceMinor: plan.priceMinor,
      orders: [[sam.id]],
      creditReason: ENDED_CLASS.seatCreditReason,
      boughtAt: new Date(Date.parse(`${section.startsOn}T12:00:00Z`) - 86_400_000),
    });
  }

  // Every session held, Sam present at each.
  await markPresentAtEverySession(db, section, sam.id, now);
  // The class is over: closed (no longer on sale, no Join).
  await db.update(sections).set({ status: "closed" }).where(eq(sections.id, section.id));
}
