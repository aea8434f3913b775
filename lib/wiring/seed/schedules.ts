import "server-only";

import { and, count, eq, inArray } from "drizzle-orm";
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

import { publicHolidays, type HolidayCountry } from "./holidays";

type Hours = Array<[weekdays: number[], start: string, end: string]>;

interface SeedTeacher {
  firebaseUid: string;
  email: string;
  publicName: string;
  bio: string;
  subjects: string[];
  timezone: string;
  hours: Hours;
  /** The public holidays the teacher takes off (whole days, seeded as availability exceptions). */
  holidays: HolidayCountry;
  sections: Array<{
    courseSlug: string;
    classType: "one_on_one" | "group";
    capacity: number;
    priceMinor: number;
    weekdays: number[];
    startTime: string;
    durationMinutes: number;
  }>;
}

/** Teachers in three zones, so the embedded default shows demo slots and sections across time zones. */
export const SEED_TEACHERS: SeedTeacher[] = [
  {
    firebaseUid: "seed-teacher-1",
    email: "seed-teacher-1@example.com",
    publicName: "Ms. Rivera",
    bio: "Software engineer turned teacher; ten years of coding clubs in Brooklyn.",
    subjects: ["Python", "Scratch", "Spanish"],
    timezone: "America/New_York",
    // After school on the east coast, and on the west coast (15:00-19:00 in Los Angeles is 18:00-22:00 here).
    hours: [
      [[1, 2, 3, 4, 5], "15:00", "22:00"],
      [[6], "09:00", "13:00"],
    ],
    holidays: "US",
    sections: [
      {
        courseSlug: "python-for-young-coders",
        classType: "group",
        capacity: 6,
        priceMinor: 14900,
        weekdays: [2, 4],
        startTime: "16:00",
        durationMinutes: 60,
      },
      {
        courseSlug: "spanish-for-kids",
        classType: "one_on_one",
        capacity: 1,
        priceMinor: 22000,
        weekdays: [6],
        startTime: "10:00",
        durationMinutes: 45,
      },
    ],
  },
  {
    firebaseUid: "seed-teacher-2",
    email: "seed-teacher-2@example.com",
    publicName: "Mr. Hughes",
    bio: "Maths teacher from Leeds who likes puzzles more than worksheets.",
    subjects: ["Math", "Science"],
    timezone: "Europe/London",
    // After school in Britain and, an hour later by the clock, across Europe.
    hours: [
      [[1, 2, 3, 4, 5], "15:00", "19:00"],
      [[6], "09:00", "12:00"],
    ],
    holidays: "GB",
    sections: [
      {
        courseSlug: "math-foundations",
        classType: "group",
        capacity: 8,
        priceMinor: 11900,
        weekdays: [1, 3],
        startTime: "17:00",
        durationMinutes: 50,
      },
      {
        courseSlug: "science-explorers",
        classType: "one_on_one",
        capacity: 1,
        priceMinor: 19900,
        weekdays: [5],
        startTime: "18:00",
        durationMinutes: 45,
      },
    ],
  },
  {
    firebaseUid: "seed-teacher-3",
    email: "seed-teacher-3@example.com",
    publicName: "Ms. Iyer",
    bio: "Concert pianist and patient teacher, in Bengaluru; evenings in India are mornings in the Americas.",
    subjects: ["Piano", "Music theory"],
    timezone: "Asia/Kolkata",
    // Evenings for India and Europe's afternoons; early mornings, which are the Americas' afternoons before.
    hours: [
      [[1, 2, 3, 4, 5, 6], "16:00", "23:00"],
      [[2, 3, 4, 5, 6], "04:30", "08:30"],
    ],
    holidays: "IN",
    sections: [
      {
        courseSlug: "piano-for-beginners",
        classType: "group",
        capacity: 4,
        priceMinor: 12900,
        weekdays: [2, 5],
        startTime: "19:00",
        durationMinutes: 45,
      },
      {
        courseSlug: "music-theory-made-fun",
        classType: "group",
        capacity: 10,
        priceMinor: 8900,
        weekdays: [6],
        startTime: "18:00",
        durationMinutes: 60,
      },
    ],
  },
];

const SEED_WEEKS = 12;

function minuteOf(clock: string): number {
  const [hours = "0", minutes = "0"] = clock.split(":");
  return Number(hours) * 60 + Number(minutes);
}

/**
 * Seeds the embedded default's schedules: approved teachers with profiles, weekly hours and open
 * sections (12 weeks from the first run, priced in USD) of catalogue courses. Idempotent: a
 * teacher, their hours or a section that exists is left as it is. Courses missing from an edited
 * catalogue are skipped.
 */
export async function seedSchedules(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const slugs = SEED_TEACHERS.flatMap((t) => t.sections.map((s) => s.courseSlug));
    const courseRows = await tx.select({ id: courses.id, slug: courses.slug }).from(courses).where(inArray(courses.slug, slugs));
    const courseIdOf = new Map(courseRows.map((c) => [c.slug, c.id]));
    const startsOn = DateTime.fromJSDate(now, { zone: "utc" }).toISODate() ?? "";
    const endsOn = DateTime.fromJSDate(now, { zone: "utc" }).plus({ weeks: SEED_WEEKS }).toISODate() ?? "";

    for (const teacher of SEED_TEACHERS) {
      await tx
        .insert(users)
        .values({
          firebaseUid: teacher.firebaseUid,
          email: teacher.email,
          displayName: teacher.publicName,
          role: "teacher",
          timezone: teacher.timezone,
        })
        .onConflictDoNothing({ target: users.firebaseUid });
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.firebaseUid, teacher.firebaseUid));
      if (!user) throw new Error(`seed teacher ${teacher.firebaseUid} missing`);
      const teacherId = user.id;
      await tx
        .insert(teacherProfiles)
        .values({
          userId: teacherId,
          publicName: teacher.publicName,
          bio: teacher.bio,
          subjects: teacher.subjects,
          timezone: teacher.timezone,
          approvedAt: now,
        })
        .onConflictDoNothing({ target: teacherProfiles.userId });

      const [hours] = await tx.select({ n: count() }).from(teacherAvailability).where(eq(teacherAvailability.teacherId, teacherId));
      if ((hours?.n ?? 0) === 0) {
        await tx
          .insert(teacherAvailability)
          .values(
            teacher.hours.flatMap(([weekdays, start, end]) =>
              weekdays.map((weekday) => ({ teacherId, weekday, startMinute: minuteOf(start), endMinute: minuteOf(end) })),
            ),
          );
        const holidays = publicHolidays(teacher.holidays, now);
        if (holidays.length > 0) {
          await tx.insert(teacherAvailabilityExceptions).values(holidays.map((date) => ({ teacherId, date, kind: "off" as const })));
        }
      }

      for (const section of teacher.sections) {
        const courseId = courseIdOf.get(section.courseSlug);
        if (courseId === undefined) continue;
        const [existing] = await tx
          .select({ n: count() })
          .from(sections)
          .where(and(eq(sections.courseId, courseId), eq(sections.teacherId, teacherId)));
        if ((existing?.n ?? 0) > 0) continue;
        await tx.insert(sections).values({
          courseId,
          teacherId,
          classType: section.classType,
          capacity: section.capacity,
          priceMinor: section.priceMinor,
          currency: "USD",
          startsOn,
          endsOn,
          startMinute: minuteOf(section.startTime),
          timezone: teacher.timezone,
          rrule: weeklyRule(section.weekdays),
          durationMinutes: section.durationMinutes,
          status: "open",
        });
      }
    }
  });
}
