import "server-only";

import { createHash, randomBytes } from "node:crypto";

import { and, eq, gte, inArray, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { bookingUid, calendarInvite, recurringCalendarInvite, type OccurrenceOverride } from "@/lib/notifications/calendar";
import { brand } from "@/lib/platform/brand";
import { getDb } from "@/lib/platform/db/client";
import { teacherNameForFamilies } from "@/lib/platform/db/queries";
import { bookings, calendarFeeds, courses, demoRequests, learners, sections, users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { seatSequence } from "@/lib/scheduling/seat-sequence";
import { withSessionChanges } from "@/lib/scheduling/session-changes";
import type { SessionChange } from "@/lib/scheduling/session-overrides";
import { firstSession } from "@/lib/scheduling/sessions";

import { LEARNER_ACCESS_MESSAGES } from "./schema";

/**
 * Private calendar subscriptions (a family's, a child's, a teacher's): one secret link each,
 * answering every class series (weekly, its moved sessions by RECURRENCE-ID and its cancelled ones
 * STATUS:CANCELLED) and every demo, with the same UIDs as the emailed invites (bookingUid), so a
 * calendar holding both sees one event. Only a hash of the link's token is kept; a new link
 * replaces it, and the old one then answers 404.
 */
export type FeedOwner =
  { scope: "family"; userId: number } | { scope: "learner"; userId: number; learnerId: number } | { scope: "teacher"; userId: number };

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
export const feedUrl = (token: string) => `${brand.siteUrl}/calendar/${token}.ics`;

/** A new link for the owner (the first, or one replacing the last: that one stops working now). */
export async function renewFeed(owner: FeedOwner): Promise<string> {
  const db = await getDb();
  if (owner.scope === "learner") {
    const [child] = await db
      .select({ id: learners.id })
      .from(learners)
      .where(and(eq(learners.id, owner.learnerId), eq(learners.parentId, owner.userId)));
    if (!child) throw new AppError("not-found", LEARNER_ACCESS_MESSAGES.notYours);
  }
  const token = randomBytes(24).toString("base64url");
  const learnerId = owner.scope === "learner" ? owner.learnerId : null;
  const now = new Date();
  const tokenHash = hashOf(token);
  // One link per owner (the unique index): the first is inserted, a later one replaces its token.
  const inserted = await db
    .insert(calendarFeeds)
    .values({ scope: owner.scope, userId: owner.userId, learnerId, tokenHash, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: calendarFeeds.id });
  if (inserted.length === 0) {
    await db
      .update(calendarFeeds)
      .set({ tokenHash, updatedAt: now })
      .where(
        and(
          eq(calendarFeeds.scope, owner.scope),
          eq(calendarFeeds.userId, owner.userId),
          learnerId === null ? isNull(calendarFeeds.learnerId) : eq(calendarFeeds.learnerId, learnerId),
        ),
      );
  }
  return feedUrl(token);
}

/** Which of the owner's feeds exist (their links cannot be shown again: only renewed). */
export async function listFeeds(userId: number): Promise<Array<{ scope: FeedOwner["scope"]; learnerId: number | null; updatedAt: Date }>> {
  const db = await getDb();
  return db
    .select({ scope: calendarFeeds.scope, learnerId: calendarFeeds.learnerId, updatedAt: calendarFeeds.updatedAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
}

/** The calendar a link answers, or null (no such link, or replaced since). */
export async function feedCalendar(token: string, now = new Date()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const db = await getDb();
  const [feed] = await db
    .select({ scope: calendarFeeds.scope, userId: calendarFeeds.userId, learnerId: calendarFeeds.learnerId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashOf(token)));
  if (!feed) return null;
  const events = feed.scope === "teacher" ? await teacherEvents(feed.userId, now) : await familyEvents(feed.userId, feed.learnerId, now);
  return wrapCalendar(events, feed.scope === "teacher" ? `${brand.name}: my teaching` : `${brand.name}: classes`);
}

/** How far back a feed reaches: a recent past is useful in a calendar, years of it are not. */
const PAST_DAYS = 60;

const teacherUser = alias(users, "feed_teacher");

async function familyEvents(parentId: number, learnerId: number | null, now: Date): Promise<string[]> {
  const db = await getDb();
  const since = new Date(now.getTime() - PAST_DAYS * 86_400_000);
  const whose = learnerId === null ? eq(learners.parentId, parentId) : eq(learners.id, learnerId);
  const [seats, demos] = await Promise.all([
    db
      .select({
        booking: bookings,
        section: sections,
        courseTitle: courses.title,
        learnerName: learners.firstName,
        teacherName: teacherNameForFamilies(teacherUser.id),
      })
      .from(bookings)
      .innerJoin(learners, eq(learners.id, bookings.learnerId))
      .innerJoin(sections, eq(sections.id, bookings.sectionId))
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .leftJoin(teacherUser, eq(teacherUser.id, sections.teacherId))
      .where(and(whose, eq(bookings.kind, "seat"), inArray(bookings.status, ["confirmed", "attended", "no_show"]))),
    db
      .select({ booking: bookings, courseTitle: courses.title, learnerName: learners.firstName })
      .from(bookings)
      .leftJoin(learners, eq(learners.id, bookings.learnerId))
      .leftJoin(demoRequests, eq(demoRequests.id, bookings.demoRequestId))
      .leftJoin(courses, eq(courses.id, bookings.courseId))
      .where(
        and(
          eq(bookings.kind, "demo"),
          inArray(bookings.status, ["confirmed", "cancelled", "attended", "no_show"]),
          gte(bookings.endsAt, since),
          learnerId === null
            ? or(eq(learners.parentId, parentId), and(isNull(bookings.learnerId), eq(demoRequests.userId, parentId)))
            : whose,
        ),
      ),
  ]);
  const changes = new Map(
    (
      await withSessionChanges(
        db,
        seats.map((seat) => seat.section),
      )
    ).map((section) => [section.id, section.sessionChanges]),
  );
  return [
    ...seats.flatMap(({ booking, section, courseTitle, learnerName, teacherName }) =>
      seriesEvents(
        recurringCalendarInvite({
          uid: bookingUid(booking.id),
          sequence: seatSequence(booking, section.scheduleVersion),
          title: `${courseTitle} (${learnerName})`,
          description: `${learnerName}'s weekly class with ${teacherName ?? "the teacher"}. Join from ${brand.siteUrl}/learn or ${brand.siteUrl}/my-courses`,
          url: `${brand.siteUrl}/my-courses`,
          startsAt: booking.startsAt.toISOString(),
          endsAt: booking.endsAt.toISOString(),
          method: "PUBLISH",
          zone: section.timezone,
          rrule: section.rrule,
          lastDay: section.endsOn,
          overrides: overridesFrom(
            changes.get(section.id) ?? [],
            booking.startsAt,
            section.durationMinutes,
            `${courseTitle} (${learnerName})`,
          ),
        }),
      ),
    ),
    ...demos.flatMap(({ booking, courseTitle, learnerName }) =>
      demoEvent(booking, `Free demo: ${courseTitle ?? "a class"}${learnerName ? ` (${learnerName})` : ""}`, `${brand.siteUrl}/my-courses`),
    ),
  ];
}

async function teacherEvents(teacherId: number, now: Date): Promise<string[]> {
  const db = await getDb();
  const since = new Date(now.getTime() - PAST_DAYS * 86_400_000);
  const [own, demos] = await Promise.all([
    db
      .select({ section: sections, courseTitle: courses.title })
      .from(sections)
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .where(and(eq(sections.teacherId, teacherId), inArray(sections.status, ["open", "full"]))),
    db
      .select({ booking: bookings, courseTitle: courses.title, learnerName: learners.firstName })
      .from(bookings)
      .leftJoin(learners, eq(learners.id, bookings.learnerId))
      .leftJoin(courses, eq(courses.id, bookings.courseId))
      .where(
        and(
          eq(bookings.teacherId, teacherId),
          eq(bookings.kind, "demo"),
          inArray(bookings.status, ["confirmed", "cancelled", "attended", "no_show"]),
          gte(bookings.endsAt, since),
        ),
      ),
  ]);
  const withChanges = await withSessionChanges(
    db,
    own.map((row) => ({ ...row.section, courseTitle: row.courseTitle })),
  );
  return [
    ...withChanges.flatMap((section) => {
      const first = firstSession(section);
      if (!first) return [];
      return seriesEvents(
        recurringCalendarInvite({
          // A teacher's series is the section's own (its seats each have their family's UID).
          uid: `section-${section.id}@${new URL(brand.siteUrl).host}`,
          sequence: section.scheduleVersion,
          title: section.courseTitle,
          description: `Your ${section.classType === "group" ? "group" : "one-on-one"} class. Attendance and notes: ${brand.siteUrl}/teacher/sections/${section.id}`,
          url: `${brand.siteUrl}/teacher/sections/${section.id}`,
          startsAt: first.startsAt,
          endsAt: first.endsAt,
          method: "PUBLISH",
          zone: section.timezone,
          rrule: section.rrule,
          lastDay: section.endsOn,
          overrides: overridesFrom(section.sessionChanges, new Date(first.startsAt), section.durationMinutes, section.courseTitle),
        }),
      );
    }),
    ...demos.flatMap(({ booking, courseTitle, learnerName }) =>
      demoEvent(
        booking,
        `Free demo: ${courseTitle ?? "a class"}${learnerName ? ` with ${learnerName}` : ""}`,
        `${brand.siteUrl}/teacher/dashboard`,
      ),
    ),
  ];
}

function demoEvent(
  booking: { id: string; startsAt: Date; endsAt: Date; status: string; inviteSequence: number },
  title: string,
  url: string,
): string[] {
  return seriesEvents(
    calendarInvite({
      uid: bookingUid(booking.id),
      sequence: booking.inviteSequence,
      title,
      description: title,
      url,
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
      method: "PUBLISH",
      isCancelled: booking.status === "cancelled",
    }),
  );
}

/**
 * The overrides of a series from its sessions' changes (as the seat invites make them): a moved
 * session at its new time, a cancelled one STATUS:CANCELLED, one with a make-up at the make-up's
 * time. Only occurrences from the series' first session are named (RECURRENCE-ID must be one of them).
 */
function overridesFrom(changes: readonly SessionChange[], seriesStart: Date, durationMinutes: number, title: string): OccurrenceOverride[] {
  return changes
    .filter((change) => Date.parse(change.originalStartsAt) >= seriesStart.getTime())
    .map((change) => {
      const original = new Date(change.originalStartsAt);
      if (change.kind === "moved" && change.startsAt && change.endsAt) {
        return { recurrenceId: original.toISOString(), startsAt: change.startsAt, endsAt: change.endsAt, isCancelled: false };
      }
      if (change.makeupStartsAt && change.makeupEndsAt) {
        return {
          recurrenceId: original.toISOString(),
          startsAt: change.makeupStartsAt,
          endsAt: change.makeupEndsAt,
          isCancelled: false,
          title: `Make-up session: ${title}`,
        };
      }
      const end = new Date(original.getTime() + durationMinutes * 60_000).toISOString();
      return { recurrenceId: original.toISOString(), startsAt: original.toISOString(), endsAt: end, isCancelled: true };
    });
}

/** The VTIMEZONE and VEVENT blocks of one generated calendar, to be put in the feed's one VCALENDAR. */
function seriesEvents(calendar: string): string[] {
  const blocks: string[] = [];
  let current: string[] | null = null;
  let endLine = "";
  for (const line of calendar.split("\r\n")) {
    if (!current && (line === "BEGIN:VTIMEZONE" || line === "BEGIN:VEVENT")) {
      current = [];
      endLine = line.replace("BEGIN:", "END:");
    }
    if (!current) continue;
    current.push(line);
    if (line === endLine) {
      blocks.push(current.join("\r\n"));
      current = null;
    }
  }
  return blocks;
}

function wrapCalendar(blocks: string[], name: string): string {
  const zones = new Map<string, string>();
  const events: string[] = [];
  for (const block of blocks) {
    if (block.startsWith("BEGIN:VTIMEZONE")) {
      const tzid = /\r\nTZID:([^\r\n]+)/.exec(block)?.[1] ?? block;
      zones.set(tzid, block);
    } else events.push(block);
  }
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `PRODID:-//${brand.name}//calendar feed//EN`,
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${name.replace(/[\r\n,;]/g, " ")}`,
    ...zones.values(),
    ...events,
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}
