import { eq } from "drizzle-orm";

import type { Database } from "@/lib/platform/db/client";
import { bookings, orderItems, sections } from "@/lib/platform/db/schema";

import { newTeacher, EVERY_DAY } from "./scheduling-fixtures";

/** Another section of the same course as `sectionId` (issue 27 transfers): another teacher, day and time, price and capacity as given. */
export async function newSectionOfSameCourse(
  db: Database,
  sectionId: number,
  values: {
    capacity?: number;
    priceMinor?: number;
    status?: "draft" | "open" | "full" | "closed";
    endsOn?: string;
    startsOn?: string;
  } = {},
) {
  const [base] = await db.select().from(sections).where(eq(sections.id, sectionId));
  const teacherId = await newTeacher(db, "Europe/London", EVERY_DAY(9 * 60, 20 * 60));
  const { id: _id, createdAt: _c, updatedAt: _u, scheduleVersion: _v, ...rest } = base!;
  const [row] = await db
    .insert(sections)
    .values({
      ...rest,
      teacherId,
      timezone: "Europe/London",
      startMinute: 17 * 60,
      rrule: "FREQ=WEEKLY;BYDAY=TU,FR",
      capacity: values.capacity ?? 10,
      priceMinor: values.priceMinor ?? base!.priceMinor,
      status: values.status ?? "open",
      ...(values.startsOn ? { startsOn: values.startsOn } : {}),
      ...(values.endsOn ? { endsOn: values.endsOn } : {}),
    })
    .returning({ id: sections.id });
  return row!.id;
}

/** The order item of a learner's seat (what /my-courses names when it moves or withdraws a seat). */
export async function orderItemOf(db: Database, learnerId: number) {
  const [row] = await db
    .select({ id: orderItems.id, bookingId: orderItems.bookingId, sectionId: orderItems.sectionId, priceMinor: orderItems.priceMinor })
    .from(orderItems)
    .where(eq(orderItems.learnerId, learnerId));
  return row!;
}

/** A learner's seat booking. */
export async function seatOf(db: Database, learnerId: number) {
  const [row] = await db.select().from(bookings).where(eq(bookings.learnerId, learnerId));
  return row!;
}
