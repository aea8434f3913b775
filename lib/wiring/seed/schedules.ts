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

/**
 * Teachers in the Americas, Europe and India, so the embedded default shows every course with a
 * class (group and 1-on-1, a range of prices) and demo slots across time zones: each teaches at
 * times that suit children after school in their own zone.
 */
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
  {
    firebaseUid: "seed-teacher-4",
    email: "seed-teacher-4@example.com",
    publicName: "Mr. Okafor",
    bio: "Full-stack developer in Chicago who runs a weekend coding club and a school chess team.",
    subjects: ["Web development", "Apps", "AI", "Chess"],
    timezone: "America/Chicago",
    hours: [
      [[1, 2, 3, 4, 5], "15:00", "20:00"],
      [[6], "09:00", "13:00"],
    ],
    holidays: "US",
    sections: [
      {
        courseSlug: "web-development-html-css-js",
        classType: "group",
        capacity: 8,
        priceMinor: 17900,
        weekdays: [1, 3],
        startTime: "16:30",
        durationMinutes: 60,
      },
      {
        courseSlug: "app-inventor-mobile-apps",
        classType: "group",
        capacity: 6,
        priceMinor: 13900,
        weekdays: [2],
        startTime: "17:00",
        durationMinutes: 60,
      },
      {
        courseSlug: "ai-and-machine-learning-basics",
        classType: "one_on_one",
        capacity: 1,
        priceMinor: 24000,
        weekdays: [4],
        startTime: "18:00",
        durationMinutes: 50,
      },
      {
        courseSlug: "chess-strategy",
        classType: "group",
        capacity: 10,
        priceMinor: 8900,
        weekdays: [6],
        startTime: "10:00",
        durationMinutes: 60,
      },
    ],
  },
  {
    firebaseUid: "seed-teacher-5",
    email: "seed-teacher-5@example.com",
    publicName: "Ms. Chen",
    bio: "Writer and debate coach in Los Angeles; teaches Mandarin to heritage speakers and beginners alike.",
    subjects: ["Mandarin", "Writing", "Public speaking"],
    timezone: "America/Los_Angeles",
    hours: [
      [[1, 2, 3, 4, 5], "15:00", "19:00"],
      [[7], "10:00", "14:00"],
    ],
    holidays: "US",
    sections: [
      {
        courseSlug: "mandarin-chinese-starter",
        classType: "one_on_one",
        capacity: 1,
        priceMinor: 21000,
        weekdays: [2],
        startTime: "16:00",
        durationMinutes: 45,
      },
      {
        courseSlug: "creative-writing-workshop",
        classType: "group",
        capacity: 8,
        priceMinor: 11900,
        weekdays: [3],
        startTime: "16:30",
        durationMinutes: 60,
      },
      {
        courseSlug: "public-speaking-and-debate",
        classType: "group",
        capacity: 8,
        priceMinor: 12900,
        weekdays: [7],
        startTime: "11:00",
        durationMinutes: 60,
      },
    ],
  },
  {
    firebaseUid: "seed-teacher-6",
    email: "seed-teacher-6@example.com",
    publicName: "Mme Dubois",
    bio: "French teacher and illustrator in Lyon; her pupils cook their way through France's regions too.",
    subjects: ["French", "Drawing", "Cooking"],
    timezone: "Europe/Paris",
    hours: [
      [[1, 2, 4, 5], "16:00", "19:30"],
      [[3, 6], "10:00", "13:00"],
    ],
    holidays: "FR",
    sections: [
      {
        courseSlug: "french-beginners",
        classType: "group",
        capacity: 6,
        priceMinor: 12900,
        weekdays: [1, 4],
        startTime: "17:00",
        durationMinutes: 45,
      },
      {
        courseSlug: "drawing-and-illustration",
        classType: "group",
        capacity: 8,
        priceMinor: 9900,
        weekdays: [3],
        startTime: "10:30",
        durationMinutes: 60,
      },
      {
        courseSlug: "cooking-for-kids",
        classType: "group",
        capacity: 6,
        priceMinor: 11900,
        weekdays: [6],
        startTime: "11:00",
        durationMinutes: 75,
      },
    ],
  },
  {
    firebaseUid: "seed-teacher-7",
    email: "seed-teacher-7@example.com",
    publicName: "Mr. Rao",
    bio: "Engineer turned maths tutor in Pune; SAT coach for students in India and the Gulf, and a patient explainer of money.",
    subjects: ["Algebra", "SAT", "Personal finance"],
    timezone: "Asia/Kolkata",
    hours: [
      [[1, 2, 3, 4, 5], "16:00", "21:00"],
      [[6, 7], "10:00", "13:00"],
    ],
    holidays: "IN",
    sections: [
      {
        courseSlug: "pre-algebra-and-algebra",
        classType: "group",
        capacity: 8,
        priceMinor: 12900,
        weekdays: [1, 3],
        startTime: "17:30",
        durationMinutes: 60,
      },
      {
        courseSlug: "sat-math-prep",
        classType: "group",
        capacity: 6,
        priceMinor: 19900,
        weekdays: [2, 4],
        startTime: "19:00",
        durationMinutes: 75,
      },
      {
        courseSlug: "financial-literacy",
        classType: "group",
        capacity: 10,
        priceMinor: 7900,
        weekdays: [6],
        startTime: "11:00",
        durationMinutes: 50,
      },
    ],
  },
  {
    firebaseUid: "seed-teacher-8",
    email: "seed-teacher-8@example.com",
    publicName: "Ms. Walker",
    bio: "Reading specialist and choir leader in Toronto; ends every class with a breathing game.",
    subjects: ["Reading", "Singing", "Yoga"],
    timezone: "America/Toronto",
    hours: [
      [[1, 2, 3, 4, 5], "15:30", "19:00"],
      [[6], "09:00", "12:00"],
    ],
    holidays: "CA",
    sections: [
      {
        courseSlug: "english-reading-and-phonics",
        classType: "one_on_one",
        capacity: 1,
        priceMinor: 18000,
        weekdays: [1, 3],
        startTime: "16:00",
        durationMinutes: 30,
      },
      {
        courseSlug: "singing-and-vocal-training",
        classType: "one_on_one",
        capacity: 1,
        priceMinor: 19000,
        weekdays: [5],
        startTime: "16:30",
        durationMinutes: 45,
      },
      {
        courseSlug: "yoga-and-mindfulness",
        classType: "group",
        capacity: 12,
        priceMinor: 6900,
        weekdays: [6],
        startTime: "09:30",
        durationMinutes: 45,
      },
    ],
  },
  {
    firebaseUid: "seed-teacher-9",
    email: "seed-teacher-9@example.com",
    publicName: "Herr Becker",
    bio: "Session guitarist and producer in Berlin; his pupils record a song of their own by the last class.",
    subjects: ["Guitar", "Music production"],
    timezone: "Europe/Berlin",
    hours: [
      [[1, 2, 3, 4, 5], "15:00", "19:00"],
      [[6], "10:00", "14:00"],
    ],
    holidays: "DE",
    sections: [
      {
        courseSlug: "guitar-basics",
        classType: "group",
        capacity: 4,
        priceMinor: 13900,
        weekdays: [2, 4],
        startTime: "16:00",
        durationMinutes: 45,
      },
      {
        courseSlug: "guitar-basics",
        classType: "one_on_one",
        capacity: 1,
        priceMinor: 17000,
        weekdays: [6],
        startTime: "11:00",
        durationMinutes: 45,
      },
      {
        courseSlug: "digital-music-production",
        classType: "group",
        capacity: 6,
        priceMinor: 14900,
        weekdays: [5],
        startTime: "17:00",
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
 * Seeds the embedded default's schedules: approved teachers with profiles, weekly hours, public
 * holidays off and open sections (12 weeks from the first run, priced in USD) of catalogue courses.
 * Idempotent: a teacher, their hours or a section (course, teacher, class type) that exists is left
 * as it is. Courses missing from an edited catalogue are skipped.
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
          .where(and(eq(sections.courseId, courseId), eq(sections.teacherId, teacherId), eq(sections.classType, section.classType)));
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
