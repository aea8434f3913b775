import { asc, eq } from "drizzle-orm";

import { confirmSeats } from "@/lib/commerce/seats/confirm";
import { lockSections, moveSeats, writeSeat } from "@/lib/commerce/seats/seats";
import type { Database, Transaction } from "@/lib/platform/db/client";
import { bookings, orderItems, orders, seatSessions, sections } from "@/lib/platform/db/schema";

import { EVERY_DAY, newCourse, newTeacher } from "./scheduling-fixtures";

/**
 * A section on fixed dates (issue 39's reproductions): weekly on Wednesdays at 17:00 New York from
 * 3 March 2027, `weeks` sessions (12 by default: to 19 May), open, or open-ended (`weeks: null`).
 */
export async function weeklySection(
  db: Database,
  values: {
    priceMinor: number;
    weeks?: number | null;
    courseId?: number;
    teacherId?: number;
    capacity?: number;
    startsOn?: string;
    /** Another weekly rule (default: Wednesdays). */
    rrule?: string;
  },
) {
  const teacherId = values.teacherId ?? (await newTeacher(db, "America/New_York", EVERY_DAY(8 * 60, 22 * 60)));
  const courseId = values.courseId ?? (await newCourse(db, teacherId));
  const startsOn = values.startsOn ?? "2027-03-03";
  const weeks = values.weeks === undefined ? 12 : values.weeks;
  const endsOn =
    weeks === null ? null : new Date(Date.parse(`${startsOn}T00:00:00Z`) + (weeks - 1) * 7 * 86_400_000).toISOString().slice(0, 10);
  const [row] = await db
    .insert(sections)
    .values({
      courseId,
      teacherId,
      classType: "group",
      capacity: values.capacity ?? 10,
      priceMinor: values.priceMinor,
      currency: "USD",
      startsOn,
      endsOn,
      startMinute: 17 * 60,
      timezone: "America/New_York",
      rrule: values.rrule ?? "FREQ=WEEKLY;BYDAY=WE",
      durationMinutes: 60,
      status: "open",
    })
    .returning();
  return row!;
}

/** The entitlements of a learner's seat (every row, oldest first). */
export async function entitlementsOf(db: Database, learnerId: number) {
  return db
    .select({
      orderItemId: seatSessions.orderItemId,
      sectionId: seatSessions.sectionId,
      occurrence: seatSessions.occurrence,
      valueMinor: seatSessions.valueMinor,
      status: seatSessions.status,
    })
    .from(seatSessions)
    .innerJoin(bookings, eq(bookings.id, seatSessions.bookingId))
    .where(eq(bookings.learnerId, learnerId))
    .orderBy(asc(seatSessions.id));
}

/** The order item of a learner's (only) seat. */
export async function orderItemOf(db: Database, learnerId: number) {
  const [row] = await db.select().from(orderItems).where(eq(orderItems.learnerId, learnerId));
  return row!;
}

/**
 * A seat held in a section for a pending card order of its family (as a card checkout leaves it),
 * written as the checkout writes one: the booking, its order and its order item.
 */
export async function heldSeatInOrder(db: Database, sectionId: number, family: { parentId: number; learnerId: number }) {
  return db.transaction(async (tx) => {
    const locked = await lockSections(tx, [sectionId]);
    const section = locked.get(sectionId)!;
    const seatId = await writeSeat(tx, section, family.learnerId, "held", family.parentId, new Date());
    const [order] = await tx
      .insert(orders)
      .values({
        userId: family.parentId,
        status: "pending",
        currency: "USD",
        totalMinor: section.priceMinor,
        walletMinor: 0,
        cardMinor: section.priceMinor,
      })
      .returning({ id: orders.id });
    await tx
      .insert(orderItems)
      .values({ orderId: order!.id, sectionId, learnerId: family.learnerId, priceMinor: section.priceMinor, bookingId: seatId });
    return { seatId, orderId: order!.id };
  });
}

/** What the card webhook does once paid, in the caller's transaction: the held seat confirmed, then confirmSeats. */
export async function confirmHeldSeat(tx: Transaction, seat: { seatId: string; orderId: string }, userId: number, sectionId: number) {
  const now = new Date();
  return confirmSeats(tx, {
    userId,
    wanted: [],
    now,
    locked: await lockSections(tx, [sectionId]),
    write: async () => {
      await moveSeats(tx, [seat.seatId], "held", "confirmed", now);
      return { orderId: seat.orderId, paid: true, result: undefined };
    },
  });
}
