import "server-only";

import { and, asc, eq } from "drizzle-orm";
import { DateTime } from "luxon";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { lockWallet, writeEntry } from "@/lib/commerce/wallet/ledger";
import { getDb } from "@/lib/platform/db/client";
import { attendance, bookings, courses, learners, ledgerEntries, sections, users } from "@/lib/platform/db/schema/index";
import { sectionSessions, weeklyRule } from "@/lib/scheduling/sessions";
import { teaches } from "@/lib/teachers/courses";

import { DEMO_FAMILY } from "./demo-family";

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

  const plan = ENDED_CLASS.section;
  const rrule = weeklyRule([...plan.weekdays]);
  const [existing] = await db
    .select()
    .from(sections)
    .where(
      and(
        eq(sections.teacherId, teacher.id),
        eq(sections.courseId, course.id),
        eq(sections.rrule, rrule),
        eq(sections.startMinute, plan.startMinute),
        eq(sections.timezone, ENDED_CLASS.timezone),
        eq(sections.priceMinor, plan.priceMinor),
      ),
    )
    .orderBy(asc(sections.id))
    .limit(1);
  const started = DateTime.fromJSDate(now, { zone: ENDED_CLASS.timezone }).minus({ weeks: ENDED_CLASS.startedWeeksAgo }).startOf("week");
  const section =
    existing ??
    (
      await db
        .insert(sections)
        .values({
          courseId: course.id,
          teacherId: teacher.id,
          classType: plan.classType,
          capacity: plan.capacity,
          priceMinor: plan.priceMinor,
          currency: "USD",
          startsOn: started.toISODate()!,
          endsOn: started.plus({ weeks: ENDED_CLASS.weeks }).minus({ days: 1 }).toISODate()!,
          startMinute: plan.startMinute,
          timezone: ENDED_CLASS.timezone,
          rrule,
          durationMinutes: plan.durationMinutes,
          status: "open",
        })
        .returning()
    )[0];
  if (!section) throw new Error("insert returned no section");

  // Sam's seat, bought through checkout the day before the first session with a credit of exactly its price (once).
  const [seat] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.sectionId, section.id), eq(bookings.learnerId, sam.id), eq(bookings.kind, "seat")));
  if (!seat) {
    const boughtAt = new Date(Date.parse(`${section.startsOn}T12:00:00Z`) - 86_400_000);
    await db.transaction(async (tx) => {
      await lockWallet(tx, parent.id);
      const [credited] = await tx
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.userId, parent.id),
            eq(ledgerEntries.kind, "promotion"),
            eq(ledgerEntries.reason, ENDED_CLASS.seatCreditReason),
          ),
        );
      if (!credited)
        await writeEntry(tx, { userId: parent.id, kind: "promotion", amountMinor: plan.priceMinor, reason: ENDED_CLASS.seatCreditReason });
    });
    // Still open while the seat is bought (a closed class sells nothing); closed below.
    await db.update(sections).set({ status: "open" }).where(eq(sections.id, section.id));
    await placeOrder(parent.id, [{ sectionId: section.id, learnerId: sam.id }], { now: boughtAt });
  }

  // Every session held, Sam present at each.
  const held = sectionSessions(section, new Date(`${section.startsOn}T00:00:00Z`), new Date(`${section.endsOn}T23:59:59Z`)).filter(
    (s) => Date.parse(s.endsAt) <= now.getTime(),
  );
  if (held.length > 0)
    await db
      .insert(attendance)
      .values(
        held.map((s) => ({
          sectionId: section.id,
          sessionStartsAt: new Date(s.startsAt),
          learnerId: sam.id,
          status: "present" as const,
          note: "",
          markedById: teacher.id,
          markedAt: new Date(s.endsAt),
        })),
      )
      .onConflictDoNothing();
  // The class is over: closed (no longer on sale, no Join).
  await db.update(sections).set({ status: "closed" }).where(eq(sections.id, section.id));
}
