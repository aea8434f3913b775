import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import type { Database } from "@/lib/platform/db/client";
import { bookings, sections, teacherProfiles, users } from "@/lib/platform/db/schema";

import { addChild, newFamily, newSection } from "./commerce-fixtures";

/**
 * Issue 28's fixtures: a family with a child seated (a confirmed seat booking) in a section of a
 * new teacher, as the actors that take part in its thread.
 */
export async function familyWithSeat(db: Database, names: { parent?: string; teacher?: string } = {}) {
  const family = await newFamily(db);
  const { bookingId, sectionId, teacherId } = await seatForParent(db, family.parentId, family.learnerId);
  await db
    .update(users)
    .set({ displayName: names.parent ?? "Priya Rao" })
    .where(eq(users.id, family.parentId));
  await db
    .update(users)
    .set({ displayName: names.teacher ?? "Ms Lopez" })
    .where(eq(users.id, teacherId));
  // Families see a teacher by their public name (issue 38): the same name, so the threads read it.
  await db
    .update(teacherProfiles)
    .set({ publicName: names.teacher ?? "Ms Lopez" })
    .where(eq(teacherProfiles.userId, teacherId));
  const parent = await actorOf(db, family.parentId);
  const teacher = await actorOf(db, teacherId);
  return { bookingId, sectionId, parent, teacher, learnerId: family.learnerId };
}

/** A confirmed seat for a child of `parentId` (a new one, "Ada", unless given) in a section of a new teacher. */
export async function seatForParent(db: Database, parentId: number, learnerId?: number) {
  const sectionId = await newSection(db);
  const [section] = await db
    .select({ teacherId: sections.teacherId, courseId: sections.courseId })
    .from(sections)
    .where(eq(sections.id, sectionId));
  const childId = learnerId ?? (await addChild(db, parentId, "Ada"));
  const startsAt = new Date(Date.now() + 7 * 86_400_000);
  const [booking] = await db
    .insert(bookings)
    .values({
      kind: "seat",
      learnerId: childId,
      teacherId: section!.teacherId,
      sectionId,
      courseId: section!.courseId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      status: "confirmed",
      token: randomUUID(),
    })
    .returning({ id: bookings.id });
  return { bookingId: booking!.id, sectionId, teacherId: section!.teacherId };
}

async function actorOf(db: Database, id: number): Promise<Actor> {
  const [row] = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, id));
  return { id, email: row!.email, role: row!.role };
}

/** The session a route handler or server action would see for `actor` (test/action-context.ts). */
export function sessionOf(actor: Actor): SessionUser {
  return {
    id: `uid-${actor.id}`,
    name: null,
    email: actor.email,
    displayName: null,
    photoURL: null,
    role: actor.role,
    databaseId: actor.id,
    emailVerified: true,
  };
}
