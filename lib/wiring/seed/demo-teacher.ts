import "server-only";

import { and, asc, count, eq, notExists } from "drizzle-orm";

import { teaches } from "@/lib/teachers/courses";
import { DateTime } from "luxon";

import { getDb } from "@/lib/platform/db/client";
import {
  courses,
  sections,
  teacherAvailability,
  teacherAvailabilityExceptions,
  teacherProfiles,
  users,
} from "@/lib/platform/db/schema/index";
import { weeklyRule } from "@/lib/scheduling/sessions";

import { publicHolidays } from "./holidays";

/**
 * The demo teacher's public face and week: long days every day, so a family in any zone of the
 * Americas or Europe finds after-school times with them (families see only those), US holidays off.
 */
export const DEMO_TEACHER_SCHEDULE = {
  // Issue 38: the name families see on the course pages and the teacher page, like the other seeded teachers'.
  publicName: "Ms. Harper",
  // Issue 38: a public page reads like a teacher's, not like a note to developers (the README names the account).
  bio: "I have taught coding to children for nine years, first in after-school clubs in Chicago and now online. We start with games in Scratch and move on to real Python projects, at the pace of each child. My classes are small, so everyone gets to show what they built.",
  subjects: ["Coding"],
  timezone: "America/Chicago",
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  startMinute: 8 * 60,
  endMinute: 20 * 60,
  section: { classType: "group" as const, capacity: 5, priceMinor: 9900, weekdays: [1, 3], startMinute: 17 * 60, durationMinutes: 60 },
  weeks: 12,
};

/** What the seed named the demo teacher before issue 38. */
const FORMER_PUBLIC_NAME = "Demo Teacher";

/**
 * Gives the demo teacher (after seedSchedules, so the seeded teachers' courses keep their own
 * sections) an approved profile, weekly hours and one open section of the first of
 * their courses that has no section yet, so their dashboard, the demo picker of their courses and
 * their availability page show something on a fresh start. Idempotent: what exists is kept (a
 * teacher's own edits survive every start).
 */
export async function seedDemoTeacherSchedule(email: string, now = new Date()): Promise<void> {
  const plan = DEMO_TEACHER_SCHEDULE;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [teacher] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.role, "teacher")));
    if (!teacher) return;
    const teacherId = teacher.id;
    await tx
      .insert(teacherProfiles)
      .values({
        userId: teacherId,
        publicName: plan.publicName,
        bio: plan.bio,
        subjects: plan.subjects,
        timezone: plan.timezone,
        approvedAt: now,
      })
      .onConflictDoNothing({ target: teacherProfiles.userId });
    // A database seeded before the demo teacher had a real name gets it (a name the teacher chose is kept).
    await tx
      .update(teacherProfiles)
      .set({ publicName: plan.publicName, updatedAt: now })
      .where(and(eq(teacherProfiles.userId, teacherId), eq(teacherProfiles.publicName, FORMER_PUBLIC_NAME)));

    const [hours] = await tx.select({ n: count() }).from(teacherAvailability).where(eq(teacherAvailability.teacherId, teacherId));
    if ((hours?.n ?? 0) === 0) {
      await tx
        .insert(teacherAvailability)
        .values(plan.weekdays.map((weekday) => ({ teacherId, weekday, startMinute: plan.startMinute, endMinute: plan.endMinute })));
      await tx
        .insert(teacherAvailabilityExceptions)
        .values(publicHolidays("US", now).map((date) => ({ teacherId, date, kind: "off" as const })));
    }

    const [owned] = await tx.select({ n: count() }).from(sections).where(eq(sections.teacherId, teacherId));
    if ((owned?.n ?? 0) > 0) return;
    const [course] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(teaches(teacherId), notExists(tx.select({ id: sections.id }).from(sections).where(eq(sections.courseId, courses.id)))))
      .orderBy(asc(courses.id))
      .limit(1);
    if (!course) return;
    const start = DateTime.fromJSDate(now, { zone: plan.timezone });
    await tx.insert(sections).values({
      courseId: course.id,
      teacherId,
      classType: plan.section.classType,
      capacity: plan.section.capacity,
      priceMinor: plan.section.priceMinor,
      currency: "USD",
      startsOn: start.toISODate() ?? "",
      endsOn: start.plus({ weeks: plan.weeks }).toISODate() ?? "",
      startMinute: plan.section.startMinute,
      timezone: plan.timezone,
      rrule: weeklyRule(plan.section.weekdays),
      durationMinutes: plan.section.durationMinutes,
      status: "open",
    });
  });
}
