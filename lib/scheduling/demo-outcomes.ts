import "server-only";

import { and, asc, eq, gte, inArray, isNull, lte, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Database } from "@/lib/platform/db/client";
import {
  bookingHistory,
  bookings,
  courses,
  demoOutcomes,
  demoRequests,
  learners,
  sections,
  teacherProfiles,
  users,
} from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";
import { screenShared } from "@/lib/platform/security/screen";

import { DEMO_OUTCOME_MESSAGES, demoOutcomeSchema, type DemoLevel, type DemoOutcomeInput } from "./demo-outcome-schema";
import { demoOutcomeRecorded } from "./events";
import { UNNAMED_CHILD } from "./learners";
import { sectionSessions } from "./sessions";
import { familyZone } from "./family-zone";
import { weeklyTimesLabel } from "./weekly-times";

/** The teacher's dashboard lists past demos without an outcome from this many days back. */
export const OUTCOME_DAYS = 14;

const DAY_MS = 86_400_000;

/** A section a teacher may recommend, as the outcome form and the family's pages name it. */
export interface RecommendableSection {
  id: number;
  /** "Mondays and Thursdays 4:00 PM Eastern Time (New York) with Ms Rivera". */
  label: string;
}

type SectionRow = typeof sections.$inferSelect;

/** The weekly times of a section (its next week of sessions from now, or from its start) in `zone`. */
export function sectionScheduleLabel(section: SectionRow, zone: string, now = new Date()): string {
  const from = new Date(Math.max(now.getTime(), Date.parse(`${section.startsOn}T00:00:00Z`)));
  const week = sectionSessions(section, from, new Date(from.getTime() + 7 * DAY_MS)).map((s) => s.startsAt);
  return week.length > 0 ? weeklyTimesLabel(week, zone) : "no sessions left";
}

/** The child's name as a family's page or email says it: the first name on record, or "your child". */
export function childName(firstName: string | null | undefined): string {
  return firstName && firstName !== UNNAMED_CHILD ? firstName : "your child";
}

/** The open sections of these courses, by course, labelled in `zone` (the teacher's). */
async function openSectionsByCourse(db: Database, courseIds: number[], zone: string, now: Date) {
  const ids = [...new Set(courseIds)];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ section: sections, teacherName: teacherProfiles.publicName })
          .from(sections)
          .leftJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
          .where(and(inArray(sections.courseId, ids), eq(sections.status, "open")))
          .orderBy(asc(sections.id));
  const byCourse = new Map<number, RecommendableSection[]>();
  for (const { section, teacherName } of rows) {
    const list = byCourse.get(section.courseId) ?? [];
    list.push({ id: section.id, label: `${sectionScheduleLabel(section, zone, now)}${teacherName ? ` with ${teacherName}` : ""}` });
    byCourse.set(section.courseId, list);
  }
  return byCourse;
}

export interface DemoNeedingOutcome {
  bookingId: string;
  startsAt: string;
  courseTitle: string;
  /** A child's first name and grade, as the agenda shows them (nothing of the family). */
  firstName: string | null;
  grade: number | null;
  sections: RecommendableSection[];
}

/**
 * The teacher's demos (every teacher's for an admin) that have started in the last OUTCOME_DAYS
 * and have no outcome yet, oldest first, each with the open sections of its course to recommend.
 */
export async function listDemosNeedingOutcome(actor: Actor | null, zone: string, now = new Date()): Promise<DemoNeedingOutcome[]> {
  authorize(actor, "demos.record-outcome");
  const db = await getDb();
  const mine: SQL | undefined = actor.role === "admin" ? undefined : eq(bookings.teacherId, actor.id);
  const rows = await db
    .select({
      bookingId: bookings.id,
      startsAt: bookings.startsAt,
      courseId: bookings.courseId,
      courseTitle: courses.title,
      firstName: learners.firstName,
      learnerGrade: learners.grade,
      requestGrade: demoRequests.grade,
    })
    .from(bookings)
    .innerJoin(courses, eq(courses.id, bookings.courseId))
    .leftJoin(learners, eq(learners.id, bookings.learnerId))
    .leftJoin(demoRequests, eq(demoRequests.id, bookings.demoRequestId))
    .leftJoin(demoOutcomes, eq(demoOutcomes.bookingId, bookings.id))
    .where(
      and(
        mine,
        eq(bookings.kind, "demo"),
        eq(bookings.status, "confirmed"),
        lte(bookings.startsAt, now),
        gte(bookings.startsAt, new Date(now.getTime() - OUTCOME_DAYS * DAY_MS)),
        isNull(demoOutcomes.id),
      ),
    )
    .orderBy(asc(bookings.startsAt));
  const byCourse = await openSectionsByCourse(
    db,
    rows.flatMap((r) => (r.courseId === null ? [] : [r.courseId])),
    zone,
    now,
  );
  return rows.map((row) => ({
    bookingId: row.bookingId,
    startsAt: row.startsAt.toISOString(),
    courseTitle: row.courseTitle,
    firstName: row.firstName,
    grade: row.learnerGrade ?? row.requestGrade,
    sections: row.courseId === null ? [] : (byCourse.get(row.courseId) ?? []),
  }));
}

const notYours = () => new AppError("forbidden", DEMO_OUTCOME_MESSAGES.notYours);

/**
 * Records what happened at a demo: the booking becomes attended or no_show, its outcome row is
 * written (or updated: a second recording corrects the first), and demo.outcome-recorded is
 * emitted, all in one transaction. Refused, with nothing changed: someone else's demo (or none),
 * a demo not yet started, a cancelled one, a recommended section that is not an open section of
 * the demo's course. A no-show keeps no level and no recommendation.
 */
export async function recordDemoOutcome(actor: Actor | null, input: DemoOutcomeInput | Record<string, unknown>, now = new Date()) {
  authorize(actor, "demos.record-outcome");
  const data = parseInput(demoOutcomeSchema, input);
  const attended = data.outcome === "attended";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, data.bookingId)).for("update");
    // Someone else's demo and no demo at all answer alike.
    if (!booking || booking.kind !== "demo") throw notYours();
    if (actor.role !== "admin" && booking.teacherId !== actor.id) throw notYours();
    if (booking.status === "cancelled" || booking.status === "held") throw new AppError("conflict", DEMO_OUTCOME_MESSAGES.cancelled);
    if (booking.startsAt.getTime() > now.getTime()) throw new AppError("conflict", DEMO_OUTCOME_MESSAGES.tooEarly);

    const sectionId = attended ? (data.recommendedSectionId ?? null) : null;
    if (sectionId !== null) {
      const [section] = await tx
        .select({ id: sections.id })
        .from(sections)
        .where(and(eq(sections.id, sectionId), eq(sections.status, "open"), eq(sections.courseId, booking.courseId ?? -1)));
      if (!section) {
        throw new AppError("invalid", DEMO_OUTCOME_MESSAGES.sectionNotOpen, {
          fieldErrors: { recommendedSectionId: DEMO_OUTCOME_MESSAGES.sectionNotOpen },
        });
      }
    }

    const status = attended ? "attended" : "no_show";
    if (booking.status !== status) {
      await tx.update(bookings).set({ status, statusChangedAt: now, changedById: actor.id }).where(eq(bookings.id, booking.id));
      await tx
        .insert(bookingHistory)
        .values({ bookingId: booking.id, fromStatus: booking.status, toStatus: status, byId: actor.id, at: now });
    }
    const values = {
      // Issue 40: the note is emailed to the family and shown on their demo page: contact details masked.
      note: (await screenShared(tx, data.note)).text.slice(0, 1000),
      level: attended ? (data.level ?? null) : null,
      recommendedSectionId: sectionId,
      byId: actor.id,
      at: now,
    };
    await tx
      .insert(demoOutcomes)
      .values({ bookingId: booking.id, ...values })
      .onConflictDoUpdate({ target: demoOutcomes.bookingId, set: values });
    await emit(tx, demoOutcomeRecorded, { bookingId: booking.id });
    return { bookingId: booking.id, status };
  });
}

export interface DemoOutcomeView {
  status: "attended" | "no_show";
  note: string;
  level: DemoLevel | null;
  teacherName: string | null;
  /** The child's name as the family's pages say it ("your child" when none is on record). */
  child: string;
  /** The child's grade, for a seat added for a family without the child on its account. */
  grade: number | null;
  learnerId: number | null;
  learnerParentId: number | null;
  courseTitle: string | null;
  courseSlug: string | null;
  /** The recommended section, when one was chosen and it still takes new seats (open). */
  recommended: { sectionId: number; schedule: string; teacherName: string | null } | null;
}

const parentAccount = alias(users, "parent_account");
const requestAccount = alias(users, "request_account");

/**
 * A demo's outcome as the family sees it (status page, follow-up email, enrol link), the section's
 * times in `zone`, or with null in the family's (familyZone): the page and the email then say the
 * same time in the same words; null when none is recorded.
 */
export async function findDemoOutcome(db: Pick<Database, "select">, bookingId: string, zone: string | null, now = new Date()) {
  const [row] = await db
    .select({
      parentZone: parentAccount.timezone,
      requestAccountZone: requestAccount.timezone,
      bookedZone: bookings.timezone,
      status: bookings.status,
      note: demoOutcomes.note,
      level: demoOutcomes.level,
      teacherName: teacherProfiles.publicName,
      firstName: learners.firstName,
      learnerId: learners.id,
      learnerParentId: learners.parentId,
      learnerGrade: learners.grade,
      requestGrade: demoRequests.grade,
      courseTitle: courses.title,
      courseSlug: courses.slug,
      recommendedSectionId: demoOutcomes.recommendedSectionId,
    })
    .from(demoOutcomes)
    .innerJoin(bookings, eq(bookings.id, demoOutcomes.bookingId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, bookings.teacherId))
    .leftJoin(learners, eq(learners.id, bookings.learnerId))
    .leftJoin(demoRequests, eq(demoRequests.id, bookings.demoRequestId))
    .leftJoin(parentAccount, eq(parentAccount.id, learners.parentId))
    .leftJoin(requestAccount, eq(requestAccount.id, demoRequests.userId))
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .where(eq(demoOutcomes.bookingId, bookingId));
  if (!row || (row.status !== "attended" && row.status !== "no_show")) return null;
  let recommended: DemoOutcomeView["recommended"] = null;
  if (row.recommendedSectionId !== null) {
    const [section] = await db
      .select({ section: sections, teacherName: teacherProfiles.publicName })
      .from(sections)
      .leftJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
      .where(and(eq(sections.id, row.recommendedSectionId), eq(sections.status, "open")));
    if (section) {
      recommended = {
        sectionId: section.section.id,
        schedule: sectionScheduleLabel(section.section, zone ?? familyZone(row), now),
        teacherName: section.teacherName,
      };
    }
  }
  const view: DemoOutcomeView = {
    status: row.status,
    note: row.note,
    level: row.level,
    teacherName: row.teacherName,
    child: childName(row.firstName),
    grade: row.learnerGrade ?? row.requestGrade,
    learnerId: row.learnerId,
    learnerParentId: row.learnerParentId,
    courseTitle: row.courseTitle,
    courseSlug: row.courseSlug,
    recommended,
  };
  return view;
}

/** The button's words: "Enrol Maya in Mondays and Thursdays 4:00 PM Eastern Time (New York)". */
export function enrolLabel(outcome: Pick<DemoOutcomeView, "child" | "recommended" | "courseTitle">): string | null {
  if (!outcome.recommended) return null;
  const child = outcome.child === "your child" ? "your child" : outcome.child;
  return `Enrol ${child} in ${outcome.courseTitle ?? "the class"}, ${outcome.recommended.schedule}`;
}

/** The outcome of each of these demo bookings (support's lead views): attended or no-show. */
export async function outcomesOfBookings(db: Pick<Database, "select">, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, { status: "attended" | "no_show"; level: DemoLevel | null }>();
  const rows = await db
    .select({ bookingId: demoOutcomes.bookingId, status: bookings.status, level: demoOutcomes.level })
    .from(demoOutcomes)
    .innerJoin(bookings, eq(bookings.id, demoOutcomes.bookingId))
    .where(inArray(demoOutcomes.bookingId, bookingIds));
  return new Map(
    rows.flatMap((r) => (r.status === "attended" || r.status === "no_show" ? [[r.bookingId, { status: r.status, level: r.level }]] : [])),
  );
}
