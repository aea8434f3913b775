import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { setHomework } from "@/lib/homework/tasks";
import type { Actor } from "@/lib/platform/auth/permissions";
import type { Database } from "@/lib/platform/db/client";
import { bookings, sections } from "@/lib/platform/db/schema";
import { sectionSessions } from "@/lib/scheduling/sessions";

import { newFamily, newSection } from "./commerce-fixtures";

const DAY = 86_400_000;
const teacher = (id: number): Actor => ({ id, email: `t${id}@example.com`, role: "teacher" });

/** A section (teacher in New York) with one family seated, a task on its first session due two days later. */
export async function seatedClassWithHomework(db: Database) {
  const sectionId = await newSection(db);
  const [section] = await db.select().from(sections).where(eq(sections.id, sectionId));
  const family = await newFamily(db);
  await db.insert(bookings).values({
    kind: "seat",
    learnerId: family.learnerId,
    teacherId: section!.teacherId,
    sectionId,
    courseId: section!.courseId,
    startsAt: new Date(Date.now() - DAY),
    endsAt: new Date(Date.now() - DAY + 3_600_000),
    status: "confirmed",
    token: randomUUID(),
  });
  const [session] = sectionSessions(section!, new Date(Date.now() - DAY), new Date(Date.now() + 14 * DAY));
  const startsAt = new Date(session!.startsAt);
  // Two days after the session, at 17:00 in the teacher's zone (New York).
  const dueDay = new Date(startsAt.getTime() + 2 * DAY).toISOString().slice(0, 10);
  const { taskId } = await setHomework(
    db,
    teacher(section!.teacherId),
    {
      sectionId,
      sessionStartsAt: session!.startsAt,
      title: "Draw a maze",
      instructions: "Draw a maze your sprite can solve, then photograph it.",
      dueLocal: `${dueDay}T17:00`,
      resourceUrl: "https://code.org/maze",
    },
    "America/New_York",
  );
  return { section: section!, family, taskId, startsAt };
}
