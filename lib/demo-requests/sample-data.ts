import { brandRoutes } from "@/lib/platform/brand";
import type { demoRequests } from "@/lib/platform/db/schema";
import { CLASS_TYPES, COURSE_NOT_SURE } from "@/lib/demo-requests/constants";
import type { LeadStatus } from "@/lib/demo-requests/status";

/**
 * Realistic demo requests for volume tests and demos (`npm run seed -- --demo-requests N`):
 * a deterministic generator, so two seeds of the same size are the same data.
 */
const FIRST = [
  "Asha",
  "Ben",
  "Chloe",
  "Diego",
  "Emma",
  "Farah",
  "Gabriel",
  "Hana",
  "Isaac",
  "Jade",
  "Kofi",
  "Lena",
  "Mateo",
  "Nia",
  "Omar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sam",
  "Tara",
  "Uma",
  "Victor",
  "Wei",
  "Yara",
  "Zane",
];
const LAST = [
  "Rao",
  "Okafor",
  "Martin",
  "Garcia",
  "Kim",
  "Nguyen",
  "Smith",
  "Haddad",
  "Cohen",
  "Silva",
  "Mensah",
  "Novak",
  "Patel",
  "Larsen",
  "Ito",
  "Brown",
  "Khan",
  "Rossi",
  "Dubois",
  "Walker",
];
const DOMAINS = ["example.com", "example.org", "example.net", "mail.example.com"];
const MESSAGES = [
  "My daughter loves drawing on the tablet, could coding be a fit?",
  "We are looking for weekend classes.",
  "He is preparing for a school exam next term.",
  "Can the class be after 5 pm Eastern?",
  "Our son is shy, is one on one better?",
  "She already plays a little piano.",
  "Looking for something fun and creative for the summer.",
];
const SOURCES = ["/", "/book-free-demo", brandRoutes.join, "/courses", "/courses/category/technical", "/courses/category/music"];

/** A small deterministic PRNG (mulberry32). */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Older requests have moved further along the workflow; some recent ones are still new. Never
 * demo_scheduled: that status means a booked time (issue 17) and this generator books none.
 */
function statusFor(ageHours: number, r: number): LeadStatus {
  if (ageHours < 24) return r < 0.6 ? "new" : "contacted";
  if (r < 0.05) return "new";
  if (r < 0.08) return "spam";
  if (r < 0.55) return "contacted";
  if (r < 0.75) return "converted";
  return "closed";
}

export interface SampleCourse {
  id: number;
  gradeMin: number;
  gradeMax: number;
}

type Row = typeof demoRequests.$inferInsert;

/** `count` requests spread over the last `days` days before `now`, busier in the afternoons. */
export function* sampleDemoRequests(options: {
  count: number;
  courses: SampleCourse[];
  days: number;
  now: Date;
  seed?: number;
}): Generator<Row> {
  const next = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  for (let i = 0; i < options.count; i += 1) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const course = options.courses.length && next() < 0.85 ? pick(options.courses) : null;
    const grade = course ? course.gradeMin + Math.floor(next() * (course.gradeMax - course.gradeMin + 1)) : 1 + Math.floor(next() * 12);
    const day = Math.floor(next() ** 1.3 * options.days);
    const hour = 14 + next() * 8 - 4 * next();
    const createdAt = new Date(options.now.getTime() - day * 86_400_000 - (24 - hour) * 3_600_000);
    if (createdAt > options.now) createdAt.setTime(options.now.getTime() - next() * 3_600_000);
    const ageHours = (options.now.getTime() - createdAt.getTime()) / 3_600_000;
    const status = statusFor(ageHours, next());
    const isContact = status === "contacted" || status === "converted";
    const contactAfterHours = next() < 0.8 ? 1 + next() * 20 : 24 + next() * 48;
    const firstContactedAt = isContact
      ? new Date(Math.min(createdAt.getTime() + contactAfterHours * 3_600_000, options.now.getTime()))
      : null;
    yield {
      name: next() < 0.9 ? `${first} ${last}` : null,
      userEmail: `${first}.${last}${i}@${pick(DOMAINS)}`.toLowerCase(),
      phone: next() < 0.7 ? `+1 555 ${String(100 + Math.floor(next() * 900))} ${String(1000 + Math.floor(next() * 9000))}` : null,
      course: course ? String(course.id) : COURSE_NOT_SURE,
      courseId: course?.id ?? null,
      message: next() < 0.5 ? pick(MESSAGES) : null,
      classType: next() < 0.8 ? pick(CLASS_TYPES) : null,
      grade,
      sourcePage: pick(SOURCES),
      status,
      statusChangedAt: status === "new" ? null : (firstContactedAt ?? createdAt),
      firstContactedAt,
      createdAt,
      updatedAt: createdAt,
    };
  }
}
