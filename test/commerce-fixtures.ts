import { randomUUID } from "node:crypto";

import type { Database } from "@/lib/platform/db/client";
import { ledgerEntries, learners, sections, users, wallets } from "@/lib/platform/db/schema";

import { EVERY_DAY, newCourse, newTeacher } from "./scheduling-fixtures";

/** An open group section of a new course, USD, sessions every Monday and Thursday from today for a year. */
export async function newSection(
  db: Database,
  values: { capacity?: number; priceMinor?: number; status?: "draft" | "open" | "full" | "closed"; currency?: string } = {},
) {
  const teacherId = await newTeacher(db, "America/New_York", EVERY_DAY(9 * 60, 17 * 60));
  const courseId = await newCourse(db, teacherId);
  const today = new Date().toISOString().slice(0, 10);
  const [row] = await db
    .insert(sections)
    .values({
      courseId,
      teacherId,
      classType: "group",
      capacity: values.capacity ?? 10,
      priceMinor: values.priceMinor ?? 10_000,
      currency: values.currency ?? "USD",
      startsOn: today,
      startMinute: 16 * 60,
      timezone: "America/New_York",
      rrule: "FREQ=WEEKLY;BYDAY=MO,TH",
      durationMinutes: 60,
      status: values.status ?? "open",
    })
    .returning({ id: sections.id });
  return row!.id;
}

/** A parent with one child and, optionally, a promotion credit in their wallet. */
export async function newFamily(db: Database, creditMinor = 0) {
  const [user] = await db
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email: `p-${randomUUID().slice(0, 8)}@example.com`, timezone: "America/Los_Angeles" })
    .returning({ id: users.id });
  const parentId = user!.id;
  const [child] = await db.insert(learners).values({ parentId, firstName: "Ada", grade: 5 }).returning({ id: learners.id });
  if (creditMinor > 0) {
    await db.insert(wallets).values({ userId: parentId });
    await db.insert(ledgerEntries).values({ userId: parentId, kind: "promotion", amountMinor: creditMinor, currency: "USD" });
  }
  return { parentId, learnerId: child!.id };
}

export async function addChild(db: Database, parentId: number, firstName: string) {
  const [child] = await db.insert(learners).values({ parentId, firstName, grade: 4 }).returning({ id: learners.id });
  return child!.id;
}
