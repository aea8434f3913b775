import "server-only";

import { and, asc, eq, gte, isNotNull, isNull } from "drizzle-orm";

import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import { getDb } from "@/lib/platform/db/client";
import { teacherAvailability, teacherAvailabilityExceptions, teacherProfiles, users } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { screenShared } from "@/lib/platform/security/screen";
import { z } from "@/lib/platform/zod";

import {
  availabilityExceptionSchema,
  timezoneSchema,
  weeklyHoursSchema,
  type AvailabilityExceptionInput,
  type WeeklyHoursInput,
} from "@/lib/scheduling/schema";

export const teacherProfileSchema = z.object({
  publicName: z.string().trim().min(1, "Enter the name families will see.").max(80),
  bio: z.string().trim().max(1000, "Keep the bio under 1,000 characters.").default(""),
  subjects: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  timezone: timezoneSchema,
});
export type TeacherProfileInput = z.input<typeof teacherProfileSchema>;

/**
 * Creates or updates a teacher's profile (not its approval: that is approveTeacherProfile, an
 * admin's act). Issue 40: once approved, a changed bio is not public at once: it waits in
 * `pending_bio` for support's review (lib/teachers/bio-review.ts) and the page keeps the approved
 * text. Contact details are masked out of a bio either way. Answers whether the bio waits.
 */
export async function saveTeacherProfile(userId: number, input: TeacherProfileInput, now = new Date()): Promise<{ isBioHeld: boolean }> {
  const data = parseInput(teacherProfileSchema, input);
  const bio = (await screenShared(undefined, data.bio)).text;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ bio: teacherProfiles.bio, approvedAt: teacherProfiles.approvedAt })
      .from(teacherProfiles)
      .where(eq(teacherProfiles.userId, userId))
      .for("update");
    const isBioHeld = current?.approvedAt != null && bio !== current.bio;
    const fields = isBioHeld
      ? { ...data, bio: current.bio, pendingBio: data.bio, pendingBioAt: now }
      : { ...data, bio, pendingBio: null, pendingBioAt: null };
    await tx
      .insert(teacherProfiles)
      .values({ userId, ...fields })
      .onConflictDoUpdate({ target: teacherProfiles.userId, set: { ...fields, updatedAt: now } });
    // One clock per person: the account follows the profile's zone (setUserTimezone, the other way).
    await tx.update(users).set({ timezone: data.timezone, updatedAt: now }).where(eq(users.id, userId));
    return { isBioHeld };
  });
}

/** An admin approves a teacher: from then on the profile is public and the teacher offers demo slots. */
export async function approveTeacherProfile(userId: number, at = new Date()): Promise<void> {
  const db = await getDb();
  const updated = await db
    .update(teacherProfiles)
    .set({ approvedAt: at, updatedAt: at })
    .where(eq(teacherProfiles.userId, userId))
    .returning();
  if (updated.length === 0) throw new AppError("not-found", "That teacher has no profile yet.");
}

/** The public profile of an approved teacher, or null (an unapproved profile is not public). */
export async function findPublicTeacherProfile(userId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      userId: teacherProfiles.userId,
      publicName: teacherProfiles.publicName,
      bio: teacherProfiles.bio,
      subjects: teacherProfiles.subjects,
      timezone: teacherProfiles.timezone,
    })
    .from(teacherProfiles)
    .where(and(eq(teacherProfiles.userId, userId), isNotNull(teacherProfiles.approvedAt)));
  return row ?? null;
}

/** Replaces a teacher's weekly hours (their own zone) with these; overlapping hours are refused, nothing changed. */
export async function setWeeklyHours(teacherId: number, input: WeeklyHoursInput): Promise<void> {
  const blocks = parseInput(weeklyHoursSchema, input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(teacherAvailability).where(eq(teacherAvailability.teacherId, teacherId));
    if (blocks.length > 0) {
      await tx
        .insert(teacherAvailability)
        .values(blocks.map((b) => ({ teacherId, weekday: b.weekday, startMinute: b.start, endMinute: b.end })));
    }
  });
}

/** A teacher's weekly hours, by day and time. */
export async function listWeeklyHours(teacherId: number) {
  const db = await getDb();
  return db
    .select({
      weekday: teacherAvailability.weekday,
      startMinute: teacherAvailability.startMinute,
      endMinute: teacherAvailability.endMinute,
    })
    .from(teacherAvailability)
    .where(eq(teacherAvailability.teacherId, teacherId))
    .orderBy(teacherAvailability.weekday, teacherAvailability.startMinute);
}

/** Adds a dated exception: a day (or hours) off, or extra hours. */
export async function addAvailabilityException(teacherId: number, input: AvailabilityExceptionInput): Promise<{ id: number }> {
  const data = parseInput(availabilityExceptionSchema, input);
  const db = await getDb();
  const [row] = await db
    .insert(teacherAvailabilityExceptions)
    .values({ teacherId, date: data.date, kind: data.kind, startMinute: data.start ?? null, endMinute: data.end ?? null })
    .returning({ id: teacherAvailabilityExceptions.id });
  if (!row) throw new Error("insert returned no exception");
  return row;
}

/** Removes one of the teacher's own exceptions; false when they have none by that id (someone else's included). */
export async function removeAvailabilityException(teacherId: number, id: number): Promise<boolean> {
  const db = await getDb();
  const removed = await db
    .delete(teacherAvailabilityExceptions)
    .where(and(eq(teacherAvailabilityExceptions.id, id), eq(teacherAvailabilityExceptions.teacherId, teacherId)))
    .returning({ id: teacherAvailabilityExceptions.id });
  return removed.length > 0;
}

/**
 * A person's one zone (set from the browser at first, changeable on the profile). A teacher's is
 * also their teaching profile's (their weekly hours are wall times in it): both change together,
 * so the dashboard and the threads never read two clocks.
 */
export async function setUserTimezone(userId: number, timezone: string): Promise<void> {
  const zone = parseInput(z.object({ timezone: timezoneSchema }), { timezone }).timezone;
  const db = await getDb();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ timezone: zone, updatedAt: now }).where(eq(users.id, userId));
    await tx.update(teacherProfiles).set({ timezone: zone, updatedAt: now }).where(eq(teacherProfiles.userId, userId));
  });
}

/** A teacher's own profile as they edit it (approved or not); null before they have saved one. */
export async function findOwnTeacherProfile(userId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      publicName: teacherProfiles.publicName,
      bio: teacherProfiles.bio,
      pendingBio: teacherProfiles.pendingBio,
      subjects: teacherProfiles.subjects,
      timezone: teacherProfiles.timezone,
      approvedAt: teacherProfiles.approvedAt,
    })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.userId, userId));
  return row ?? null;
}

/** A teacher's exceptions on or after `fromDate` (yyyy-MM-dd in their zone), soonest first. */
export async function listUpcomingExceptions(teacherId: number, fromDate: string) {
  const db = await getDb();
  return db
    .select({
      id: teacherAvailabilityExceptions.id,
      date: teacherAvailabilityExceptions.date,
      kind: teacherAvailabilityExceptions.kind,
      startMinute: teacherAvailabilityExceptions.startMinute,
      endMinute: teacherAvailabilityExceptions.endMinute,
    })
    .from(teacherAvailabilityExceptions)
    .where(and(eq(teacherAvailabilityExceptions.teacherId, teacherId), gte(teacherAvailabilityExceptions.date, fromDate)))
    .orderBy(asc(teacherAvailabilityExceptions.date), asc(teacherAvailabilityExceptions.startMinute));
}

/** Where a user's zone is not set yet (null), pages show instants in this one, named. */
export { FALLBACK_TIMEZONE };

/**
 * A person's zone as stored, the one every page of theirs reads: a teacher's profile zone (their
 * hours' zone), else the account's; null until the browser or the person has given one.
 */
export async function findUserTimezone(userId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ profile: teacherProfiles.timezone, account: users.timezone })
    .from(users)
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.profile ?? row?.account ?? null;
}

/**
 * The browser's zone for a user who has none yet (the first visit of an account page). A zone the
 * person chose is never overwritten: the null check is in the where. True when it was stored.
 */
export async function setUserTimezoneIfUnset(userId: number, timezone: string): Promise<boolean> {
  const zone = parseInput(z.object({ timezone: timezoneSchema }), { timezone }).timezone;
  const db = await getDb();
  const updated = await db
    .update(users)
    .set({ timezone: zone, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.timezone)))
    .returning({ id: users.id });
  return updated.length > 0;
}
