import "server-only";

import { and, eq, inArray, isNotNull, notExists } from "drizzle-orm";

import type { Database, Transaction } from "@/lib/platform/db/client";
import { bookings, orderItems, orders, seatSessions, sessionChanges, sessionCredits } from "@/lib/platform/db/schema/index";

import { lockSections } from "./seats";
import { occurrencesBought, writeEntitlements } from "./entitlements";

/**
 * The data migration of issue 39: seats paid before entitlements existed get theirs, from the
 * section's schedule as it is when this runs (the best record there is of what they bought) and the
 * price of their order item. A seat's occurrences come from an RRULE, which SQL cannot expand, so
 * this runs at start (lib/wiring/start.ts) after the SQL migrations, not as one of them; it writes
 * only seats that have none, one section at a time under its lock, so instances starting together
 * and later runs write nothing twice. Returns how many seats it gave entitlements.
 */
export async function giveExistingSeatsEntitlements(db: Database, now = new Date()): Promise<number> {
  const missing = () =>
    db
      .selectDistinct({ sectionId: orderItems.sectionId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
      .where(
        and(
          eq(orders.status, "paid"),
          isNotNull(orderItems.bookingId),
          inArray(bookings.status, ["confirmed", "attended", "no_show"]),
          notExists(db.select({ id: seatSessions.id }).from(seatSessions).where(eq(seatSessions.orderItemId, orderItems.id))),
        ),
      );
  let given = 0;
  for (const { sectionId } of await missing()) {
    given += await db.transaction(async (tx) => {
      const locked = await lockSections(tx, [sectionId]);
      const section = locked.get(sectionId);
      const seats = await tx
        .select({
          orderItemId: orderItems.id,
          bookingId: bookings.id,
          sectionId: orderItems.sectionId,
          priceMinor: orderItems.priceMinor,
          firstStartsAt: bookings.startsAt,
          teacherId: bookings.teacherId,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
        .where(
          and(
            eq(orderItems.sectionId, sectionId),
            eq(orders.status, "paid"),
            inArray(bookings.status, ["confirmed", "attended", "no_show"]),
            notExists(tx.select({ id: seatSessions.id }).from(seatSessions).where(eq(seatSessions.orderItemId, orderItems.id))),
          ),
        );
      const credits = await creditsOf(
        tx,
        seats.map((seat) => seat.bookingId),
      );
      for (const seat of seats) {
        // A session already credited keeps the credit's value, settled; the rest of the price is split over the others.
        const credited = credits.filter((credit) => credit.bookingId === seat.bookingId);
        const creditedAt = new Set(credited.map((credit) => credit.occurrence.toISOString()));
        const creditedMinor = credited.reduce((sum, credit) => sum + credit.amountMinor, 0);
        const occurrences = (section ? occurrencesBought(section, seat.firstStartsAt) : []).filter((at) => !creditedAt.has(at));
        await writeEntitlements(tx, [{ ...seat, priceMinor: seat.priceMinor - creditedMinor, occurrences }], now);
        if (credited.length > 0)
          await tx.insert(seatSessions).values(
            credited.map((credit) => ({
              orderItemId: seat.orderItemId,
              bookingId: seat.bookingId,
              sectionId: seat.sectionId,
              teacherId: seat.teacherId,
              occurrence: credit.occurrence,
              valueMinor: credit.amountMinor,
              status: "credited",
              settledAt: now,
              createdAt: now,
            })),
          );
      }
      return seats.length;
    });
  }
  return given;
}

/** The session credits these seats were paid before they had entitlements, with the occurrence each credited. */
function creditsOf(tx: Transaction, bookingIds: string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ bookingId: sessionCredits.bookingId, amountMinor: sessionCredits.amountMinor, occurrence: sessionChanges.originalStartsAt })
    .from(sessionCredits)
    .innerJoin(sessionChanges, eq(sessionChanges.id, sessionCredits.sessionChangeId))
    .where(inArray(sessionCredits.bookingId, bookingIds));
}
