import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { lockWallet, writeEntry } from "@/lib/commerce/wallet/ledger";
import type { Database } from "@/lib/platform/db/client";
import { bookings, classroomPresence, classroomRooms, sections } from "@/lib/platform/db/schema";
import { sectionSessions } from "@/lib/scheduling/sessions";

import { newFamily, newSection } from "./commerce-fixtures";

const MINUTE = 60_000;

/** A section meeting every day in UTC, its session today starting `startsInMinutes` from now (60 minutes long). */
export async function dailySection(db: Database, startsInMinutes: number) {
  const sectionId = await newSection(db);
  const start = new Date(Math.floor((Date.now() + startsInMinutes * MINUTE) / MINUTE) * MINUTE);
  await db
    .update(sections)
    .set({
      startsOn: start.toISOString().slice(0, 10),
      startMinute: start.getUTCHours() * 60 + start.getUTCMinutes(),
      timezone: "UTC",
      rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU",
    })
    .where(eq(sections.id, sectionId));
  const [section] = await db.select().from(sections).where(eq(sections.id, sectionId));
  return { section: section!, start };
}

/**
 * A seat paid as a family pays one (checkout, from a credit of exactly its price), bought at
 * `boughtAt`: its booking, order item and the sessions it holds (seat_sessions), the record the
 * classroom reads to know which sessions a seat opens.
 */
export async function paidSeat(
  db: Database,
  section: { id: number; priceMinor: number },
  family: { parentId: number; learnerId: number },
  boughtAt: Date,
) {
  await db.transaction(async (tx) => {
    await lockWallet(tx, family.parentId);
    await writeEntry(tx, { userId: family.parentId, kind: "promotion", amountMinor: section.priceMinor, reason: "Test credit for a seat" });
  });
  await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now: boughtAt });
  return family;
}

/**
 * An open section with one family seated in it (a confirmed seat's booking row alone, no order: for
 * the classroom's own rules, not the money's), and the section's sessions of the forty days either
 * side of now.
 */
export async function seatedSection(db: Database) {
  const sectionId = await newSection(db);
  const [section] = await db.select().from(sections).where(eq(sections.id, sectionId));
  const family = await newFamily(db);
  await db.insert(bookings).values({
    kind: "seat",
    learnerId: family.learnerId,
    teacherId: section!.teacherId,
    sectionId,
    courseId: section!.courseId,
    startsAt: new Date(),
    endsAt: new Date(Date.now() + 3_600_000),
    status: "confirmed",
    token: randomUUID(),
  });
  const sessions = sectionSessions(section!, new Date(Date.now() - 40 * 86_400_000), new Date(Date.now() + 40 * 86_400_000));
  return { section: section!, ...family, sessions };
}

/**
 * The classroom's room for a session that began at `start`, as the join log leaves it: the family
 * (`learnerUserId`) came in at the start; the teacher first `teacherJoinedAfterMinutes` after it, or
 * never (null). The reliability record reads these rows.
 */
export async function roomWithJoins(
  db: Database,
  {
    section,
    start,
    learnerUserId,
    teacherJoinedAfterMinutes,
  }: {
    section: { id: number; teacherId: number };
    start: Date;
    learnerUserId: number;
    teacherJoinedAfterMinutes: number | null;
  },
): Promise<void> {
  const [room] = await db.insert(classroomRooms).values({ sectionId: section.id, sessionStartsAt: start }).returning();
  const joined = (userId: number, role: "learner" | "teacher", at: Date) =>
    db.insert(classroomPresence).values({ roomId: room!.id, userId, role, state: "admitted", token: randomUUID(), firstJoinedAt: at });
  await joined(learnerUserId, "learner", start);
  if (teacherJoinedAfterMinutes !== null)
    await joined(section.teacherId, "teacher", new Date(start.getTime() + teacherJoinedAfterMinutes * 60_000));
}
