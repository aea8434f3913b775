import "server-only";

import { and, eq } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import type { Database } from "@/lib/platform/db/client";
import { teacherNameShown } from "@/lib/platform/db/queries";
import { bookings, courses, learners, sections, teacherProfiles, users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { withSessionChanges } from "@/lib/scheduling/session-changes";
import type { SessionChange } from "@/lib/scheduling/session-overrides";

import { HOMEWORK_MESSAGES as M } from "./messages";

export type TaughtSection = typeof sections.$inferSelect & { sessionChanges: SessionChange[]; courseTitle: string };

/** The section, if the actor teaches it (an admin: any); the same refusal for another's and for none. */
export async function taughtSection(db: Database, actor: Actor | null, sectionId: number): Promise<TaughtSection> {
  authorize(actor, "homework.teach");
  const owner = actor.role === "admin" ? undefined : eq(sections.teacherId, actor.id);
  const [row] = await db
    .select({ section: sections, courseTitle: courses.title })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(and(eq(sections.id, sectionId), owner))
    .limit(1);
  if (!row) throw new AppError("forbidden", M.notYourSection);
  const [section] = await withSessionChanges(db, [row.section]);
  return { ...section!, courseTitle: row.courseTitle };
}

/** The children with a confirmed seat in the section, by first name. */
export async function seatedLearners(db: Pick<Database, "selectDistinct">, sectionId: number) {
  const rows = await db
    .selectDistinct({ learnerId: learners.id, firstName: learners.firstName, parentId: learners.parentId })
    .from(bookings)
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(and(eq(bookings.sectionId, sectionId), eq(bookings.kind, "seat"), eq(bookings.status, "confirmed")));
  return rows.sort((a, b) => a.firstName.localeCompare(b.firstName));
}

/** Whether this parent's child has a confirmed seat in the section. */
export async function isSeatedChildOf(db: Pick<Database, "select">, parentId: number, learnerId: number, sectionId: number) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(
      and(
        eq(bookings.sectionId, sectionId),
        eq(bookings.learnerId, learnerId),
        eq(learners.parentId, parentId),
        eq(bookings.kind, "seat"),
        eq(bookings.status, "confirmed"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A person's first name as printed on what families and the public see ("Asha" of "Asha Rao"). */
export function firstNameOf(displayName: string | null | undefined, fallback: string): string {
  const first = (displayName ?? "").trim().split(/\s+/)[0];
  return first || fallback;
}

/** How a certificate names the teacher (issue 38): the public name families know them by ("Ms. Harper"), else the account's first name. */
export async function teacherFirstName(db: Pick<Database, "select">, teacherId: number): Promise<string> {
  const [row] = await db
    .select({ publicName: teacherProfiles.publicName, name: users.displayName })
    .from(users)
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
    .where(eq(users.id, teacherId));
  return teacherNameShown(row?.publicName, firstNameOf(row?.name, "their teacher"))!;
}
