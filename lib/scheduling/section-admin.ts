import "server-only";

import { and, asc, eq, type SQL } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { courses, courseTeachers, sections, teacherProfiles, users } from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";

import { listTeacherOptions } from "@/lib/accounts/user-directory";

import { sectionSchema, type SectionInput } from "./schema";
import type { SectionFormValues } from "./section-form";
import { createSection, updateSection, type SectionRow } from "./sections";
import { sectionSessions } from "./sessions";
import { liveSeatsBySection } from "./slots";
import { teacherTimezone } from "@/lib/scheduling/teacher-zone";
import { todayIn } from "./time";

/** The refusals of a teacher acting outside their own courses and sections (server-side: the form offers only theirs). */
export const SECTION_ACCESS_MESSAGES = {
  courseNotAssigned: "You can only run sections of the courses you teach: add the course on Your courses first.",
  otherTeacher: "You can only create and edit your own sections.",
  notFound: "That section does not exist.",
} as const;

const SESSION_LOOKAHEAD_DAYS = 400;

/** Ownership: a teacher's own sections; an admin's scope is every section. */
function ownedBy(actor: Actor): SQL | undefined {
  return actor.role === "admin" ? undefined : eq(sections.teacherId, actor.id);
}

/** A teacher may write only their own section of a course assigned to them; an admin, any. */
async function checkMayWrite(actor: Actor, input: SectionInput): Promise<void> {
  if (actor.role === "admin") return;
  const data = parseInput(sectionSchema, input);
  if (data.teacherId !== actor.id) {
    throw new AppError("forbidden", SECTION_ACCESS_MESSAGES.otherTeacher, {
      fieldErrors: { teacherId: SECTION_ACCESS_MESSAGES.otherTeacher },
    });
  }
  const db = await getDb();
  const [course] = await db
    .select({ id: courseTeachers.courseId })
    .from(courseTeachers)
    .where(and(eq(courseTeachers.courseId, data.courseId), eq(courseTeachers.teacherId, actor.id)));
  if (!course) {
    throw new AppError("forbidden", SECTION_ACCESS_MESSAGES.courseNotAssigned, {
      fieldErrors: { courseId: SECTION_ACCESS_MESSAGES.courseNotAssigned },
    });
  }
}

export async function createSectionAs(actor: Actor | null, input: SectionInput): Promise<SectionRow> {
  authorize(actor, "sections.manage");
  await checkMayWrite(actor, input);
  return createSection(input);
}

/** Edits a section in the actor's scope (someone else's answers as if it did not exist); updateSection keeps its rules. */
export async function updateSectionAs(actor: Actor | null, id: number, input: SectionInput): Promise<SectionRow> {
  await checkMayUpdateSection(actor, id, input);
  return updateSection(id, input);
}

/**
 * Who may edit a section, for every path that does (this one, and closing it with its seats
 * withdrawn, lib/commerce/refunds/section-close.ts): a section in the actor's scope, written as theirs. Answers the actor checked.
 */
export async function checkMayUpdateSection(actor: Actor | null, id: number, input: SectionInput): Promise<Actor> {
  authorize(actor, "sections.manage");
  if (!(await findSectionForEdit(actor, id))) throw new AppError("not-found", SECTION_ACCESS_MESSAGES.notFound);
  await checkMayWrite(actor, input);
  return actor;
}

/** One section in the actor's scope, or null. */
export async function findSectionForEdit(actor: Actor | null, id: number): Promise<(SectionRow & { courseSlug: string }) | null> {
  authorize(actor, "sections.manage");
  const db = await getDb();
  const [row] = await db
    .select({ section: sections, courseSlug: courses.slug })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(eq(sections.id, id), ownedBy(actor)));
  return row ? { ...row.section, courseSlug: row.courseSlug } : null;
}

/** The courses a section may be made for: the courses a teacher teaches (course_teachers), every course for an admin. */
export async function listSectionCourseOptions(actor: Actor | null): Promise<Array<{ id: number; title: string }>> {
  authorize(actor, "sections.manage");
  const db = await getDb();
  if (actor.role === "admin") return db.select({ id: courses.id, title: courses.title }).from(courses).orderBy(asc(courses.title));
  return db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .innerJoin(courseTeachers, and(eq(courseTeachers.courseId, courses.id), eq(courseTeachers.teacherId, actor.id)))
    .orderBy(asc(courses.title));
}

export interface SectionListRow {
  id: number;
  courseTitle: string;
  courseSlug: string;
  teacherName: string;
  classType: SectionRow["classType"];
  status: SectionRow["status"];
  /** Issue 38: published as open or full by a new teacher whose first listing an admin has not approved yet: not on sale. */
  inReview: boolean;
  /** Issue 38: open or full, but off sale because one of the teacher's checks has expired (seats sold run on). */
  checkExpired: boolean;
  capacity: number;
  seatsBooked: number;
  priceMinor: number;
  currency: string;
  timezone: string;
  /** ISO instant of the next session, or null when none is left. */
  nextSessionAt: string | null;
}

/** The actor's sections (every section for an admin) with seats booked and the next session. */
export async function listSectionsFor(actor: Actor | null, now = new Date()): Promise<SectionListRow[]> {
  authorize(actor, "sections.manage");
  const db = await getDb();
  const rows = await db
    .select({
      section: sections,
      courseTitle: courses.title,
      courseSlug: courses.slug,
      publicName: teacherProfiles.publicName,
      reviewPending: teacherProfiles.listingReviewPending,
      clearedUntil: teacherProfiles.clearedUntil,
      displayName: users.displayName,
      email: users.email,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(users, eq(users.id, sections.teacherId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .where(ownedBy(actor))
    .orderBy(asc(courses.title), asc(sections.startsOn), asc(sections.id));
  const ids = rows.map((r) => r.section.id);
  const seatsOf = await liveSeatsBySection(db, ids);
  const horizon = new Date(now.getTime() + SESSION_LOOKAHEAD_DAYS * 86_400_000);
  return rows.map(({ section, courseTitle, courseSlug, publicName, reviewPending, clearedUntil, displayName, email }) => ({
    id: section.id,
    courseTitle,
    courseSlug,
    teacherName: publicName ?? displayName ?? email,
    classType: section.classType,
    status: section.status,
    inReview: reviewPending === true && (section.status === "open" || section.status === "full"),
    checkExpired: clearedUntil !== null && clearedUntil <= now && (section.status === "open" || section.status === "full"),
    capacity: section.capacity,
    seatsBooked: seatsOf.get(section.id) ?? 0,
    priceMinor: section.priceMinor,
    currency: section.currency,
    timezone: section.timezone,
    nextSessionAt: nextSessionOf(section, now, horizon),
  }));
}

function nextSessionOf(section: SectionRow, now: Date, horizon: Date): string | null {
  // A week at a time: the next session of a weekly section is almost always in the first.
  for (let from = now; from < horizon; from = new Date(from.getTime() + 7 * 86_400_000)) {
    const to = new Date(Math.min(from.getTime() + 7 * 86_400_000, horizon.getTime()));
    const [first] = sectionSessions(section, from, to);
    if (first) return first.startsAt;
  }
  return null;
}

/** What the section form offers the actor: courses, teachers (an admin's choice; null for a teacher), and blank values. */
export async function sectionFormSetup(actor: Actor | null, now = new Date()) {
  authorize(actor, "sections.manage");
  const courseOptions = await listSectionCourseOptions(actor);
  const teachers = actor.role === "admin" ? await listTeacherOptions() : null;
  const teacherId = teachers ? (teachers[0]?.id ?? actor.id) : actor.id;
  const timezone = await teacherTimezone(teacherId);
  const blank: SectionFormValues = {
    courseId: String(courseOptions[0]?.id ?? ""),
    teacherId: String(teacherId),
    classType: "group",
    capacity: "6",
    price: "",
    currency: env.CURRENCY,
    startsOn: todayIn(timezone, now),
    endsOn: "",
    weekdays: [],
    startTime: "16:00",
    timezone,
    durationMinutes: "60",
    meetingUrl: "",
    status: "draft",
  };
  return { courses: courseOptions, teachers, blank };
}
